import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../system/support/processes.js';
import { launchChromium, screenshotBothWidths, seriousAxeViolations, type Visit } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';
import { apiGet, signInByApi, visitSignedIn, waitForDemoBook, type Session } from './support/staff.js';

/**
 * The staff dashboards (figures, gold rate, charts) in Debian's
 * Chromium against the real server with its demo book: the figures shown are the API's,
 * the charts draw, the admin updates the gold rate, the employee sees no admin parts.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let employee: Session;
const visits: Visit[] = [];

const grouped = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const money = (n: number) => rupees.format(n);

/** The portfolio once the projector has stopped moving it (two equal reads in a row). */
async function settledPortfolio(area: 'admin' | 'employee', token: string) {
  let previous = '';
  let portfolio: Record<string, number> = {};
  await waitUntil(
    async () => {
      const res = await apiGet(server, `/api/${area}/loans?limit=1`, token);
      if (res.status !== 200) return false;
      portfolio = res.body.portfolio;
      const now = JSON.stringify(portfolio);
      const settled = now === previous;
      previous = now;
      return settled;
    },
    { timeoutMs: 60_000, intervalMs: 700, describe: () => `a settled portfolio: ${previous}` },
  );
  return portfolio;
}

async function open(session: Session, path: string): Promise<Visit> {
  const v = await visitSignedIn(browser, server, session);
  visits.push(v);
  await v.page.goto(path);
  return v;
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).trim();

function expectClean(v: Visit): void {
  expect(v.pageErrors, 'uncaught errors in the page').toEqual([]);
  expect(v.foreignRequests, 'requests that left our origin').toEqual([]);
}

beforeAll(async () => {
  server = await startServer('e2e: console dashboard');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  employee = await signInByApi(server, 'employee');
  await waitForDemoBook(server, admin.token);
});

afterAll(async () => {
  for (const v of visits) await v.context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

describe('the admin dashboard', () => {
  let v: Visit;

  it("shows today's dues, the API's portfolio, the charts and the loans table", async () => {
    const portfolio = await settledPortfolio('admin', admin.token);
    v = await open(admin, '/admin/dashboard');
    const { page } = v;
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Portfolio Overview' }).waitFor();
    await page.getByTestId('portfolio-total-loans').waitFor();

    expect(await text(page, 'portfolio-total-loans')).toBe(grouped.format(portfolio.totalLoans!));
    expect(await text(page, 'portfolio-active-loans')).toBe(grouped.format(portfolio.activeLoans!));
    expect(await text(page, 'portfolio-closed-loans')).toBe(grouped.format(portfolio.closedLoans!));
    expect(await text(page, 'portfolio-total-amount')).toBe(money(portfolio.totalAmount!));

    // Today's Due Payments: a card per installment due today, and no section when none are.
    const due = (await apiGet(server, '/api/notifications/todays-due', admin.token)).body.data as Array<{
      customerName: string;
      amount: number;
    }>;
    if (due.length > 0) {
      await page.getByRole('heading', { name: "Today's Due Payments" }).waitFor();
      expect(await page.getByTestId('due-today-card').count()).toBe(due.length);
      const first = await page.getByTestId('due-today-card').first().innerText();
      expect(first).toContain('Due Today');
      expect(first).toContain(due[0]!.customerName);
      expect(first).toContain(money(due[0]!.amount));
    } else {
      expect(await page.getByRole('heading', { name: "Today's Due Payments" }).count()).toBe(0);
    }

    // The charts draw (recharts, loaded on demand): bars per month, slices by status.
    const flow = page.locator('[data-chart-card="flow"]');
    await flow.locator('svg .recharts-bar-rectangle').first().waitFor();
    expect(await flow.locator('svg .recharts-bar-rectangle').count()).toBeGreaterThan(0);
    const pie = page.locator('[data-chart-card="portfolio"]');
    await pie.locator('svg .recharts-pie-sector').first().waitFor();
    expect(await pie.locator('svg .recharts-pie-sector').count()).toBeGreaterThan(1);
    await page.locator('[data-chart-card="upgrades"] svg').first().waitFor();
    await page.locator('[data-chart-card="levels"] svg .recharts-bar-rectangle').first().waitFor();
    // Each chart is a labelled image with its figures in a table for screen readers: 12 months.
    expect(await page.getByRole('img', { name: /^Disbursed and collected per month\./ }).count()).toBe(1);
    expect(await page.locator('#chart-table-flow tbody tr').count()).toBe(12);
    const reports = (await apiGet(server, '/api/admin/reports', admin.token)).body.data;
    const shownActive = await page
      .locator('#chart-table-portfolio tbody tr')
      .first()
      .locator('td')
      .first()
      .textContent();
    expect(shownActive?.trim()).toBe(grouped.format(reports.portfolio[0].loans));

    // Add New Loan leads to the admin's wizard.
    expect(await page.getByRole('link', { name: 'Add New Loan' }).getAttribute('href')).toBe(
      '/admin/add-loan',
    );

    // The loans table (features/loans): its admin columns, and rows from the book.
    const loansTable = page.getByRole('table', { name: 'Loans' });
    await loansTable.getByRole('columnheader', { name: 'Loan Details' }).waitFor();
    // An admin's column (below 1440 px it gives its room to the customer's name).
    expect(await loansTable.locator('th', { hasText: 'Created By' }).count()).toBe(1);
    await loansTable.locator('tbody tr').first().waitFor();
    expect(await loansTable.locator('tbody tr').count()).toBeGreaterThan(0);

    await page.getByRole('heading', { name: 'Gold Rate Management' }).waitFor();
    await page.getByTestId('current-gold-rate').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'console-dashboard-admin');
    expectClean(v);
  });

  it('updates the gold rate: the success message, then the new rate from the API', async () => {
    const { page } = v;
    const before = (await apiGet(server, '/api/settings/gold-rate', admin.token)).body.rate as number;
    const next = before === 7345.5 ? 7350.25 : 7345.5;
    const card = page.getByTestId('gold-rate-management');
    await card.getByLabel('Gold rate per gram (₹)').fill(String(next));
    await card.getByRole('button', { name: 'Update Rate' }).click();

    const message = page.getByTestId('gold-rate-message');
    await message.waitFor();
    expect((await message.innerText()).trim()).toBe('Gold rate updated successfully!');
    // Green: the success tone (role status), not an alert.
    expect(
      await card.getByRole('status').filter({ hasText: 'Gold rate updated successfully!' }).count(),
    ).toBe(1);

    const after = await apiGet(server, '/api/settings/gold-rate', admin.token);
    expect(after.body.rate).toBe(next);
    // The page shows the new rate, and its history gained the change.
    await card
      .getByTestId('current-gold-rate')
      .filter({ hasText: money(next) })
      .waitFor();
    const history = (await apiGet(server, '/api/settings/gold-rate/history', admin.token)).body.data;
    expect(history[0].rate).toBe(next);
    await card.locator('svg .recharts-line-curve').first().waitFor();
    await screenshotBothWidths(page, 'console-dashboard-gold-rate');

    // A confirmation clears after 3000 ms.
    await message.waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('refuses an empty or zero rate with a clear message and changes nothing', async () => {
    const { page } = v;
    const before = (await apiGet(server, '/api/settings/gold-rate', admin.token)).body;
    const historyBefore = (await apiGet(server, '/api/settings/gold-rate/history', admin.token)).body.data
      .length;
    const card = page.getByTestId('gold-rate-management');
    const field = card.getByLabel('Gold rate per gram (₹)');

    await field.fill('');
    await card.getByRole('button', { name: 'Update Rate' }).click();
    await card.getByText('Please enter the gold rate per gram').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    await field.fill('0');
    await field.press('Enter');
    await card.getByText('Gold rate must be a positive number').waitFor();
    expect(await page.getByTestId('gold-rate-message').count()).toBe(0);

    const after = (await apiGet(server, '/api/settings/gold-rate', admin.token)).body;
    expect(after).toEqual(before);
    const historyAfter = (await apiGet(server, '/api/settings/gold-rate/history', admin.token)).body.data
      .length;
    expect(historyAfter).toBe(historyBefore);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expectClean(v);
  });
});

describe('the employee dashboard', () => {
  it('shows the same book without Gold Rate Management or who created a loan', async () => {
    const portfolio = await settledPortfolio('employee', employee.token);
    const v = await open(employee, '/employee/dashboard');
    const { page } = v;
    await page.getByRole('heading', { name: 'Employee Dashboard', level: 1 }).waitFor();
    await page.getByTestId('portfolio-total-loans').waitFor();
    expect(await text(page, 'portfolio-total-loans')).toBe(grouped.format(portfolio.totalLoans!));
    expect(await text(page, 'portfolio-total-amount')).toBe(money(portfolio.totalAmount!));
    await page.locator('[data-chart-card="flow"] svg .recharts-bar-rectangle').first().waitFor();

    expect(await page.getByRole('link', { name: 'Add New Loan' }).getAttribute('href')).toBe(
      '/employee/add-loan',
    );
    const loansTable = page.getByRole('table', { name: 'Loans' });
    await loansTable.getByRole('columnheader', { name: 'Loan Details' }).waitFor();
    await loansTable.locator('tbody tr').first().waitFor();

    expect(await page.getByRole('heading', { name: 'Gold Rate Management' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Update Rate' }).count()).toBe(0);
    expect(await page.getByText('Created By').count()).toBe(0);
    // Nothing the page asked for was an admin path.
    expect(v.responses.filter((r) => new URL(r.url).pathname.startsWith('/api/admin/'))).toEqual([]);

    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'console-dashboard-employee');
    expectClean(v);
  });
});
