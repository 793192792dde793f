import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../system/support/processes.js';
import { launchChromium, screenshotBothWidths, seriousAxeViolations, type Visit } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';
import { apiGet, signInByApi, visitSignedIn, waitForDemoBook, type Session } from './support/staff.js';

/**
 * Auction management in
 * Debian's Chromium against the real server. The demo book has loans in default (past
 * maturity, nothing paid since): the admin takes one through not_ready → ready_for_auction
 * → auction_scheduled → auctioned with the action modal, and the API agrees at each step.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let employee: Session;
/** The loan in default taken to auction. */
let loanId: string;
let v: Visit;

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const branchDate = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

async function auctionLoan(id: string): Promise<any> {
  const res = await apiGet(server, '/api/admin/auction-loans?limit=500', admin.token);
  expect(res.status).toBe(200);
  return (res.body.data as any[]).find((r) => r.loanId === id) ?? null;
}

/** Waits for the read model to show the loan in `status` (the projector follows the command). */
async function apiAgrees(status: string): Promise<any> {
  let last: any = null;
  await waitUntil(
    async () => {
      last = await auctionLoan(loanId);
      return last?.auctionStatus === status;
    },
    { timeoutMs: 20_000, intervalMs: 250, describe: () => `auction ${status}: ${JSON.stringify(last)}` },
  );
  return last;
}

beforeAll(async () => {
  server = await startServer('e2e: console auctions');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  employee = await signInByApi(server, 'employee');
  await waitForDemoBook(server, admin.token);
  let first: any = null;
  await waitUntil(
    async () => {
      const res = await apiGet(server, '/api/admin/auction-loans?status=not_ready&limit=1', admin.token);
      first = res.status === 200 ? res.body.data[0] : null;
      return first != null;
    },
    { timeoutMs: 30_000, intervalMs: 500, describe: () => 'a demo loan in default on the auction list' },
  );
  loanId = first.loanId;
});

afterAll(async () => {
  await v?.context.close();
  await browser?.close();
  await server?.stop();
});

const row = (page: Page): Locator => page.locator(`[data-testid="auction-row"][data-loan-id="${loanId}"]`);
const dialog = (page: Page): Locator => page.locator('dialog[open]');

async function expectAxeClean(page: Page, what: string): Promise<void> {
  expect(await seriousAxeViolations(page), `axe on ${what}`).toEqual([]);
}

async function openAction(page: Page, name: string): Promise<Locator> {
  await row(page).getByRole('button', { name }).click();
  const modal = dialog(page);
  await modal.getByTestId('auction-action-form').waitFor();
  return modal;
}

describe('the auction management page', () => {
  it('lists the loans in default with their final auction date and status', async () => {
    v = await visitSignedIn(browser, server, admin);
    const { page } = v;
    await page.goto('/admin/auction-management');
    await page.getByRole('heading', { name: 'Auction Management', level: 1 }).waitFor();
    await row(page).waitFor();
    const api = await auctionLoan(loanId);
    const text = await row(page).innerText();
    expect(text).toContain(api.customerName);
    expect(text).toContain(rupees.format(api.outstandingAmount));
    expect(text).toContain(api.finalAuctionDate.split('-').reverse().join('/'));
    expect(text).toContain('Not ready');
    await expectAxeClean(page, 'the auction page');
    await screenshotBothWidths(page, 'console-auctions');
  });

  it('marks the loan for auction', async () => {
    const { page } = v;
    const modal = await openAction(page, 'Mark for Auction');
    await modal.getByLabel('Notes (optional)').fill('Three notices unanswered');
    await expectAxeClean(page, 'the mark-for-auction modal');
    await screenshotBothWidths(page, 'console-auctions-mark-ready');
    await modal.getByRole('button', { name: 'Mark for Auction' }).click();
    await page.getByText('Loan marked ready for auction; the customer has been notified.').waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    await row(page).and(page.locator('[data-status="ready_for_auction"]')).waitFor();
    await row(page).getByText('Ready for auction', { exact: true }).waitFor();
    const ready = await apiAgrees('ready_for_auction');
    expect(ready.auctionReadyDate).toBe(branchDate(new Date()));
  });

  it('refuses to schedule without a date, then schedules the auction', async () => {
    const { page } = v;
    const modal = await openAction(page, 'Schedule Auction');
    await modal.getByRole('button', { name: 'Schedule Auction' }).click();
    await modal.getByText('Auction date is required').waitFor();
    // Nothing was sent: the loan is still only ready.
    expect((await auctionLoan(loanId)).auctionStatus).toBe('ready_for_auction');
    await expectAxeClean(page, 'the schedule modal');
    await screenshotBothWidths(page, 'console-auctions-schedule');

    const day = branchDate(new Date(Date.now() + 7 * 24 * 3600_000));
    await modal.getByLabel('Auction date').fill(day);
    await modal.getByRole('button', { name: 'Schedule Auction' }).click();
    const longDay = new Intl.DateTimeFormat('en-IN', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${day}T00:00:00Z`));
    await page.getByText(`Auction scheduled for ${longDay}; the customer has been notified.`).waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    await row(page).and(page.locator('[data-status="auction_scheduled"]')).waitFor();
    const scheduled = await apiAgrees('auction_scheduled');
    expect(scheduled.auctionDate).toBe(day);
    // No reserve given: the server sets the floor, 90 % of the gold's value today.
    expect(scheduled.reservePrice).toBe(scheduled.minimumReservePrice);
  });

  it('marks the loan auctioned with the sale amount and shows the surplus', async () => {
    const { page } = v;
    const before = await auctionLoan(loanId);
    const modal = await openAction(page, 'Mark Auctioned');
    // Below the reserve is refused before anything is sent.
    await modal.getByLabel('Sale amount (₹)').fill(String(Math.floor(before.reservePrice) - 1));
    await modal.getByRole('button', { name: 'Mark Auctioned' }).click();
    await modal.getByText('Sale amount is below the reserve price').waitFor();

    const sale = Math.ceil(Math.max(before.reservePrice, before.outstandingAmount) + 5_000);
    await modal.getByLabel('Sale amount (₹)').fill(String(sale));
    await modal.getByTestId('sale-outcome').waitFor();
    await expectAxeClean(page, 'the mark-auctioned modal');
    await screenshotBothWidths(page, 'console-auctions-mark-auctioned');
    await modal.getByRole('button', { name: 'Mark Auctioned' }).click();
    await page.getByText(/^Loan marked as auctioned and closed\./).waitFor();
    await dialog(page).waitFor({ state: 'detached' });

    const sold = await apiAgrees('auctioned');
    expect(sold.saleAmount).toBe(sale);
    expect(sold.surplusAmount).toBeGreaterThan(0);
    const result = await page.getByTestId('auction-result').innerText();
    expect(result).toContain(rupees.format(sale));
    expect(result).toContain(`Surplus of ${rupees.format(sold.surplusAmount)} owed to the customer.`);
    await row(page).and(page.locator('[data-status="auctioned"]')).waitFor();
    expect(await row(page).getByRole('button').count()).toBe(0);
    await screenshotBothWidths(page, 'console-auctions-after-sale');
    expect(v.pageErrors).toEqual([]);
    expect(v.foreignRequests).toEqual([]);
  });

  it('sends an employee to /', async () => {
    const e = await visitSignedIn(browser, server, employee);
    await e.page.goto('/admin/auction-management');
    await e.page.waitForURL((url) => url.pathname === '/');
    await e.context.close();
  });
});
