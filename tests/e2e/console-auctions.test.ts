import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
} from './support/staff.js';

/**
 * Auction management and the auction file (issue 18) in Debian's Chromium against the real
 * server. The demo book has loans in default: the admin lists one, sends the borrower's
 * notice, dates the auction 30 days on at a venue in the branch's town, records the public
 * notice, a cost and the bidders (a member of staff refused), then, with the server's clock
 * moved to the auction day, records the sale from the bids, sees the settlement and pays
 * the surplus out. The API agrees at each step.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let employee: Session;
/** The loan in default taken to auction. */
let loanId: string;
let v: Visit;

const DAY_MS = 24 * 3_600_000;

async function auctionLoan(id: string): Promise<any> {
  const res = await apiGet(server, '/api/admin/auction-loans?limit=500', admin.token);
  expect(res.status).toBe(200);
  return (res.body.data as any[]).find((r) => r.loanId === id) ?? null;
}

async function fileOf(id: string): Promise<any> {
  const res = await apiGet(server, `/api/admin/loans/${id}/auction`, admin.token);
  expect(res.status).toBe(200);
  return res.body.data;
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
const section = (page: Page, id: string): Locator => page.getByTestId(id);

async function expectAxeClean(page: Page, what: string): Promise<void> {
  expect(await seriousAxeViolations(page), `axe on ${what}`).toEqual([]);
}

/** The gold price register's 916 close for each day the clock skipped (the valuation reads yesterday's). */
async function pricesUntil(today: string, days: number): Promise<void> {
  const lines = ['date,purity,pricePerGram'];
  for (let k = days; k >= 1; k--) {
    const d = new Date(Date.parse(`${today}T00:00:00Z`) - k * DAY_MS).toISOString().slice(0, 10);
    lines.push(`${d},916,11000`);
  }
  const res = await apiSend(server, 'POST', '/api/admin/gold-prices/import', admin.token, {
    csv: lines.join('\n'),
  });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
}

describe('the auction management page', () => {
  it('lists the loans in default with their final auction date and the rules', async () => {
    v = await visitSignedIn(browser, server, admin);
    const { page } = v;
    await page.goto('/admin/auction-management');
    await page.getByRole('heading', { name: 'Auction Management', level: 1 }).waitFor();
    await row(page).waitFor();
    const api = await auctionLoan(loanId);
    const text = await row(page).innerText();
    expect(text).toContain(api.customerName);
    expect(text).toContain(api.finalAuctionDate.split('-').reverse().join('/'));
    expect(text).toContain('Not ready');
    await page
      .getByText(/a notice to the borrower by SMS, email and registered post, at least\s+30 days ahead/)
      .waitFor();
    await expectAxeClean(page, 'the auction page');
    await screenshotBothWidths(page, 'console-auctions');
  });

  it('marks the loan for auction and opens its auction file', async () => {
    const { page } = v;
    await row(page).getByRole('button', { name: 'Mark for Auction' }).click();
    const modal = dialog(page);
    await modal.getByTestId('auction-action-form').waitFor();
    await modal.getByLabel('Notes (optional)').fill('Three notices unanswered');
    await modal.getByRole('button', { name: 'Mark for Auction' }).click();
    await page.getByText('Loan marked ready for auction; the customer has been notified.').waitFor();
    await apiAgrees('ready_for_auction');
    await row(page)
      .getByRole('link', { name: `Auction file: ${loanId}` })
      .click();
    await page.getByRole('heading', { name: `Auction file: ${loanId}`, level: 1 }).waitFor();
    await page
      .getByTestId('next-steps')
      .getByText('Send the notice to the borrower (SMS, email and registered post)')
      .waitFor();
    await expectAxeClean(page, 'the auction file');
    await screenshotBothWidths(page, 'console-auction-file-listed');
  });
});

describe('the auction file', () => {
  it('sends the borrower’s notice with the registered post recorded', async () => {
    const { page } = v;
    const notice = section(page, 'notice-section');
    await notice.getByLabel('Registered post reference').fill('RK123456789IN');
    await notice.getByRole('button', { name: 'Send Notice' }).click();
    await page
      .getByText(/^Auction notice sent to the borrower by SMS/)
      .first()
      .waitFor();
    const file = await fileOf(loanId);
    expect(file.notice).toMatchObject({ postReference: 'RK123456789IN', language: 'en' });
    await notice.getByText('RK123456789IN', { exact: false }).waitFor();
  });

  it('refuses a date inside the notice, then schedules on its 30th day at a venue in the branch’s town', async () => {
    const { page } = v;
    const file = await fileOf(loanId);
    const town = file.branch.address.split(',').at(-2).trim();
    const schedule = section(page, 'schedule-section');
    const earlier = new Date(Date.parse(`${file.notice.auctionNotBefore}T00:00:00Z`) - DAY_MS)
      .toISOString()
      .slice(0, 10);
    await schedule.getByLabel('Auction date').fill(earlier);
    await schedule.getByLabel('Venue address').fill('Town Hall, JC Road');
    await schedule.getByLabel('Venue town').fill(town);
    await schedule.getByRole('button', { name: 'Schedule Auction' }).click();
    await schedule.getByText(/^The borrower's notice runs until/).waitFor();
    await screenshotBothWidths(page, 'console-auction-file-notice');
    await schedule.getByLabel('Auction date').fill(file.notice.auctionNotBefore);
    await schedule.getByRole('button', { name: 'Schedule Auction' }).click();
    await page
      .getByText(/^Auction scheduled for .*; the customer has been notified\.$/)
      .first()
      .waitFor();
    const scheduled = await apiAgrees('auction_scheduled');
    expect(scheduled.auctionDate).toBe(file.notice.auctionNotBefore);
    expect(scheduled.reservePrice).toBeGreaterThan(0);
  });

  it('records the public notice, a cost, and the bidders, refusing a member of staff', async () => {
    const { page } = v;
    const papers = section(page, 'public-notice-section');
    await papers.getByLabel('Vernacular newspaper: name').fill('Prajavani');
    await papers.getByLabel('Vernacular newspaper: language').fill('Kannada');
    await papers.getByLabel('National newspaper: name').fill('The Hindu');
    await papers.getByRole('button', { name: 'Record Public Notice' }).click();
    await page.getByText('Public notice recorded.').first().waitFor();

    const costs = section(page, 'costs-section');
    await costs.getByLabel('Amount (₹)').fill('2400');
    await costs.getByLabel('Cost description').fill('Two newspaper notices');
    await costs.getByRole('button', { name: 'Record Cost' }).click();
    await page.getByText('Cost of ₹2,400 recorded.').first().waitFor();

    const staff = (await apiGet(server, '/api/admin/employees', admin.token)).body.data;
    const clerk = staff.find((s: any) => s.role === 'employee');
    const bidders = section(page, 'bidders-section');
    const register = async (name: string, mobile: string, idNumber: string) => {
      await bidders.getByLabel('Bidder name').fill(name);
      await bidders.getByLabel('Mobile').fill(mobile);
      await bidders.getByLabel('ID type').selectOption('pan');
      await bidders.getByLabel('ID number').fill(idNumber);
      await bidders.getByLabel('Bidder address').fill('14 Avenue Road');
      await bidders.getByRole('button', { name: 'Register Bidder' }).click();
    };
    await register('Counter Clerk', clerk.primaryMobile, 'ABCPM1111K');
    await bidders
      .getByText(/^Bidder refused: matches .*, a member of the lender's staff \(same mobile\)/)
      .waitFor();
    await expectAxeClean(page, 'the bidder refusal');
    await screenshotBothWidths(page, 'console-auction-file-bidder-refused');
    await register('Manjunath Bullion', '9845012345', 'ABCPM1234K');
    await page.getByText('Bidder Manjunath Bullion registered.').first().waitFor();
    await register('Lakshmi Jewellers', '9845098450', 'ABCPL5678Q');
    await page.getByText('Bidder Lakshmi Jewellers registered.').first().waitFor();
    await bidders.getByTestId('bidder-row').nth(1).waitFor();
    expect(await bidders.getByTestId('bidder-row').count()).toBe(2);
    await screenshotBothWidths(page, 'console-auction-file-scheduled');
  });

  it('on the auction day, records the sale from the bids and shows the settlement and the surplus due', async () => {
    const { page } = v;
    const before = await fileOf(loanId);
    const days = Math.round((Date.parse(before.auctionDate) - Date.parse(before.today)) / DAY_MS);
    await server.advanceClock(days * DAY_MS);
    await pricesUntil(before.auctionDate, days + 1);
    await page.reload();
    const result = section(page, 'result-section');
    await result.getByRole('button', { name: 'Mark Auctioned' }).waitFor();
    const reserve = before.reservePrice;
    const owed = before.totalCosts + 1; // the waterfall is the server's; any sale well above the reserve leaves a surplus
    const top = Math.ceil(Math.max(reserve, owed) * 1.5);
    await result.getByLabel('Bid by Manjunath Bullion').fill(String(top));
    await result.getByLabel('Bid by Lakshmi Jewellers').fill(String(top - 1_000));
    await expectAxeClean(page, 'the result form');
    await screenshotBothWidths(page, 'console-auction-file-result');
    await result.getByRole('button', { name: 'Mark Auctioned' }).click();
    await page
      .getByText(/^Loan marked as auctioned and closed\./)
      .first()
      .waitFor();
    const settlement = section(page, 'settlement-section');
    await settlement.getByTestId('surplus').waitFor();
    const file = await fileOf(loanId);
    expect(file.sale).toMatchObject({
      saleAmount: top,
      winningBidder: { name: 'Manjunath Bullion' },
      surplusRefunded: 0,
    });
    expect(file.sale.surplus).toBeGreaterThan(0);
    expect(file.sale.settled.costs).toBe(2_400);
    await settlement.getByText(/\(7 working days\)/).waitFor();
    await apiAgrees('auctioned');
    await expectAxeClean(page, 'the settlement');
    await screenshotBothWidths(page, 'console-auction-file-sold');
  });

  it('pays the surplus out and counts the working days it took', async () => {
    const { page } = v;
    const settlement = section(page, 'settlement-section');
    await settlement.getByLabel('Reference (UTR, cheque number, voucher)').fill('UTR-SURPLUS-1');
    await settlement.getByRole('button', { name: 'Record Surplus Payout' }).click();
    await page
      .getByText(/^Refund recorded; nothing more is due/)
      .first()
      .waitFor();
    await settlement.getByText(/^0 \(paid /).waitFor();
    const file = await fileOf(loanId);
    expect(file.sale).toMatchObject({
      surplusRefunded: file.sale.surplus,
      workingDaysTaken: 0,
      refundOverdue: false,
    });
    for (const doc of ['statement', 'report']) {
      const res = await fetch(`${server.url}/api/admin/loans/${loanId}/auction/${doc}`, {
        headers: { 'x-auth-token': admin.token },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
    }
    await page.getByRole('button', { name: 'Borrower Statement (PDF)' }).waitFor();
    await screenshotBothWidths(page, 'console-auction-file-refunded');
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
