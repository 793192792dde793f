import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../system/support/processes.js';
import {
  launchChromium,
  screenshotBothWidths,
  seriousAxeViolations,
  visit,
  VIEWPORTS,
  type Visit,
} from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

/**
 * The customer dashboard in Debian's Chromium against the real server.
 * The server's first start on an empty store (DEMO_SEED=1) writes a demo loan book with
 * three loans for the demo customer (services/src/demo/loan-book-generator.ts); the test
 * compares what the page shows with what `GET /api/loans/customer` says.
 */

const CUSTOMER = { email: 'customer@demo.local', mobile: '9000000003', name: 'Lakshmi Devi' };

let server: E2eServer;
let browser: Browser;
/** The customer's own answer from the API, once the projector has caught up. */
let book: { data: any[]; portfolio: Record<string, number> };
/** Signed in by the browser, used by the later tests. */
let customer: Visit;

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const money = (amount: number) => rupees.format(amount);

async function signInByApi(identifier: string): Promise<string> {
  const sent = await server.post('/api/auth/send-login-otp', { identifier });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const otp = await server.codeFor(identifier, { purpose: 'login_otp' });
  const verified = await server.post('/api/auth/verify-otp', { identifier, otp });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return verified.body.token as string;
}

/** The customer's loans; undefined while the read model is still being created (503). */
async function customerLoans(token: string): Promise<typeof book | undefined> {
  const res = await fetch(`${server.url}/api/loans/customer`, { headers: { 'x-auth-token': token } });
  if (res.status === 503) return undefined;
  expect(res.status).toBe(200);
  return (await res.json()) as typeof book;
}

beforeAll(async () => {
  server = await startServer('e2e: customer dashboard');
  browser = await launchChromium();
  // The demo book is written at start; the projector fills the read model behind it.
  const token = await signInByApi(CUSTOMER.mobile);
  let previous = '';
  await waitUntil(
    async () => {
      const loans = await customerLoans(token);
      if (!loans) return false;
      book = loans;
      const now = JSON.stringify(book);
      const settled = book.data.length >= 3 && now === previous;
      previous = now;
      return settled;
    },
    {
      timeoutMs: 60_000,
      intervalMs: 500,
      describe: () => `the demo customer's loans: ${previous.slice(0, 200)}`,
    },
  );
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function expectClean(v: Visit): void {
  expect(v.pageErrors, 'uncaught errors in the page').toEqual([]);
  expect(v.foreignRequests, 'requests that left our origin').toEqual([]);
}

async function signInInBrowser(v: Visit): Promise<void> {
  const { page } = v;
  await page.goto('/login');
  await page.getByLabel('Email or mobile number').fill(CUSTOMER.email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByRole('heading', { name: 'Enter OTP' }).waitFor();
  const code = await server.codeFor(CUSTOMER.email, { purpose: 'login_otp' });
  await page.getByLabel('6-digit OTP').fill(code);
  await page.waitForURL('**/customer/dashboard');
}

const card = (page: Page, loanId: string): Locator =>
  page.locator(`[data-testid="loan-card"][data-loan-id="${loanId}"]`);
const text = async (l: Locator) => (await l.innerText()).trim();

describe('the customer dashboard', () => {
  it('shows the signed-in customer their portfolio and every loan with the API’s figures', async () => {
    customer = await visit(browser, server.url);
    const { page } = customer;
    await signInInBrowser(customer);
    await page.getByRole('heading', { name: `Welcome, ${CUSTOMER.name}`, level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Portfolio Summary' }).waitFor();

    const { portfolio } = book;
    expect(await text(page.getByTestId('portfolio-outstanding'))).toBe(money(portfolio.outstanding!));
    expect(await text(page.getByTestId('portfolio-total-paid'))).toBe(money(portfolio.totalPaid!));
    expect(await text(page.getByTestId('portfolio-total-borrowed'))).toBe(money(portfolio.totalBorrowed!));
    expect(await text(page.getByTestId('portfolio-active-loans'))).toBe(String(portfolio.activeLoans));

    expect(await page.getByTestId('loan-card').count()).toBe(book.data.length);
    for (const loan of book.data) {
      const c = card(page, loan.loanId);
      const closed = loan.status === 'closed' || (loan.totalPaid > 0 && loan.remainingBalance <= 0);
      const status = closed ? 'Closed' : `${loan.status.charAt(0).toUpperCase()}${loan.status.slice(1)}`;
      expect(await c.getByRole('heading', { name: `Loan ${loan.loanId}`, exact: true }).isVisible()).toBe(
        true,
      );
      expect(await text(c.getByTestId('loan-amount'))).toBe(money(loan.amount));
      expect(await text(c.getByTestId('total-paid'))).toBe(money(loan.totalPaid));
      expect(await text(c.getByTestId('monthly-payment'))).toBe(money(loan.monthlyPayment));
      expect(await text(c.getByTestId('term'))).toBe(`${loan.term} months`);
      expect(await text(c.getByTestId('interest-rate'))).toContain(`${loan.interestRate}% p.a.`);
      const balance = await text(c.getByTestId('remaining-balance'));
      expect(balance).toContain(money(closed ? 0 : Math.max(0, loan.remainingBalance)));
      expect(balance.includes('Fully Paid'), `${loan.loanId} Fully Paid badge`).toBe(closed);
      expect(await c.getByText(status, { exact: true }).isVisible(), `${loan.loanId} status`).toBe(true);
      // Repaid share: paid over paid plus still owed, 100 % once closed.
      const percent = closed
        ? 100
        : Math.min(99, Math.floor((loan.totalPaid / (loan.totalPaid + loan.remainingBalance)) * 100));
      expect(await text(c.getByTestId('repaid-percent'))).toBe(`${percent}%`);
      expect(await c.getByRole('button', { name: 'View Installments' }).count()).toBe(
        loan.installments.length > 0 ? 1 : 0,
      );
    }
    // Loans with something left to pay come first.
    const shownOrder = await page
      .getByTestId('loan-card')
      .evaluateAll((cards) => cards.map((el) => el.getAttribute('data-loan-id')));
    const open = book.data
      .filter((l) => !(l.status === 'closed' || (l.totalPaid > 0 && l.remainingBalance <= 0)))
      .map((l) => l.loanId);
    expect(shownOrder.slice(0, open.length)).toEqual(open);

    await page.getByRole('heading', { name: 'Need help with your loan?' }).waitFor();
    await page.getByText('Monday to Friday, 9:00 AM to 6:00 PM').waitFor();

    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'customer-dashboard-loans');
    expectClean(customer);
  });

  it('opens a loan’s payment history, lists its payments and downloads one payment’s receipt', async () => {
    const { page } = customer;
    const loan = book.data.find((l) => l.payments.length > 0)!;
    expect(loan, 'a demo loan with payments').toBeDefined();
    await card(page, loan.loanId).getByRole('button', { name: 'View Payment History' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment History' });
    await dialog.waitFor();
    await dialog.getByTestId('payment-row').first().waitFor();
    for (const column of ['Date', 'Amount', 'Method', 'Installment', 'Status']) {
      expect(await dialog.getByRole('columnheader', { name: column, exact: true }).count(), column).toBe(1);
    }
    const payments = (await (
      await fetch(`${server.url}/api/loans/${loan._id}/payments`, {
        headers: { 'x-auth-token': await page.evaluate(() => JSON.parse(localStorage.authState).token) },
      })
    ).json()) as { data: any[] };
    const rows = dialog.getByTestId('payment-row');
    expect(await rows.count()).toBe(payments.data.length);
    const first = payments.data[0];
    const firstRow = await text(rows.first());
    expect(firstRow).toContain(money(first.amount));
    expect(firstRow).toContain(first.method === 'handcash' ? 'Hand Cash' : 'Online Payment');

    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'customer-dashboard-payment-history');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      rows
        .first()
        .getByRole('button', { name: /Download Receipt/ })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Receipt_${first.receiptNumber}.pdf`);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');

    // Esc closes the dialog and gives focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('View Payment History');
    expectClean(customer);
  });

  it('shows a loan’s installments as Paid, Overdue or Pending', async () => {
    const { page } = customer;
    const loan = book.data.find((l) => l.installments.length > 0)!;
    await card(page, loan.loanId).getByRole('button', { name: 'View Installments' }).click();
    const dialog = page.getByRole('dialog', { name: 'Installment Details' });
    await dialog.waitFor();
    const rows = dialog.getByTestId('installment-row');
    expect(await rows.count()).toBe(loan.installments.length);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    for (const [k, inst] of loan.installments.entries()) {
      const expected = inst.status === 'paid' ? 'Paid' : inst.dueDate < today ? 'Overdue' : 'Pending';
      expect(await text(rows.nth(k).locator('td').last()), `installment ${inst.number}`).toBe(expected);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'customer-dashboard-installments');
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    expectClean(customer);
  });

  it('downloads the loan receipt as LoanReceipt_{loanId}.pdf, with the balance the card shows', async () => {
    const { page } = customer;
    // An open loan: its card and its receipt both say today's payoff (issue 19).
    const loan = book.data.find((l) => l.status === 'active' && l.remainingBalance > 0) ?? book.data[0]!;
    const shown = await text(card(page, loan.loanId).getByTestId('remaining-balance'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card(page, loan.loanId).getByRole('button', { name: 'Download Receipt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`LoanReceipt_${loan.loanId}.pdf`);
    const path = (await download.path())!;
    const bytes = await readFile(path);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const pdf = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
    const onReceipt = /Remaining balance\s+(₹[\d,]+)/.exec(pdf)?.[1];
    expect(onReceipt, pdf).toBeDefined();
    expect(shown).toContain(onReceipt!);
    expect(onReceipt).toBe(money(loan.remainingBalance));
    expect(pdf).not.toMatch(/₹[\d,]+\.\d\d/);
    expectClean(customer);
  });

  it('says it is loading, shows an error with Retry when the loans cannot be fetched, and recovers', async () => {
    const { page } = customer;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    await page.route('**/api/loans/customer', async (route) => {
      calls += 1;
      if (calls > 1) return route.continue();
      await held;
      return route.fulfill({ status: 500, json: { message: 'Failed to fetch loans' } });
    });
    await page.reload();
    await page.getByText('Loading your loans...').waitFor();
    release();
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch loans' });
    await alert.waitFor();
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('loan-card').first().waitFor();
    await page.unroute('**/api/loans/customer');
    expectClean(customer);
  });

  it("says 'No Loans Found' when the customer has no loans", async () => {
    const { page } = customer;
    await page.route('**/api/loans/customer', (route) =>
      route.fulfill({
        json: { data: [], portfolio: { totalBorrowed: 0, totalPaid: 0, outstanding: 0, activeLoans: 0 } },
      }),
    );
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.reload();
    await page.getByText('No Loans Found').waitFor();
    await page.getByText("You don't have any active loans at the moment.").waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.unroute('**/api/loans/customer');
    expectClean(customer);
    await customer.context.close();
  });
});
