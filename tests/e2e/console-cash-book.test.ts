import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshotBothWidths, seriousAxeViolations } from './support/browser.js';
import { startServer, todayAtBranch, type E2eServer } from './support/server.js';
import {
  apiGet,
  apiSend,
  signInByApi,
  visitSignedIn,
  waitForDemoBook,
  type Session,
} from './support/staff.js';

/**
 * Issue 16, point 8: the branch cash book in Debian's Chromium against the real server. The
 * admin starts the main branch's book with today's opening cash; an employee's cash
 * repayment is booked into it; on the cash book page the employee adds an entry, counts the
 * drawer by denomination (the totals follow the typing), closes the day; a cash payment
 * into the closed day is then refused with the message, and the admin's dashboard shows
 * the branch's cash position.
 */

const MAIN = '00000000-0000-4000-8000-0000000b7a01';
let server: E2eServer;
let browser: Browser;
let admin: Session;
let employee: Session;

/** Notes and coins for a whole-rupee amount, largest first. */
function denominations(rupees: number): { notes: Record<string, number>; coins: Record<string, number> } {
  let left = Math.floor(rupees);
  const notes: Record<string, number> = {};
  const coins: Record<string, number> = {};
  for (const v of [2000, 500, 200, 100, 50, 20, 10]) {
    notes[v] = Math.floor(left / v);
    left -= notes[v] * v;
  }
  for (const v of [5, 2, 1]) {
    coins[v] = Math.floor(left / v);
    left -= coins[v] * v;
  }
  return { notes, coins };
}

beforeAll(async () => {
  server = await startServer('e2e: console cash book');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  employee = await signInByApi(server, 'employee');
  await waitForDemoBook(server, admin.token);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Cash Book', () => {
  it('counts and closes a day, after which cash cannot be entered into it', async () => {
    const today = todayAtBranch();
    const started = await apiSend(server, 'POST', `/api/cash-book/${MAIN}/start`, admin.token, {
      startDate: today,
      openingBalance: 100_000,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);

    const loans = await apiGet(server, '/api/employee/loans?status=active&limit=5', employee.token);
    const loan = (loans.body.data as Array<{ _id: string; loanId: string; status: string }>).find(
      (l) => l.status === 'active',
    )!;
    const paid = await apiSend(server, 'POST', `/api/loans/${loan._id}/payment`, employee.token, {
      amount: 1_500,
      paymentMethod: 'handcash',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);

    const v = await visitSignedIn(browser, server, employee);
    try {
      const page = v.page;
      await page.goto(`${server.url}/employee/cash-book`);
      await page.getByRole('heading', { name: 'Cash Book', level: 1 }).waitFor();
      const table = page.getByRole('region', { name: /Movements on/ });
      await table.getByRole('cell', { name: loan.loanId }).first().waitFor({ timeout: 15_000 });

      await page.getByRole('button', { name: 'Add entry' }).click();
      const entry = page.getByRole('dialog');
      await entry.getByLabel('Direction').selectOption('out');
      await entry.getByLabel(/Amount/).fill('250');
      await entry.getByLabel('Reason').fill('Tea and stationery');
      await entry.getByRole('button', { name: 'Record entry' }).click();
      await page.getByText('Cash out of ₹250 recorded.').waitFor({ timeout: 15_000 });
      await table.getByRole('cell', { name: 'Tea and stationery' }).waitFor();

      const day = await apiGet(server, `/api/cash-book/${MAIN}/${today}`, employee.token);
      const expected = day.body.expected as number;
      const { notes, coins } = denominations(expected);
      for (const [v, n] of Object.entries(notes))
        if (n) await page.getByLabel(`Notes of ₹${v}`, { exact: true }).fill(String(n));
      for (const [v, n] of Object.entries(coins))
        if (n) await page.getByLabel(`Coins of ₹${v}`, { exact: true }).fill(String(n));
      const paise = Math.round((expected - Math.floor(expected)) * 100);
      await page
        .getByTestId('count-total')
        .getByText(new RegExp(`Counted ₹${Math.floor(expected).toLocaleString('en-IN')}`))
        .waitFor();
      if (paise === 0) await page.getByText('Matches the expected cash').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-cash-book');

      await page.getByRole('button', { name: 'Record count' }).click();
      await page.getByText(/^Count recorded:/).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Close day' }).click();
      const close = page.getByRole('dialog');
      await close.getByText(/After the close no cash can be entered/).waitFor();
      if (paise !== 0) await close.getByLabel(/Reason/).fill('Paise from a refund are kept in the petty box');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-cash-book-close-dialog');
      await close.getByRole('button', { name: 'Close the day' }).click();
      await page
        .getByText(/is closed; nothing more can be entered into that day/)
        .waitFor({ timeout: 15_000 });
      await page.getByText('Closed', { exact: true }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-cash-book-closed');
      expect(v.pageErrors).toEqual([]);
    } finally {
      await v.context.close();
    }

    const refused = await apiSend(server, 'POST', `/api/loans/${loan._id}/payment`, employee.token, {
      amount: 500,
      paymentMethod: 'handcash',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `The cash book of GoldLedger Main Branch for ${today} is closed; cash cannot be entered into a closed day.`,
    );

    const a = await visitSignedIn(browser, server, admin);
    try {
      await a.page.goto(`${server.url}/admin/dashboard`);
      const row = a.page.locator('tr[data-branch="MAIN"]');
      await row.waitFor({ timeout: 15_000 });
      await expect(row.innerText()).resolves.toMatch(/Closed/);
      await a.page.goto(`${server.url}/admin/cash-book?branch=${MAIN}&date=${today}`);
      await a.page.getByText(/Closed by/).waitFor({ timeout: 15_000 });
      expect(await seriousAxeViolations(a.page)).toEqual([]);
    } finally {
      await a.context.close();
    }
  });
});
