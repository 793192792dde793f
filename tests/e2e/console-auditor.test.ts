import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshotBothWidths, seriousAxeViolations, type Visit } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';
import {
  apiSend,
  signInByApi,
  visitSignedIn,
  waitForDemoBook,
  type Session,
  openLoanRow,
} from './support/staff.js';

/**
 * The auditor (issue 16) in Debian's Chromium against the real server: signed in as the
 * demo auditor, they land on the admin console read-only. Every page reads; no button that
 * would change something is there (the server refuses the write anyway, with 403).
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let auditor: Session;
const visits: Visit[] = [];

beforeAll(async () => {
  server = await startServer('e2e: auditor console');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  auditor = await signInByApi(server, 'auditor');
  await waitForDemoBook(server, admin.token);
}, 180_000);

afterAll(async () => {
  for (const v of visits) await v.context.close();
  await browser?.close();
  await server?.stop();
});

async function open(path: string): Promise<Visit> {
  const v = await visitSignedIn(browser, server, auditor);
  visits.push(v);
  await v.page.goto(path);
  return v;
}

function expectClean(v: Visit): void {
  expect(v.pageErrors, 'uncaught errors in the page').toEqual([]);
  expect(v.foreignRequests, 'requests that left our origin').toEqual([]);
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Console' });

describe('the auditor console', () => {
  it('lands on the admin dashboard, read-only: no Add Loan, no gold-rate form', async () => {
    expect(auditor.user.role).toBe('auditor');
    const v = await open('/admin/dashboard');
    const { page } = v;
    await expect.poll(() => page.getByRole('heading', { name: 'Audit Dashboard' }).count()).toBe(1);
    await expect.poll(() => page.getByText('Auditor · read-only').first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Add New Loan' }).count()).toBe(0);
    expect(await sidebar(page).getByRole('link', { name: 'Add Loan' }).count()).toBe(0);
    await expect.poll(() => sidebar(page).getByRole('link', { name: 'Audit Log' }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('current-gold-rate').count()).toBe(1);
    expect(await page.getByLabel('Gold rate per gram (₹)').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'auditor-dashboard');
    expectClean(v);
  });

  it('reads every loan with its slip and histories, but no Repay, Edit, Renew or Delete', async () => {
    const v = await open('/admin/loans');
    const { page } = v;
    await expect.poll(() => page.getByText('Auditor · read-only').first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Add New Loan' }).count()).toBe(0);
    // The row keeps its one action; the rest are in the expanded row (issue 19).
    const firstRow = page.getByTestId('loan-row').first();
    await firstRow.waitFor();
    await openLoanRow(page, (await firstRow.getAttribute('data-loan-id'))!);
    await expect.poll(() => page.getByRole('button', { name: /^Slip GL/ }).count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByRole('button', { name: /^Payment History GL/ }).count())
      .toBeGreaterThan(0);
    for (const action of ['Repay', 'Edit', 'Renew', 'Delete'])
      expect(await page.getByRole('button', { name: new RegExp(`^${action} GL`) }).count(), action).toBe(0);
    expect(await page.getByRole('link', { name: /^Audit GL/ }).count()).toBeGreaterThan(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'auditor-loans');
    expectClean(v);
  });

  it('reads customers and staff without an Edit or Add in sight', async () => {
    const customers = await open('/admin/customers');
    await expect.poll(() => customers.page.getByRole('table', { name: 'Customers' }).count()).toBe(1);
    expect(await customers.page.getByRole('columnheader', { name: 'Edit' }).count()).toBe(0);
    expect(await customers.page.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    expectClean(customers);

    const staff = await open('/admin/employees');
    await expect.poll(() => staff.page.getByTestId('staff-row').count()).toBeGreaterThan(2);
    for (const name of ['Add Employee', 'Add Admin', 'Add Auditor'])
      expect(await staff.page.getByRole('button', { name }).count(), name).toBe(0);
    // Aadhar numbers reach an auditor masked.
    const body = await staff.page.locator('main').innerText();
    expect(body).not.toMatch(/\b\d{12}\b/);
    expectClean(staff);
  });

  it('is turned away from the add-loan wizard, and the server refuses a write with 403', async () => {
    const v = await open('/admin/add-loan');
    await expect.poll(() => new URL(v.page.url()).pathname).toBe('/');
    const refused = await apiSend(server, 'POST', '/api/settings/update-gold-rate', auditor.token, {
      rate: 7000,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have access to this resource.');
  });
});
