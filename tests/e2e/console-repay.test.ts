// Long because its tests share one server, its generated demo book and the employee's signed-in
// browser, with the quote helpers they all use; every e2e file pays for a server start and a
// book of its own, which the two-core machine runs one at a time.
import type { Browser, Locator, Page } from 'playwright-core';
import { formatBusinessDate } from '@goldledger/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../system/support/processes.js';
import { launchChromium, screenshotBothWidths, seriousAxeViolations, type Visit } from './support/browser.js';
import { startServer, todayAtBranch, type E2eServer } from './support/server.js';
import {
  apiGet,
  apiSend,
  signInByApi,
  visitSignedIn,
  waitForDemoBook,
  type Session,
  openLoanRow,
} from './support/staff.js';

/**
 * The loan dialogs of the loans tables in Debian's
 * Chromium against the real server and its demo loan book: an employee's repayment
 * through the Repay dialog (quote, quick amounts, repayment date, validation), an admin's
 * approval of a pending online payment in Payment History, and the upgrade timeline.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let employee: Session;
let employeeVisit: Visit;

interface ApiLoan {
  _id: string;
  loanId: string;
  name: string;
  amount: number;
  status: string;
  disbursementDate: string;
  currentUpgradeLevel: number;
  currentInterestRate: number;
  remainingBalance: number;
  pendingPaymentCount: number;
  repaymentType: 'emi' | 'bullet' | 'monthly_interest';
}

interface Quote {
  repaymentDate: string;
  principalOutstanding: number;
  totalDue: number;
  interest: number;
  minimumTotalDue: number;
  monthlyPayment: number;
}

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const money = (n: number) => rupees.format(n);
/** The dialog quotes limits to the paisa: `₹1,234` or `₹1,234.50`. */
const exact = (n: number) =>
  Number.isInteger(n)
    ? money(n)
    : `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}`;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function activeLoans(token: string, area: 'admin' | 'employee'): Promise<ApiLoan[]> {
  const res = await apiGet(server, `/api/${area}/loans?status=active&limit=100`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function quoteOf(loan: ApiLoan, repaymentDate: string): Promise<Quote> {
  const res = await apiSend(
    server,
    'POST',
    `/api/loans/${loan._id}/calculate-early-repayment`,
    employee.token,
    {
      repaymentDate,
    },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function paymentsOf(loan: ApiLoan): Promise<Array<{ _id: string; status: string; method: string }>> {
  const res = await apiGet(server, `/api/loans/${loan._id}/payments`, admin.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const row = (page: Page, loanId: string) =>
  page.locator(`[data-testid="loan-row"][data-loan-id="${loanId}"]`);
const balanceIn = (r: Locator) => r.getByTestId('loan-balance');
const text = async (l: Locator) => (await l.innerText()).trim();

/** Narrows the loans table to one loan by its id (the search covers loan ids). */
async function findInTable(page: Page, loanId: string): Promise<Locator> {
  await page.getByLabel('Search loans').fill(loanId);
  let shown: Array<string | null> = [];
  await waitUntil(
    async () => {
      shown = await page
        .getByTestId('loan-row')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-loan-id')));
      return shown.length === 1 && shown[0] === loanId;
    },
    {
      timeoutMs: 15_000,
      intervalMs: 100,
      describe: () => `only ${loanId} in the table, saw ${shown.join(',')}`,
    },
  );
  return row(page, loanId);
}

function expectClean(v: Visit): void {
  expect(v.pageErrors, 'uncaught errors in the page').toEqual([]);
  expect(v.foreignRequests, 'requests that left our origin').toEqual([]);
}

async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** Whole rupees (issue 19): no paise in the dialog's text, nor in its inputs. */
async function expectNoPaise(d: Locator): Promise<void> {
  expect(await d.innerText()).not.toMatch(/\d\.\d\d/);
  const values = await d
    .locator('input')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value).join(' '));
  expect(values).not.toMatch(/\d\.\d\d/);
}

beforeAll(async () => {
  server = await startServer('e2e: console repay');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  employee = await signInByApi(server, 'employee');
  await waitForDemoBook(server, admin.token);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the Repay dialog (employee)', () => {
  let loan: ApiLoan;
  let repay: Locator;
  let amount: Locator;
  const today = todayAtBranch();

  it('opens from the loan row and shows the quote for today, the figures to act on first', async () => {
    // An active EMI loan at least 40 days old, with nothing awaiting approval ('Set Monthly'
    // names a bullet or monthly-interest loan's figure otherwise).
    loan = (await activeLoans(employee.token, 'employee')).find(
      (l) =>
        l.repaymentType === 'emi' &&
        l.pendingPaymentCount === 0 &&
        l.currentUpgradeLevel === 0 &&
        l.disbursementDate <= addDays(today, -40) &&
        l.remainingBalance > 5_000,
    )!;
    expect(loan, 'an active demo loan at least 40 days old').toBeDefined();
    const quote = await quoteOf(loan, today);

    employeeVisit = await visitSignedIn(browser, server, employee);
    const { page } = employeeVisit;
    await page.goto('/employee/loans');
    const r = await findInTable(page, loan.loanId);
    await r.getByRole('button', { name: `Repay ${loan.loanId}` }).click();
    repay = dialog(page, 'Repay Loan');
    await repay.waitFor();
    amount = repay.getByLabel('Amount (₹)');

    await expect.poll(() => text(repay.getByTestId('quote-total-due'))).toBe(exact(quote.totalDue));
    expect(await text(repay.getByTestId('quote-minimum-due'))).toBe(exact(quote.minimumTotalDue));
    expect(await text(repay.getByTestId('quote-interest'))).toBe(exact(quote.interest));
    // Defaults: today, Hand Cash, total, the whole balance (auto-calculated).
    expect(await repay.getByLabel('Repayment date').inputValue()).toBe(today.split('-').reverse().join('/'));
    expect(await repay.getByLabel('Hand Cash').isChecked()).toBe(true);
    expect(await repay.getByLabel('Total (interest + principal)').isChecked()).toBe(true);
    expect(Number(await amount.inputValue())).toBe(quote.totalDue);
    expect(await amount.getAttribute('min')).toBe(String(quote.minimumTotalDue));
    expect(await amount.getAttribute('max')).toBe(String(quote.totalDue));

    expect(Number.isInteger(quote.totalDue) && Number.isInteger(quote.minimumTotalDue)).toBe(true);
    await expectNoPaise(repay);
    await expectAccessible(page);
    await screenshotBothWidths(page, 'console-repay-dialog');
  });

  it('sets the expected amounts with the quick buttons, and Reset to Auto follows the type again', async () => {
    const quote = await quoteOf(loan, today);
    const clamp = (n: number) => Math.min(quote.totalDue, Math.max(quote.minimumTotalDue, n));
    const button = (name: string) => repay.getByRole('button', { name, exact: true });

    await button('Set Interest Only').click();
    expect(Number(await amount.inputValue())).toBe(quote.interest);
    expect(await repay.getByLabel('Interest', { exact: true }).isChecked()).toBe(true);

    await button('Set Principal Only').click();
    expect(Number(await amount.inputValue())).toBe(quote.principalOutstanding);
    expect(await repay.getByLabel('Principal', { exact: true }).isChecked()).toBe(true);

    await button('Set Monthly').click();
    expect(Number(await amount.inputValue())).toBe(clamp(quote.monthlyPayment));
    expect(await repay.getByText('auto-calculation is off').isVisible()).toBe(true);
    await expectNoPaise(repay);

    await button('Set Full Balance').click();
    expect(Number(await amount.inputValue())).toBe(quote.totalDue);
    expect(await repay.getByLabel('Total (interest + principal)').isChecked()).toBe(true);

    // Typing switches auto-calculation off; Reset to Auto brings the suggestion back.
    await amount.fill('1234');
    await repay.getByLabel('Interest', { exact: true }).check();
    expect(await amount.inputValue()).toBe('1234');
    await button('Reset to Auto').click();
    expect(Number(await amount.inputValue())).toBe(quote.interest);
    await button('Set Full Balance').click();
  });

  it('fetches a new quote when the repayment date changes', async () => {
    const { page } = employeeVisit;
    const earlier = addDays(today, -30);
    const before = await text(repay.getByTestId('quote-total-due'));
    const expected = await quoteOf(loan, earlier);
    const asked = page.waitForResponse(
      (res) =>
        res.url().endsWith(`/api/loans/${loan._id}/calculate-early-repayment`) &&
        res.request().postDataJSON()?.repaymentDate === earlier,
    );
    await repay.getByLabel('Repayment date').fill(earlier);
    expect((await asked).status()).toBe(200);
    await expect.poll(() => text(repay.getByTestId('quote-total-due'))).toBe(exact(expected.totalDue));
    expect(exact(expected.totalDue)).not.toBe(before);
    // Auto-calculation follows the new quote.
    expect(Number(await amount.inputValue())).toBe(expected.totalDue);
    // No quote for a day still to come: the form says so at once.
    await repay.getByLabel('Repayment date').fill(addDays(today, 1));
    await repay.getByText('Repayment date cannot be in the future').waitFor();
    await repay.getByLabel('Repayment date').fill(today);
    await expect.poll(() => text(repay.getByTestId('quote-total-due'))).toBe(before);
    expect(await repay.getByText('Repayment date cannot be in the future').count()).toBe(0);
  });

  it('refuses an online payment without a Transaction ID, saying it is required, and records nothing', async () => {
    const { page } = employeeVisit;
    const count = (await paymentsOf(loan)).length;
    const posts: string[] = [];
    const onRequest = (req: { method(): string; url(): string }) => {
      if (req.method() === 'POST' && req.url().endsWith(`/api/loans/${loan._id}/payment`))
        posts.push(req.url());
    };
    page.on('request', onRequest);
    await repay.getByLabel('Online Payment').check();
    await repay.getByLabel('Bank Name').fill('State Bank of India');
    await repay.getByRole('button', { name: 'Record Payment' }).click();
    await repay.getByText('Transaction ID is required for online payments').waitFor();
    expect(await repay.getByText('Bank Name is required for online payments').count()).toBe(0);
    // Under the minimum: the refusal names the quote's minimum.
    const quote = await quoteOf(loan, today);
    await repay.getByLabel('Amount (₹)').fill(String(Math.max(0, Math.floor(quote.minimumTotalDue) - 1)));
    await repay.getByText(`Amount must be at least ${exact(quote.minimumTotalDue)}`).waitFor();
    await expectAccessible(page);
    page.off('request', onRequest);
    expect(posts).toEqual([]);
    expect((await paymentsOf(loan)).length).toBe(count);
    await repay.getByLabel('Hand Cash').check();
  });

  it('records a cash repayment: the toast, the row balance falls, and the API agrees', async () => {
    const { page } = employeeVisit;
    const r = row(page, loan.loanId);
    const before = await text(balanceIn(r));
    const quote = await quoteOf(loan, today);
    // More than the interest, less than the whole: the loan stays open with less owed.
    const paid = Math.min(Math.floor(quote.totalDue) - 1, Math.ceil(quote.interest) + 1_000);
    const count = (await paymentsOf(loan)).length;

    await repay.getByLabel('Amount (₹)').fill(String(paid));
    // Enter submits.
    await repay.getByLabel('Amount (₹)').press('Enter');
    await page.getByText('Payment recorded successfully').waitFor();
    await repay.waitFor({ state: 'hidden' });

    let after = before;
    await waitUntil(
      async () => {
        after = await text(balanceIn(r));
        return after !== before;
      },
      {
        timeoutMs: 15_000,
        intervalMs: 100,
        describe: () => `the balance of ${loan.loanId} to change from ${before}`,
      },
    );
    const parse = (s: string) => Number(s.replace(/[^\d]/g, ''));
    expect(parse(after)).toBeLessThan(parse(before));

    const fresh = await apiGet(server, `/api/loans/${loan._id}`, employee.token);
    expect(fresh.status).toBe(200);
    expect(money(fresh.body.data.remainingBalance)).toBe(after);
    const payments = await paymentsOf(loan);
    expect(payments.length).toBe(count + 1);
    expect(payments.some((p) => p.method === 'handcash' && p.status === 'success')).toBe(true);
    expectClean(employeeVisit);
  });

  it('closes on Esc', async () => {
    const { page } = employeeVisit;
    await row(page, loan.loanId)
      .getByRole('button', { name: `Repay ${loan.loanId}` })
      .click();
    await repay.waitFor();
    await page.keyboard.press('Escape');
    await repay.waitFor({ state: 'hidden' });
  });
});

describe('Payment History (admin)', () => {
  it('approves a pending online payment: the customer is said to be notified, and the status becomes Success', async () => {
    const today = todayAtBranch();
    const loans = await activeLoans(admin.token, 'admin');
    const loan = loans.find((l) => l.pendingPaymentCount === 0 && l.remainingBalance > 2_000)!;
    expect(loan).toBeDefined();
    const quote = await quoteOf(loan, today);
    const created = await apiSend(server, 'POST', `/api/loans/${loan._id}/payment`, employee.token, {
      amount: Math.min(quote.totalDue, Math.ceil(quote.minimumTotalDue)),
      paymentMethod: 'online',
      transactionId: 'UTR20261121E2E',
      bankName: 'State Bank of India',
      paymentType: 'interest',
      repaymentDate: today,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const paymentId: string = created.body.data.payment._id;
    expect(created.body.data.payment.status).toBe('pending');
    // The loan book (a read model) shows the payment a moment after the write.
    await waitUntil(async () => (await paymentsOf(loan)).some((p) => p._id === paymentId), {
      timeoutMs: 15_000,
      intervalMs: 100,
      describe: () => `payment ${paymentId} in the loan book`,
    });

    const v = await visitSignedIn(browser, server, admin);
    const { page } = v;
    await page.goto('/admin/loans');
    await findInTable(page, loan.loanId);
    await openLoanRow(page, loan.loanId);
    await page.getByRole('button', { name: `Payment History ${loan.loanId}` }).click();
    const history = dialog(page, 'Payment History');
    const paymentRow = history.locator(`[data-testid="payment-row"][data-payment-id="${paymentId}"]`);
    await paymentRow.waitFor();
    expect(await text(paymentRow.locator('td[data-label="Status"]'))).toBe('Pending');
    expect(await text(paymentRow.locator('td[data-label="Method"]'))).toContain('Online Payment');
    expect(await text(paymentRow.locator('td[data-label="Entered by"]'))).toBe(employee.user.name);
    await expectAccessible(page);
    await screenshotBothWidths(page, 'console-payment-history-dialog');

    await paymentRow.getByRole('button', { name: /^Approve/ }).click();
    await page.getByText('Payment approved and customer notified.').waitFor();
    // The row turns Success when the payments reload, once the loan book has the approval.
    await expect
      .poll(() => text(paymentRow.locator('td[data-label="Status"]')), { timeout: 10_000 })
      .toBe('Success');
    expect(await paymentRow.getByRole('button', { name: /^Approve/ }).count()).toBe(0);
    const after = (await paymentsOf(loan)).find((p) => p._id === paymentId)!;
    expect(after.status).toBe('success');

    // A receipt per row, saved under the receipt number.
    const download = page.waitForEvent('download');
    await paymentRow.getByRole('button', { name: /^Receipt/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^Receipt_RCPT-[A-Z0-9]+-\d{6}-\d{5}\.pdf$/);
    expectClean(v);
    await v.context.close();
  });
});

describe('the upgrade-history dialog', () => {
  it('shows the timeline of an upgraded loan, past and future steps, the next one marked', async () => {
    const res = await apiGet(server, '/api/admin/loans-with-upgrades?status=active&limit=100', admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const loan = (res.body.data.loans as Array<ApiLoan & { isAtFinalLevel: boolean }>).find(
      (l) => l.currentUpgradeLevel > 0 && !l.isAtFinalLevel,
    )!;
    expect(loan, 'an upgraded demo loan below the final level').toBeDefined();
    const api = await apiGet(server, `/api/employee/loans/${loan._id}/upgrade-history`, employee.token);
    expect(api.status).toBe(200);
    const timeline = api.body.data.timeline as Array<{
      isFuture: boolean;
      isUpgrade: boolean;
      title: string;
      date: string;
      interestRate: number;
    }>;

    const { page } = employeeVisit;
    await page.goto('/employee/loans');
    await findInTable(page, loan.loanId);
    await openLoanRow(page, loan.loanId);
    await page.getByRole('button', { name: `Upgrades ${loan.loanId}` }).click();
    const upgrades = dialog(page, 'Upgrade History');
    await upgrades.getByTestId('timeline-step').first().waitFor();

    const steps = upgrades.getByTestId('timeline-step');
    expect(await steps.count()).toBe(timeline.length);
    const states = await steps.evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
    expect(states.filter((s) => s === 'next')).toHaveLength(1);
    expect(states).toContain('future');
    expect(states.filter((s) => s === 'past' || s === 'current').length).toBe(
      timeline.filter((t) => !t.isFuture).length,
    );
    const next = upgrades.locator('[data-state="next"]');
    const upcoming = timeline.find((t) => t.isFuture && t.isUpgrade)!;
    // The next step: its date (`12 Dec 2026`, issue 19) and the rate it rises to.
    expect(await text(next)).toContain(formatBusinessDate(upcoming.date));
    expect(await text(next)).toContain(`→ ${upcoming.interestRate}%`);
    expect(await text(upgrades.getByTestId('upgrade-next'))).toContain('Next upgrade to');
    expect(await upgrades.getByText(`${loan.currentInterestRate}% p.a.`).first().isVisible()).toBe(true);

    await expectAccessible(page);
    await screenshotBothWidths(page, 'console-upgrade-history-dialog');
    await page.keyboard.press('Escape');
    await upgrades.waitFor({ state: 'hidden' });
    expectClean(employeeVisit);
  });
});
