import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../system/support/processes.js';
import path from 'node:path';
import {
  ARTIFACTS_DIR,
  launchChromium,
  screenshotBothWidths,
  seriousAxeViolations,
  VIEWPORTS,
  type Visit,
} from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';
import {
  apiGet,
  apiSend,
  signInByApi,
  visitSignedIn,
  waitForDemoBook,
  type Session,
} from './support/staff.js';

/**
 * Release on time (issue 18) in Debian's Chromium against the real server: a loan of the
 * demo customer is repaid in full, the server's clock moves 12 days on without the gold going
 * back, and the daily release_delays job accrues compensation for the lender's working days
 * of delay. The gold-return card shows it and the admin pays it out; the customer's
 * dashboard and the staff loan page show it too. Every step is checked against the API.
 */

const DAY_MS = 24 * 3_600_000;

let server: E2eServer;
let browser: Browser;
let admin: Session;
let employee: Session;
let customer: Session;
let loan: { _id: string; loanId: string };
const visits: Visit[] = [];

async function goldReturn(): Promise<any> {
  const res = await apiGet(server, `/api/gold-returns/${loan.loanId}`, admin.token);
  return res.status === 200 ? res.body.data : null;
}

async function until(what: string, check: (r: any) => boolean): Promise<any> {
  let last: any = null;
  await waitUntil(
    async () => {
      last = await goldReturn();
      return last !== null && check(last);
    },
    { timeoutMs: 30_000, intervalMs: 250, describe: () => `${what}: ${JSON.stringify(last)}` },
  );
  return last;
}

async function runJob(name: string): Promise<void> {
  const started = await apiSend(server, 'POST', `/api/cron-jobs/execute/${name}`, admin.token);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  let run: { status: string; error: string | null } | undefined;
  await waitUntil(
    async () => {
      const history = await apiGet(server, `/api/cron-jobs/history?jobName=${name}&limit=1`, admin.token);
      run = history.body.data[0];
      return run !== undefined && run.status !== 'running';
    },
    { timeoutMs: 60_000, describe: () => `the ${name} run (${JSON.stringify(run)})` },
  );
  expect(run, JSON.stringify(run)).toMatchObject({ status: 'success', error: null });
}

beforeAll(async () => {
  server = await startServer('e2e: release compensation');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  employee = await signInByApi(server, 'employee');
  customer = await signInByApi(server, 'customer');
  await waitForDemoBook(server, admin.token);

  // A running loan of the demo customer, repaid in full at the counter.
  const mine = await apiGet(server, '/api/loans/customer', customer.token);
  expect(mine.status).toBe(200);
  const active = (mine.body.data as Array<{ _id: string; loanId: string; status: string }>).filter(
    (l) => l.status === 'active',
  );
  for (const candidate of active) {
    const quote = await apiSend(
      server,
      'POST',
      `/api/loans/${candidate._id}/calculate-early-repayment`,
      employee.token,
      {},
    );
    if (quote.status !== 200) continue;
    const paid = await apiSend(server, 'POST', `/api/loans/${candidate._id}/payment`, employee.token, {
      amount: quote.body.totalDue,
      paymentMethod: 'handcash',
    });
    if (paid.status === 201 && paid.body.data.loan.status === 'closed') {
      loan = { _id: candidate._id, loanId: candidate.loanId };
      break;
    }
  }
  expect(loan, 'a demo customer loan closed by a full payment').toBeDefined();
  const pending = await until('pending return', (r) => r.goldReturnStatus === 'pending');
  expect(pending).toMatchObject({ delay: 'on_time', compensation: null });

  // Twelve days on, the gold still here and nobody told: the lender's delay, accrued by the daily job.
  await server.advanceClock(12 * DAY_MS);
  await runJob('release_delays');
  const owing = await until('compensation accrued', (r) => (r.compensation?.owed ?? 0) > 0);
  expect(owing.delay).toBe('lender');
  expect(owing.compensation.accrued).toBe(owing.compensation.days * owing.compensationPerDay);
  expect(owing.compensationPerDay).toBe(5_000);
});

afterAll(async () => {
  for (const v of visits) await v.context.close();
  await browser?.close();
  await server?.stop();
});

const card = (page: Page): Locator =>
  page.locator(`[data-testid="gold-return-card"][data-loan-id="${loan.loanId}"]`);
const dialog = (page: Page): Locator => page.locator('dialog[open]');
/** What a person sees of `days` accrued up to a day: the card's and the dashboard's words. */
const accruedText = (c: { accrued: number; days: number; accruedThrough: string }) =>
  `₹${c.accrued.toLocaleString('en-IN')} for ${c.days} working days late, up to ${c.accruedThrough.split('-').reverse().join('/')}`;

/** The element alone at both widths (`<name>-390.png`, `<name>-1280.png`), to judge it up close. */
async function shootElement(
  page: Page,
  element: Locator,
  name: string,
  reopen?: () => Promise<void>,
): Promise<void> {
  for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    // The loans list lays itself out afresh at another width, closing an opened row.
    if (reopen && !(await element.isVisible())) await reopen();
    await element.scrollIntoViewIfNeeded();
    await element.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-${viewport.width}.png`) });
  }
}

describe('compensation for releasing the gold late', () => {
  it('shows on the gold-return card, and the admin pays it out', async () => {
    const v = await visitSignedIn(browser, server, admin);
    visits.push(v);
    const { page } = v;
    await page.goto('/admin/gold-returns');
    await page.getByRole('heading', { name: 'Gold Returns', level: 1 }).waitFor();
    await page.getByRole('button', { name: /^Compensation Owed/ }).click();
    await page.getByLabel('Search gold returns').fill(loan.loanId);
    await card(page).waitFor();
    const before = await goldReturn();
    const accrued = card(page).getByTestId('compensation-accrued');
    await expect.poll(() => accrued.innerText()).toBe(accruedText(before.compensation));
    expect(await card(page).getByTestId('release-delay').innerText()).toBe(
      "Lender's delay: ₹5,000 accrues each working day",
    );
    expect(await seriousAxeViolations(page), 'axe on the gold-return card').toEqual([]);
    await screenshotBothWidths(page, 'release-compensation-card');
    await shootElement(page, card(page), 'release-compensation-card-alone');

    await card(page).getByRole('button', { name: 'Pay Compensation' }).click();
    await dialog(page).getByLabel('Paid by').selectOption('bank');
    await dialog(page)
      .getByRole('button', { name: /^Pay ₹/ })
      .click();
    await dialog(page).getByText('Please give the bank transfer reference').waitFor();
    expect((await goldReturn()).compensation.paid).toBe(0);
    await dialog(page).getByLabel('Bank transfer reference (UTR)').fill('UTR-COMP-0001');
    await screenshotBothWidths(page, 'release-compensation-pay-dialog');
    await dialog(page)
      .getByRole('button', { name: /^Pay ₹/ })
      .click();
    await page.getByText(/Compensation of ₹[\d,]+ paid to/).waitFor();
    await page.getByRole('button', { name: 'Dismiss' }).click();

    const paid = await until('compensation paid', (r) => r.compensation.owed === 0);
    expect(paid.compensation).toMatchObject({
      paid: before.compensation.accrued,
      payouts: [{ method: 'bank', reference: 'UTR-COMP-0001', amount: before.compensation.accrued }],
    });
    // The tab of what is owed no longer holds it; under All the card says it was paid.
    await page.getByRole('button', { name: /^All/ }).click();
    await card(page).getByTestId('compensation-payout').waitFor();
    expect(await card(page).getByTestId('compensation-owed').innerText()).toMatch(/^Paid /);
    await card(page).getByRole('button', { name: 'Receipt (PDF)' }).waitFor();
    await screenshotBothWidths(page, 'release-compensation-paid');
    await shootElement(page, card(page), 'release-compensation-paid-alone');
    expect(v.pageErrors).toEqual([]);
    expect(v.foreignRequests).toEqual([]);
  });

  it('shows on the customer’s dashboard, with the payout’s receipt', async () => {
    const v = await visitSignedIn(browser, server, customer);
    visits.push(v);
    const { page } = v;
    await page.goto('/customer/dashboard');
    const loanCard = page.locator(`[data-testid="loan-card"][data-loan-id="${loan.loanId}"]`);
    await loanCard.getByTestId('release-compensation').waitFor();
    const shown = await goldReturn();
    expect(await loanCard.getByTestId('compensation-accrued').innerText()).toBe(
      accruedText(shown.compensation),
    );
    await loanCard.getByRole('button', { name: 'Receipt (PDF)' }).waitFor();
    await loanCard.scrollIntoViewIfNeeded();
    await screenshotBothWidths(page, 'release-compensation-customer-dashboard');
    await shootElement(page, loanCard, 'release-compensation-customer-card');
    const receipt = await fetch(
      `${server.url}/api/loans/${loan._id}/release-compensation/${shown.compensation.payouts[0].payoutId}/receipt`,
      { headers: { 'x-auth-token': customer.token } },
    );
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    expect(v.pageErrors).toEqual([]);
  });

  it('shows on the staff loan page', async () => {
    const loanView = await apiGet(server, `/api/loans/${loan._id}`, admin.token);
    expect(loanView.body.data.releaseCompensation).toMatchObject({ owed: 0 });
    const v = await visitSignedIn(browser, server, admin);
    visits.push(v);
    const { page } = v;
    await page.goto('/admin/loans');
    await page.getByLabel('Search loans').fill(loan.loanId);
    // The search answers as you type: open the row once the table holds this loan alone,
    // or the answer's re-render closes it again.
    await page.locator(`[data-testid="loan-row"][data-loan-id="${loan.loanId}"]`).waitFor();
    await waitUntil(async () => (await page.getByTestId('loan-row').count()) === 1, {
      timeoutMs: 15_000,
      intervalMs: 100,
      describe: () => `the loans list to hold ${loan.loanId} alone`,
    });
    await page.getByRole('button', { name: `Details of ${loan.loanId}` }).click();
    const details = page.locator(`[data-testid="loan-details"][data-loan-id="${loan.loanId}"]`);
    await details.getByTestId('release-compensation').waitFor();
    await screenshotBothWidths(page, 'release-compensation-loan-page');
    await shootElement(
      page,
      details.getByTestId('release-compensation'),
      'release-compensation-loan-details',
      () => page.getByRole('button', { name: `Details of ${loan.loanId}` }).click(),
    );
  });
});
