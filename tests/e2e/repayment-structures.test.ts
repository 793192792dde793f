import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../system/support/processes.js';
import { launchChromium, screenshotBothWidths, seriousAxeViolations, type Visit } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';
import { apiGet, signInByApi, visitSignedIn, waitForDemoBook, type Session } from './support/staff.js';

/**
 * Bullet and monthly-interest loans on the screens (issue 17), in Debian's Chromium against
 * the real server and its demo book, which gives the demo customer one of each: the staff
 * row with its badge and the row expander's structure, next due and schedule; the
 * customer's cards, next payment and installments.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let customer: Session;
const visits: Visit[] = [];

interface ApiInstallment {
  number: number;
  dueDate: string;
  amount: number;
  amountPaid: number;
  status: 'paid' | 'unpaid';
}
interface ApiLoan {
  _id: string;
  loanId: string;
  status: string;
  repaymentType: 'emi' | 'bullet' | 'monthly_interest';
  monthlyPayment: number;
  installments: ApiInstallment[];
}

let bullet: ApiLoan;
let monthly: ApiLoan;

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const money = (amount: number) => rupees.format(amount);
const text = async (l: Locator) => (await l.innerText()).replace(/\s+/g, ' ').trim();
const nextUnpaid = (loan: ApiLoan) => loan.installments.find((i) => i.status !== 'paid')!;

beforeAll(async () => {
  server = await startServer('e2e: repayment structures');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  customer = await signInByApi(server, 'customer');
  await waitForDemoBook(server, admin.token);
  // The demo customer's loans, as the customer's own API answers them once projected.
  let mine: ApiLoan[] = [];
  await waitUntil(
    async () => {
      const res = await apiGet(server, '/api/loans/customer', customer.token);
      mine = res.status === 200 ? res.body.data : [];
      return (
        mine.some((l) => l.repaymentType === 'bullet') &&
        mine.some((l) => l.repaymentType === 'monthly_interest')
      );
    },
    { timeoutMs: 60_000, intervalMs: 500, describe: () => `the demo customer's loans (${mine.length})` },
  );
  bullet = mine.find((l) => l.repaymentType === 'bullet')!;
  monthly = mine.find((l) => l.repaymentType === 'monthly_interest')!;
});

afterAll(async () => {
  for (const v of visits) await v.context.close();
  await browser?.close();
  await server?.stop();
});

function expectClean(v: Visit): void {
  expect(v.pageErrors, 'uncaught errors in the page').toEqual([]);
  expect(v.foreignRequests, 'requests that left our origin').toEqual([]);
}

/** The admin's Loans Management page narrowed to one loan, its row expanded and its schedule open. */
async function expandLoan(page: Page, loan: ApiLoan): Promise<Locator> {
  await page.goto('/admin/loans');
  await page.getByRole('heading', { name: 'Loans Management', level: 1 }).waitFor();
  await page.getByLabel('Search loans').fill(loan.loanId);
  await waitUntil(
    async () => {
      const ids = await page
        .getByTestId('loan-row')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-loan-id')));
      return ids.length === 1 && ids[0] === loan.loanId;
    },
    { timeoutMs: 15_000, intervalMs: 100, describe: () => `the row of ${loan.loanId}` },
  );
  await page.getByRole('button', { name: `Details of ${loan.loanId}` }).click();
  const details = page.locator(`[data-testid="loan-details"][data-loan-id="${loan.loanId}"]`);
  await details.waitFor();
  await details.getByTestId('loan-schedule').locator('summary').click();
  return details;
}

/** The table scrolls inside its own region: bring the expander's figures into it, the page to its top. */
async function showDetails(page: Page, details: Locator): Promise<void> {
  await details.getByTestId('repayment-type').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.evaluate(() => window.scrollTo(0, 0));
}

describe('a bullet and a monthly-interest loan in Loans Management', () => {
  it('shows the bullet loan’s badge, its one payment at maturity and its schedule', async () => {
    const v = await visitSignedIn(browser, server, admin);
    visits.push(v);
    const details = await expandLoan(v.page, bullet);
    const row = v.page.locator(`[data-testid="loan-row"][data-loan-id="${bullet.loanId}"]`);
    expect(await text(row.getByTestId('repayment-badge'))).toBe('Bullet');
    // The one-line row's Next Due (issue 19): the one payment, on the maturity date.
    const [y, m, d] = bullet.installments.at(-1)!.dueDate.split('-');
    expect(bullet.installments).toHaveLength(1);
    expect(await text(row)).toContain(`${d}/${m}/${y}`);
    expect(await text(row)).toContain(money(bullet.monthlyPayment));
    expect(await text(details.getByTestId('repayment-type'))).toBe(
      'Bullet · Principal and all interest in one payment at maturity',
    );
    const due = nextUnpaid(bullet);
    expect(await text(details.getByTestId('next-due'))).toContain(`${money(due.amount - due.amountPaid)} on`);
    expect(await text(details.getByTestId('next-due'))).toContain('Principal and all interest');
    const schedule = details.getByTestId('loan-schedule').locator('tbody tr');
    expect(await schedule.count()).toBe(bullet.installments.length);
    expect(await text(schedule.first())).toContain('Principal and all interest');

    expect(await seriousAxeViolations(v.page)).toEqual([]);
    await showDetails(v.page, details);
    await screenshotBothWidths(v.page, 'repayment-bullet-details');
    expectClean(v);
  });

  it('shows the monthly-interest loan’s month’s interest due next and the principal with the last', async () => {
    const v = await visitSignedIn(browser, server, admin);
    visits.push(v);
    const details = await expandLoan(v.page, monthly);
    const row = v.page.locator(`[data-testid="loan-row"][data-loan-id="${monthly.loanId}"]`);
    expect(await text(row.getByTestId('repayment-badge'))).toBe('Monthly interest');
    expect(await text(details.getByTestId('repayment-type'))).toBe(
      'Monthly interest · Interest every month, principal at maturity',
    );
    const due = nextUnpaid(monthly);
    expect(await text(details.getByTestId('next-due'))).toContain(`${money(due.amount - due.amountPaid)} on`);
    expect(await text(details.getByTestId('next-due'))).toContain("The month's interest");
    const rows = details.getByTestId('loan-schedule').locator('tbody tr');
    expect(await rows.count()).toBe(monthly.installments.length);
    expect(await text(rows.first())).toContain("The month's interest");
    expect(await text(rows.last())).toContain('Principal and last interest');
    expect(await rows.getByText('Paid', { exact: true }).count()).toBe(
      monthly.installments.filter((i) => i.status === 'paid').length,
    );

    expect(await seriousAxeViolations(v.page)).toEqual([]);
    await showDetails(v.page, details);
    await screenshotBothWidths(v.page, 'repayment-monthly-interest-details');
    expectClean(v);
  });
});

describe('the customer dashboard with a bullet and a monthly-interest loan', () => {
  const card = (page: Page, loanId: string) =>
    page.locator(`[data-testid="loan-card"][data-loan-id="${loanId}"]`);

  it('names each loan’s structure and what is due next', async () => {
    const v = await visitSignedIn(browser, server, customer);
    visits.push(v);
    const { page } = v;
    await page.goto('/customer/dashboard');
    await page.getByRole('heading', { name: 'Portfolio Summary' }).waitFor();
    await card(page, monthly.loanId).waitFor();

    const b = card(page, bullet.loanId);
    expect(await text(b.getByTestId('repayment-type'))).toBe('Bullet');
    expect(await text(b.getByTestId('monthly-payment'))).toBe(money(bullet.monthlyPayment));
    expect(await text(b.locator('dt', { hasText: 'Due at Maturity' }))).toBe('Due at Maturity');
    expect(await text(b.getByTestId('payment-type'))).toBe('At Maturity');
    expect(await text(b.getByTestId('next-due-what'))).toBe('Principal and all interest');

    const m = card(page, monthly.loanId);
    expect(await text(m.getByTestId('repayment-type'))).toBe('Monthly interest');
    expect(await text(m.locator('dt', { hasText: 'Monthly Interest' }))).toBe('Monthly Interest');
    expect(await text(m.getByTestId('payment-type'))).toBe('Monthly Interest');
    expect(await text(m.getByTestId('next-due-what'))).toBe("The month's interest");
    const due = nextUnpaid(monthly);
    expect(await text(m)).toContain(money(due.amount - due.amountPaid));

    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'repayment-customer-dashboard');

    // The installments: what each is for.
    await m.getByRole('button', { name: 'View Installments' }).click();
    const dialog = page.getByRole('dialog', { name: 'Installment Details' });
    await dialog.waitFor();
    expect(await text(dialog)).toContain('Monthly interest: interest every month, principal at maturity');
    const rows = dialog.getByTestId('installment-row');
    expect(await rows.count()).toBe(monthly.installments.length);
    expect(await text(rows.last())).toContain('Principal and last interest');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'repayment-customer-installments');
    expectClean(v);
  });
});
