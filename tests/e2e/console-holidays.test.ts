import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshotBothWidths, seriousAxeViolations } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';
import { apiGet, signInByApi, visitSignedIn, type Session } from './support/staff.js';

/**
 * Issue 18, point 1: the holiday calendars per state, in Chromium against the real server.
 * The admin reads a year's holidays, all states and one; declares a holiday in Goa (the
 * page shows the server's refusal of a Sunday first); withdraws it. An employee reads
 * the same page without its buttons.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let employee: Session;
/** A working day at least ten days ahead that is no national holiday, and a Sunday after today. */
let day = '';
let sunday = '';

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

beforeAll(async () => {
  server = await startServer('e2e: console holidays');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  employee = await signInByApi(server, 'employee');
  const { body } = await apiGet(server, '/api/admin/holidays', admin.token);
  const today: string = body.today;
  const national = async (date: string) => {
    const year = await apiGet(server, `/api/admin/holidays?year=${date.slice(0, 4)}`, admin.token);
    return year.body.data.some((h: { date: string }) => h.date === date);
  };
  day = addDays(today, 10);
  while (weekday(day) === 0 || (await national(day))) day = addDays(day, 1);
  sunday = addDays(today, 7 - weekday(today) || 7);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the holidays page', () => {
  it('lists the year’s holidays for every state, and one state’s with the national ones', async () => {
    const v = await visitSignedIn(browser, server, admin);
    try {
      const page = v.page;
      await page.goto(`${server.url}/admin/holidays`);
      await page.getByRole('heading', { name: 'Holidays', level: 1 }).waitFor({ timeout: 15_000 });
      await page.getByLabel('Year').selectOption('2026');
      const republicDay = page.locator('tr[data-date="2026-01-26"][data-scope="national"]');
      await expect(republicDay.innerText()).resolves.toMatch(
        /Mon, 26 Jan 2026[\s\S]*Republic Day[\s\S]*All states/,
      );
      await page.locator('tr[data-date="2026-05-01"][data-scope="Maharashtra"]').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-holidays');
      await expect(page.getByRole('link', { name: 'Holidays' }).getAttribute('aria-current')).resolves.toBe(
        'page',
      );

      await page.getByLabel('State').selectOption('Karnataka');
      await page.getByText(/holidays in 2026 kept in Karnataka/).waitFor();
      await expect(page.locator('tr[data-scope="Maharashtra"]').count()).resolves.toBe(0);
      await expect(page.locator('tr[data-date="2026-12-25"]').count()).resolves.toBe(1);
    } finally {
      await v.context.close();
    }
  });

  it('an admin declares a holiday in Goa (a Sunday is refused with the server’s words), then withdraws it', async () => {
    const v = await visitSignedIn(browser, server, admin);
    try {
      const page = v.page;
      await page.goto(`${server.url}/admin/holidays`);
      await page.getByRole('button', { name: 'Declare Holiday' }).click({ timeout: 15_000 });
      const dialog = page.getByRole('dialog', { name: 'Declare Holiday' });
      await dialog.getByRole('button', { name: 'Declare Holiday' }).click();
      await dialog.getByText('Please choose the date').waitFor();
      await dialog.getByLabel('Date').fill(sunday);
      await dialog.getByLabel('Kept in').selectOption('Goa');
      await dialog.getByLabel('Name').fill('Feast of the Sunday');
      await dialog.getByRole('button', { name: 'Declare Holiday' }).click();
      await dialog.getByText(/is a Sunday: Sundays are never working days, so it needs no holiday/).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-holidays-declare');

      await dialog.getByLabel('Date').fill(day);
      await dialog.getByLabel('Name').fill('Feast of St. Francis Xavier');
      await dialog.getByRole('button', { name: 'Declare Holiday' }).click();
      await page
        .getByText(/is now a holiday in Goa: Feast of St\. Francis Xavier/)
        .waitFor({ timeout: 15_000 });
      await page.getByLabel('Year').selectOption(day.slice(0, 4));
      await page.getByLabel('State').selectOption('Goa');
      const row = page.locator(`tr[data-date="${day}"][data-scope="Goa"]`);
      await expect(row.innerText()).resolves.toMatch(
        /Feast of St\. Francis Xavier[\s\S]*Goa[\s\S]*Declared by/,
      );

      await row.getByRole('button', { name: /^Withdraw Feast of St\. Francis Xavier/ }).click();
      const confirm = page.getByRole('dialog', { name: 'Withdraw Holiday' });
      await confirm.getByRole('button', { name: 'Withdraw' }).click();
      await confirm.getByText('Please say why the holiday is withdrawn').waitFor();
      await confirm.getByLabel('Reason').fill('Declared for the wrong year');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-holidays-withdraw');
      await confirm.getByRole('button', { name: 'Withdraw' }).click();
      await page
        .getByText(/is no longer a holiday in Goa: it is a working day there again/)
        .waitFor({ timeout: 15_000 });
      // The list is fetched again after the withdrawal: the row goes.
      await row.waitFor({ state: 'detached', timeout: 15_000 });
    } finally {
      await v.context.close();
    }
  });

  it('an employee reads the calendars without declaring or withdrawing', async () => {
    const v = await visitSignedIn(browser, server, employee);
    try {
      const page = v.page;
      await page.goto(`${server.url}/employee/holidays`);
      await page.getByRole('heading', { name: 'Holidays', level: 1 }).waitFor({ timeout: 15_000 });
      await page.locator('tr[data-testid="holiday-row"]').first().waitFor();
      await expect(page.getByRole('button', { name: 'Declare Holiday' }).count()).resolves.toBe(0);
      await expect(page.getByRole('button', { name: /^Withdraw/ }).count()).resolves.toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-holidays-employee');
    } finally {
      await v.context.close();
    }
  });
});
