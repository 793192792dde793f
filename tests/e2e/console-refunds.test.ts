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
 * Issue 15, point 1: what a customer pays beyond what closed their loan is a refund due.
 * A payment back-dated to yesterday closes a demo loan before today's payment, so today's
 * payment is owed back; the admin finds it on Refunds due and records the payout, and the
 * customer's own dashboard says so, in Debian's Chromium against the real server.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let employee: Session;
let customer: Session;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startServer('e2e: console refunds');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  employee = await signInByApi(server, 'employee');
  customer = await signInByApi(server, 'customer');
  await waitForDemoBook(server, admin.token);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Refunds due', () => {
  it('lists a payment made beyond closing and records its payout', async () => {
    const today = todayAtBranch();
    const yesterday = addDays(today, -1);
    // One of the demo customer's own loans, so their dashboard can show the refund after.
    const own = await apiGet(server, '/api/loans/customer', customer.token);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const loan = (
      own.body.data as Array<{ _id: string; loanId: string; status: string; disbursementDate: string }>
    ).find((l) => l.status === 'active' && l.disbursementDate < addDays(today, -3));
    expect(loan, 'an active demo loan older than three days').toBeDefined();

    // A payment today, then the whole of yesterday's closing amount dated yesterday: today's is refunded.
    // At least the interest due today (a bullet or monthly-interest loan may owe more than ₹1,000).
    const now = await apiSend(
      server,
      'POST',
      `/api/loans/${loan!._id}/calculate-early-repayment`,
      employee.token,
      {
        repaymentDate: today,
      },
    );
    const firstAmount = Math.max(1000, Math.ceil(Number(now.body.minimumTotalDue ?? 0)));
    const refund = `₹${firstAmount.toLocaleString('en-IN')}`;
    const first = await apiSend(server, 'POST', `/api/loans/${loan!._id}/payment`, employee.token, {
      amount: firstAmount,
      paymentMethod: 'handcash',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const quote = await apiSend(
      server,
      'POST',
      `/api/loans/${loan!._id}/calculate-early-repayment`,
      employee.token,
      { repaymentDate: yesterday },
    );
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const closing = await apiSend(server, 'POST', `/api/loans/${loan!._id}/payment`, employee.token, {
      amount: quote.body.totalDue,
      paymentMethod: 'handcash',
      repaymentDate: yesterday,
    });
    expect(closing.status, JSON.stringify(closing.body)).toBe(201);
    expect(closing.body.message).toMatch(new RegExp(`${refund}(\\.00)? paid beyond closing is a refund due`));

    const v = await visitSignedIn(browser, server, admin);
    try {
      const page = v.page;
      await page.goto(`${server.url}/admin/refunds`);
      const row = page.locator(`tr[data-loan-id="${loan!.loanId}"]`);
      await row.waitFor({ timeout: 15_000 });
      await expect(row.innerText()).resolves.toContain(refund);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-refunds-page');

      await row.getByRole('button', { name: /Record payout/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByLabel(/Reference/i).fill('NEFT N123456789');
      await screenshotBothWidths(page, 'console-refunds-payout-dialog');
      await dialog.getByRole('button', { name: 'Record payout', exact: true }).click();
      await page.getByText(/Refund recorded; nothing more is due/).waitFor({ timeout: 15_000 });
      await row.waitFor({ state: 'detached', timeout: 15_000 });
    } finally {
      await v.context.close();
    }

    const after = await apiGet(server, '/api/admin/refunds', admin.token);
    expect(after.status).toBe(200);
    expect((after.body.data as Array<{ loanId: string }>).some((r) => r.loanId === loan!.loanId)).toBe(false);

    // The customer sees on that loan's card what was paid back to them.
    const c = await visitSignedIn(browser, server, customer);
    try {
      await c.page.goto(`${server.url}/customer/dashboard`);
      const card = c.page.locator('article', { hasText: loan!.loanId });
      await card.getByText(`Refunded ${refund}`, { exact: false }).waitFor({ timeout: 15_000 });
      await screenshotBothWidths(c.page, 'customer-dashboard-refunded');
    } finally {
      await c.context.close();
    }
  });
});
