import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessDate } from '@goldledger/contracts';
import { createDb, createPool } from '../../services/src/platform/db.js';
import { createEventStore } from '../../services/src/platform/event-store/event-store.js';
import { recordTestPrices } from '../../services/src/testing/renewal-test-kit.js';
import { waitUntil } from '../system/support/processes.js';
import { launchChromium, screenshotBothWidths, seriousAxeViolations, type Visit } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';
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
 * Issue 17, point 8 in Debian's Chromium against the real server and its demo book: the
 * renew dialog and the top-up dialog show the gold's fresh appraisal and the LTV, take the
 * borrower's code (sent, read from the dev outbox as the borrower reads their phone,
 * entered), and refuse what the rules refuse with the reason; the reports page's gold loan
 * review lists what RBI's 2024 review named, with a CSV per list. Gold prices for the 40
 * days before today are written to the server's store first, as the register records them.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let adminVisit: Visit;

interface ApiLoan {
  _id: string;
  loanId: string;
  status: string;
  primaryMobile: string;
  customerId: { _id: string };
  renewedTo: { _id: string; loanId: string } | null;
}

async function loans(query: string): Promise<ApiLoan[]> {
  const res = await apiGet(server, `/api/admin/loans?${query}`, admin.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const quoteOf = async (loan: ApiLoan, kind: 'renewal' | 'top_up') =>
  (await apiSend(server, 'POST', `/api/loans/${loan._id}/renewal-quote`, admin.token, { kind })).body.data;

/** Borrowers already sent a code here: another may follow only after the resend wait. */
const codeSentTo = new Set<string>();

/** The first loan of a list whose quote says what `wanted` asks, of a borrower not sent a code yet. */
async function findLoan(query: string, kind: 'renewal' | 'top_up', wanted: (quote: any) => boolean) {
  for (const loan of await loans(query)) {
    if (codeSentTo.has(loan.customerId._id)) continue;
    const quote = await quoteOf(loan, kind);
    if (quote && wanted(quote)) {
      codeSentTo.add(loan.customerId._id);
      return { loan, quote };
    }
  }
  return null;
}

/** Narrows the admin's table to one loan by its id (the search covers loan ids). */
async function findInTable(page: Page, loanId: string): Promise<void> {
  await page.getByLabel('Search loans').fill(loanId);
  await page.locator(`[data-testid="loan-row"][data-loan-id="${loanId}"]`).waitFor();
  await waitUntil(async () => (await page.getByTestId('loan-row').count()) === 1, {
    timeoutMs: 15_000,
    intervalMs: 100,
    describe: () => `the table to show only ${loanId}`,
  });
}

/** The newest loan code already in the dev outbox for a mobile (a new one must differ). */
async function lastLoanCode(mobile: string): Promise<string | null> {
  const res = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(mobile)}&limit=10`);
  const { data } = (await res.json()) as { data: Array<{ text: string; purpose: string }> };
  return data.find((m) => m.purpose === 'loan_otp')?.text.match(/\b(\d{6})\b/)?.[1] ?? null;
}

/** The borrower's code: sent from the dialog, read from the dev outbox, entered, confirmed. */
async function enterBorrowerCode(page: Page, dialog: ReturnType<Page['getByRole']>, mobile: string) {
  const before = await lastLoanCode(mobile);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  const code = await server.codeFor(mobile, { purpose: 'loan_otp', notIn: before ? [before] : [] });
  await dialog.getByLabel('6-digit OTP').fill(code);
  await dialog.getByRole('button', { name: 'Confirm code' }).click();
  await dialog.getByText('The borrower’s request is confirmed with their code.').waitFor();
}

async function expectNoSeriousAxe(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

function expectClean(v: Visit): void {
  expect(v.pageErrors, 'uncaught errors in the page').toEqual([]);
  expect(v.foreignRequests, 'requests that left our origin').toEqual([]);
}

/** The loan as the API has it once the read model has caught up with `ready`. */
async function loanOnceItShows(id: string, ready: (loan: any) => boolean): Promise<any> {
  let found: any;
  await waitUntil(
    async () => {
      const res = await apiGet(server, `/api/loans/${id}`, admin.token);
      found = res.status === 200 ? res.body.data : undefined;
      return found !== undefined && ready(found);
    },
    {
      timeoutMs: 15_000,
      intervalMs: 200,
      describe: () => `loan ${id}: ${JSON.stringify(found).slice(0, 300)}`,
    },
  );
  return found;
}

beforeAll(async () => {
  server = await startServer('e2e: console renewals');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  await waitForDemoBook(server, admin.token);
  const db = createDb(createPool(server.databaseUrl, 2));
  try {
    const today = businessDate(new Date());
    await recordTestPrices(createEventStore(db), {
      from: addDays(today, -40),
      to: addDays(today, 1),
      pricePaise: 6_500_00,
    });
  } finally {
    await db.destroy();
  }
  adminVisit = await visitSignedIn(browser, server, admin);
});

afterAll(async () => {
  await adminVisit?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('renewals and top-ups in the loans console', () => {
  it('renews a closed loan on the borrower’s code, after showing the fresh appraisal and the LTV', async () => {
    const { page } = adminVisit;
    await page.goto('/admin/loans');
    await page.getByRole('heading', { name: 'Loans Management', level: 1 }).waitFor();
    const found = await findLoan(
      'status=closed&limit=100',
      'renewal',
      (q) => q.eligible && q.ltv.maxAmount >= 25_000,
    );
    expect(found, 'a closed demo loan that can be renewed').not.toBeNull();
    const { loan, quote } = found!;
    await findInTable(page, loan.loanId);
    await page.getByRole('button', { name: `Renew ${loan.loanId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Renew Loan' });
    await dialog.waitFor();
    // The fresh appraisal and the limit, as the quote gave them.
    await dialog.getByRole('region', { name: /^Fresh appraisal on / }).waitFor();
    await dialog.getByText(`At most ${money(quote.ltv.maxAmount)} on this gold today.`).waitFor();
    expect(await dialog.getByLabel('Term').inputValue()).toBe('6');
    expect(await dialog.getByLabel('Interest rate').locator('option').allInnerTexts()).toEqual([
      '18% per annum',
      '24% per annum',
      '30% per annum',
      '36% per annum',
    ]);
    // Nothing is renewed before the borrower's code is in.
    const renewButton = dialog.getByRole('button', { name: 'Renew Loan' });
    expect(await renewButton.isDisabled()).toBe(true);
    await enterBorrowerCode(page, dialog, loan.primaryMobile);
    const amount = dialog.getByLabel('Loan amount (₹)');
    await amount.fill('99');
    await renewButton.click();
    await dialog.getByText('Loan amount must be at least 100').waitFor();
    await amount.fill('25000');
    await dialog.getByLabel('Interest rate').selectOption('24');
    // Above ₹20,000 the money goes by bank transfer (Income Tax Act s.269SS).
    await dialog.getByLabel('Paid out by').selectOption('bank_transfer');
    await dialog.getByLabel('Bank transfer reference (UTR)').fill('UTR2026112100042');
    await expectNoSeriousAxe(page);
    await screenshotBothWidths(page, 'console-renewals-renew');
    await renewButton.click();
    await page
      .getByRole('status')
      .getByText(/^Loan renewed successfully!/)
      .waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const old = await loanOnceItShows(loan._id, (l) => l.status === 'renewed');
    const renewed = await loanOnceItShows(old.renewedTo._id, () => true);
    expect(renewed).toMatchObject({ status: 'active', amount: 25000, interestRate: 24, term: 6 });
    expect(renewed.renewalOf.loanId).toBe(loan.loanId);
    await page
      .locator(`[data-testid="loan-row"][data-loan-id="${loan.loanId}"]`)
      .getByText('Renewed', { exact: true })
      .waitFor();
    expect(await page.getByRole('button', { name: `Renew ${loan.loanId}` }).count()).toBe(0);
    expectClean(adminVisit);
  });

  it('tops up an open loan as a new loan of its own, within what the gold allows', async () => {
    const { page } = adminVisit;
    const found = await findLoan(
      'status=active&limit=100',
      'top_up',
      (q) => q.eligible && q.ltv.maxAmount >= 2_000,
    );
    expect(found, 'an open demo loan with room on its gold').not.toBeNull();
    const { loan, quote } = found!;
    await findInTable(page, loan.loanId);
    await openLoanRow(page, loan.loanId);
    await page.getByRole('button', { name: `Top-up ${loan.loanId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Top-up Loan' });
    await dialog.waitFor();
    await dialog.getByText(`At most ${money(quote.ltv.maxAmount)} more on this gold today.`).waitFor();
    await enterBorrowerCode(page, dialog, loan.primaryMobile);
    const amount = dialog.getByLabel('Top-up amount (₹)');
    await amount.fill(String(quote.ltv.maxAmount + 1));
    await dialog.getByRole('button', { name: 'Top up' }).click();
    await dialog
      .getByText(`At most ${money(quote.ltv.maxAmount)} more can be lent on this gold today`)
      .waitFor();
    await amount.fill('1000');
    await expectNoSeriousAxe(page);
    await screenshotBothWidths(page, 'console-renewals-top-up');
    await dialog.getByRole('button', { name: 'Top up' }).click();
    const toast = page.getByRole('status').getByText(/^Top-up loan GL\d{9} created on the gold of loan /);
    await toast.waitFor();
    const newLoanId = /Top-up loan (GL\d{9})/.exec(await toast.innerText())![1]!;
    expect(newLoanId).not.toBe(loan.loanId);
    // The list is a read model: the new loan is in it once the projector has run.
    await expect
      .poll(async () => (await loans(`search=${newLoanId}`))[0], { timeout: 15_000 })
      .toMatchObject({ loanId: newLoanId, status: 'active', amount: 1000 });
    expectClean(adminVisit);
  });

  it('says why a loan cannot be topped up, and offers no way to do it', async () => {
    const { page } = adminVisit;
    // A loan past due more than 90 days, or one whose gold has no room left.
    const found = await findLoan('status=active&limit=100', 'top_up', (q) => !q.eligible);
    expect(found, 'an open demo loan that cannot be topped up').not.toBeNull();
    const { loan, quote } = found!;
    await findInTable(page, loan.loanId);
    await openLoanRow(page, loan.loanId);
    await page.getByRole('button', { name: `Top-up ${loan.loanId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Top-up Loan' });
    await dialog.getByText('This loan cannot be topped up today').waitFor();
    await dialog.getByText(quote.refusals[0]).waitFor();
    expect(await dialog.getByRole('button', { name: 'Top up' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Send code' }).isDisabled()).toBe(true);
    await expectNoSeriousAxe(page);
    await screenshotBothWidths(page, 'console-renewals-refused');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});

describe('the gold loan review on the reports page', () => {
  it('lists quick closures, renewals against part payment and unappraised top-ups, each as CSV', async () => {
    const { page } = adminVisit;
    const today = businessDate(new Date());
    const from = addDays(today, -700);
    const res = await apiGet(
      server,
      `/api/admin/reports/gold-loan-review?from=${from}&to=${today}`,
      admin.token,
    );
    expect(res.status).toBe(200);
    const review = res.body.data;
    await page.goto('/admin/reports');
    const section = page.locator('[data-section="gold-loan-review"]');
    await section.getByRole('heading', { name: 'Gold loan review' }).waitFor();
    // The last 90 days first (the server's default), then the dates asked for.
    await section.getByText(/ quick closures, /).waitFor();
    await section.getByLabel('From date').fill(from);
    await section.getByLabel('To date').fill(today);
    await section.getByRole('button', { name: 'Show review' }).click();
    const summary = `${review.counts.quickClosures} quick closures, ${review.counts.partPaymentRenewals} renewals against part payment, ${review.counts.topUpsWithoutAppraisal} top-ups without fresh appraisal.`;
    await section.getByText(summary, { exact: false }).waitFor();
    // The demo's renewals close and renew on one day: some are against part payment.
    expect(review.counts.partPaymentRenewals).toBeGreaterThan(0);
    const list = section.locator('[data-section="part-payment-renewals"]');
    expect(await list.locator('tbody tr').count()).toBe(review.partPaymentRenewals.length);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download CSV: Renewals against part payment' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`goldledger-part-payment-renewals-${from}-to-${today}.csv`);
    const lines = (await readFile((await file.path())!, 'utf8')).split('\r\n').filter((l) => l !== '');
    expect(lines[0]).toBe(
      'New loan,Renewed loan,Borrower,Renewed on,Old loan,Still owed,Paid that day,New loan amount,Borrower’s own money',
    );
    expect(lines).toHaveLength(review.partPaymentRenewals.length + 1);
    await expectNoSeriousAxe(page);
    await section.scrollIntoViewIfNeeded();
    await screenshotBothWidths(page, 'console-renewals-review');
    expectClean(adminVisit);
  });
});

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const money = (n: number) => rupees.format(n);
