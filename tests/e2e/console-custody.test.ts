import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../system/support/processes.js';
import { launchChromium, screenshotBothWidths, seriousAxeViolations, type Visit } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';
import {
  DEMO,
  apiGet,
  apiSend,
  signInByApi,
  visitSignedIn,
  waitForDemoBook,
  type Session,
} from './support/staff.js';

/**
 * Issue 16, custody: the employee seals a demo loan's gold on its custody page with the
 * admin as the second person (a code sent to the admin's own mobile), puts it in the vault,
 * and, once the loan is repaid, releases it with the customer's code and a weight that
 * differs from the sealed one; the admin resolves the incident it opened. Debian's Chromium
 * against the real server; every step checked against `GET /api/loans/{id}/custody`.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let employee: Session;
let loan: { _id: string; loanId: string; mobile: string };
let v: Visit;
/** Codes already read, so a wait finds the next one. */
const used: string[] = [];

beforeAll(async () => {
  server = await startServer('e2e: console custody');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  employee = await signInByApi(server, 'employee');
  await waitForDemoBook(server, admin.token);
  // The demo leaves its newest open loans for the counter to seal.
  const active = await apiGet(server, '/api/admin/loans?status=active&limit=50', admin.token);
  for (const candidate of active.body.data as Array<{ _id: string; loanId: string; primaryMobile: string }>) {
    const custody = await apiGet(server, `/api/loans/${candidate._id}/custody`, employee.token);
    if (custody.status === 200 && custody.body.data.packet === null) {
      const detail = await apiGet(server, `/api/loans/${candidate._id}`, admin.token);
      loan = { _id: candidate._id, loanId: candidate.loanId, mobile: detail.body.data.primaryMobile };
      break;
    }
  }
  expect(loan, 'a demo loan whose gold is not sealed').toBeDefined();
});

afterAll(async () => {
  await v?.context.close();
  await browser?.close();
  await server?.stop();
});

const custody = async () => (await apiGet(server, `/api/loans/${loan._id}/custody`, admin.token)).body.data;
const dialog = (page: Page) => page.locator('dialog[open]');

async function expectAxeClean(page: Page, what: string): Promise<void> {
  expect(await seriousAxeViolations(page), `axe on ${what}`).toEqual([]);
}

/** The admin confirms as the second person with a code sent to their own mobile (a minute after the last). */
async function confirmByAdminCode(page: Page): Promise<void> {
  await server.advanceClock(61_000);
  const d = dialog(page);
  await d.getByLabel('Their email or mobile').fill(DEMO.admin.mobile);
  await d.getByRole('radio', { name: 'Code to their mobile' }).check();
  await d.getByRole('button', { name: 'Send code', exact: true }).click();
  await d.getByText("Code sent to the second person's mobile").waitFor();
  const code = await server.codeFor(DEMO.admin.mobile, { purpose: 'custody_confirmation_otp', notIn: used });
  used.push(code);
  await d.getByLabel('Code from their mobile').fill(code);
}

async function movementsShown(page: Page, count: number): Promise<void> {
  await waitUntil(
    async () => (await page.getByRole('list', { name: 'Packet movements' }).locator('li').count()) === count,
    {
      timeoutMs: 15_000,
      intervalMs: 200,
      describe: () => `${count} movements on the page`,
    },
  );
}

describe('the custody page of a loan', () => {
  it('shows the gold as not sealed, then seals it with the admin’s own code as the second person', async () => {
    v = await visitSignedIn(browser, server, employee);
    const { page } = v;
    await page.goto(`/employee/loans/${loan._id}/custody`);
    await page.getByRole('heading', { name: 'Custody of gold', level: 1 }).waitFor();
    await page.getByText('Gold not sealed').waitFor();
    await expectAxeClean(page, 'an unsealed loan’s custody page');

    await page.getByRole('button', { name: 'Seal gold' }).click();
    await dialog(page).getByLabel('Sealed gross weight (g)').fill('30.125');
    // The employee cannot be their own second person.
    await dialog(page).getByLabel('Their email or mobile').fill(DEMO.employee.email);
    await dialog(page).getByLabel('Their password').fill('anything');
    await dialog(page).getByRole('button', { name: 'Seal gold' }).click();
    await dialog(page)
      .getByText(/must be a different member of staff/)
      .waitFor();

    await confirmByAdminCode(page);
    await expectAxeClean(page, 'the seal dialog');
    await screenshotBothWidths(page, 'console-custody-seal-dialog');
    await dialog(page).getByRole('button', { name: 'Seal gold' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    const sealed = await custody();
    expect(sealed.packet).toMatchObject({ status: 'sealed', sealedGrossWeightMg: 30_125 });
    expect(sealed.packet.movements[0].confirmedBy).toMatchObject({ name: 'Asha Rao (Admin)', method: 'otp' });
    await page.getByText(sealed.packet.packetNumber, { exact: true }).waitFor();
  });

  it('puts it in the vault, where the page shows it with its movements', async () => {
    const { page } = v;
    await page.getByRole('button', { name: 'Put in vault' }).click();
    await dialog(page).getByLabel('Safe').selectOption('Safe 2');
    await dialog(page).getByLabel('Tray / slot').fill('B4');
    await confirmByAdminCode(page);
    await dialog(page).getByRole('button', { name: 'Put in vault' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await page.getByText('GoldLedger Main Branch vault: Safe 2, tray/slot B4').waitFor();
    await movementsShown(page, 2);
    expect((await custody()).packet).toMatchObject({
      status: 'in_vault',
      location: { safe: 'Safe 2', slot: 'B4' },
    });
    await expectAxeClean(page, 'the custody page with a packet in the vault');
    await screenshotBothWidths(page, 'console-custody');
  });

  it('releases it once the loan is repaid, with the customer’s code and the weight; a difference opens an incident', async () => {
    const quote = await apiSend(
      server,
      'POST',
      `/api/loans/${loan._id}/calculate-early-repayment`,
      employee.token,
      {},
    );
    const paid = await apiSend(server, 'POST', `/api/loans/${loan._id}/payment`, employee.token, {
      amount: quote.body.totalDue,
      paymentMethod: 'handcash',
    });
    expect(paid.body.data.loan.status).toBe('closed');
    const { page } = v;
    await page.reload();
    await page.getByRole('button', { name: 'Take out of vault' }).click();
    await dialog(page).getByLabel('Purpose').selectOption('release');
    await dialog(page).getByLabel('Reason').fill('Loan repaid; customer at the counter');
    await confirmByAdminCode(page);
    await dialog(page).getByRole('button', { name: 'Take out of vault' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Release to customer' }).click();
    await dialog(page).getByRole('button', { name: 'Send code to customer' }).click();
    await dialog(page)
      .getByText(/Code sent to the customer's mobile ending/)
      .waitFor();
    const customerCode = await server.codeFor(loan.mobile, { purpose: 'custody_release_otp' });
    await dialog(page).getByLabel("Customer's code").fill(customerCode);
    await dialog(page).getByLabel('Weight at release (g)').fill('30.1');
    await confirmByAdminCode(page);
    await expectAxeClean(page, 'the release dialog');
    await screenshotBothWidths(page, 'console-custody-release-dialog');
    await dialog(page).getByRole('button', { name: 'Release to customer' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await page.getByText('Weight difference: incident open').waitFor();
    const released = await custody();
    expect(released.packet.status).toBe('released');
    expect(released.loan.goldReturnStatus).toBe('returned');
    expect(released.packet.incidents).toHaveLength(1);
  });

  it('lists the incident for admins, who resolve it', async () => {
    const a = await visitSignedIn(browser, server, admin);
    try {
      const { page } = a;
      await page.goto('/admin/custody/incidents');
      await page.getByRole('heading', { name: 'Custody incidents', level: 1 }).waitFor();
      const row = page.getByRole('row', { name: new RegExp(loan.loanId) });
      await row.waitFor();
      await expect(row.innerText()).resolves.toContain('-0.025 g');
      await expectAxeClean(page, 'the incidents page');
      await screenshotBothWidths(page, 'console-custody-incidents');
      await row.getByRole('button', { name: /^Resolve incident on PK/ }).click();
      await dialog(page)
        .getByLabel('Resolution')
        .fill('Seal checked on camera; scale recalibrated. Customer signed.');
      await dialog(page).getByRole('button', { name: 'Resolve' }).click();
      await dialog(page).waitFor({ state: 'detached' });
      await page.getByText('No open incidents').waitFor();
      expect((await custody()).packet.incidents[0].resolvedBy.name).toBe('Asha Rao (Admin)');
    } finally {
      await a.context.close();
    }
  });
});
