import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../system/support/processes.js';
import { launchChromium, screenshotBothWidths, VIEWPORTS } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';
import { apiGet, signInByApi, visitSignedIn, waitForDemoBook, type Session } from './support/staff.js';

/**
 * Issue 19 point 4: the loan book one line a loan. At 1280 × 800 fifteen and more rows fit
 * the screen on Loans Management and both dashboards, the page scrolls (no box inside it
 * does), the rows carry the next due and the overdue amount in colour, and the expanded row
 * fits the width; on a phone each loan is a card and the page stays as wide as the screen.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let employee: Session;

beforeAll(async () => {
  server = await startServer('e2e: dense loans');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  employee = await signInByApi(server, 'employee');
  await waitForDemoBook(server, admin.token);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function rowsShown(page: Page, atLeast: number): Promise<void> {
  await waitUntil(async () => (await page.getByTestId('loan-row').count()) >= atLeast, {
    timeoutMs: 20_000,
    intervalMs: 100,
    describe: () => `at least ${atLeast} loan rows`,
  });
}

/** Scrolls the page so the loans table's search sits at the top of the window, under the bar. */
const searchToTop = (page: Page) =>
  page.getByLabel('Search loans').evaluate((el) => {
    window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 100);
  });

/** Loan rows whose whole box lies inside the window. */
const rowsInViewport = (page: Page) =>
  page
    .getByTestId('loan-row')
    .evaluateAll((rows) =>
      rows.filter((r) => {
        const box = r.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
      }),
    )
    .then((r) => r.length);

/** No element between the table and the page scrolls up and down on its own. */
const innerScrollBoxes = (page: Page) =>
  page.getByRole('table', { name: 'Loans', exact: true }).evaluate((table) => {
    const found: string[] = [];
    for (let el = table.parentElement; el && el !== document.body; el = el.parentElement) {
      const style = getComputedStyle(el);
      if (/(auto|scroll)/.test(style.overflowY) && el.scrollHeight > el.clientHeight + 1)
        found.push(`${el.tagName.toLowerCase()}.${el.className}`);
    }
    return found;
  });

interface ApiLoan {
  _id: string;
  loanId: string;
  goldItems: unknown[];
  nextDue: { date: string; amount: number; inDays: number } | null;
  overdue: { amount: number; since: string | null };
}

async function firstPage(area: 'admin' | 'employee', token: string): Promise<ApiLoan[]> {
  const res = await apiGet(server, `/api/${area}/loans?limit=20`, token);
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('the one-line loan rows', () => {
  it('fit fifteen and more at 1280 × 800 on Loans Management, with next due and overdue in colour', async () => {
    const v = await visitSignedIn(browser, server, admin);
    const { page } = v;
    await page.goto('/admin/loans');
    await rowsShown(page, 20);
    // At the top of the page the heading and filters come first (ten rows show); with the
    // table's search at the top of the window, fifteen and more.
    expect(await rowsInViewport(page)).toBeGreaterThanOrEqual(10);
    await searchToTop(page);
    expect(await rowsInViewport(page)).toBeGreaterThanOrEqual(15);
    expect(await innerScrollBoxes(page)).toEqual([]);
    const region = page.getByRole('region', { name: 'Loans', exact: true });
    const overflow = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(overflow.scroll).toBeLessThanOrEqual(overflow.client);

    // The row's figures are the API's: the overdue amount in red, a due date within a week in amber.
    const loans = await firstPage('admin', admin.token);
    for (const loan of loans) {
      const row = page.locator(`[data-testid="loan-row"][data-loan-id="${loan.loanId}"]`);
      const soon = loan.nextDue !== null && loan.nextDue.inDays <= 7;
      expect(await row.locator('[data-tone="due-soon"]').count(), loan.loanId).toBe(soon ? 1 : 0);
      expect(await row.locator('[data-tone="overdue"]').count(), loan.loanId).toBe(
        loan.overdue.amount > 0 ? 1 : 0,
      );
    }
    // A loan behind on its installments (older than the first page): its overdue amount in red.
    const book = await apiGet(server, '/api/admin/loans?limit=100', admin.token);
    const overdue = (book.body.data as ApiLoan[]).find((l) => l.overdue.amount > 0);
    expect(overdue, 'a demo loan behind on its installments').toBeDefined();
    await page.getByLabel('Search loans').fill(overdue!.loanId);
    const overdueCell = page
      .locator(`[data-testid="loan-row"][data-loan-id="${overdue!.loanId}"]`)
      .locator('[data-tone="overdue"]');
    await overdueCell.waitFor();
    expect((await overdueCell.innerText()).replace(/\D/g, '')).toBe(
      String(Math.round(overdue!.overdue.amount)),
    );
    expect(await overdueCell.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(180, 35, 24)');
    await page.getByLabel('Search loans').fill('');
    await rowsShown(page, 20);
    await screenshotBothWidths(page, 'dense-loans-management');
    await v.context.close();
  });

  it('expands to the loan’s actions, customer, gold and schedule without widening the table', async () => {
    const v = await visitSignedIn(browser, server, admin);
    const { page } = v;
    await page.goto('/admin/loans');
    await rowsShown(page, 20);
    const loans = await firstPage('admin', admin.token);
    // The loan with the most gold items: the widest expanded row.
    const loan = [...loans].sort((a, b) => b.goldItems.length - a.goldItems.length)[0]!;
    await page.getByRole('button', { name: `Details of ${loan.loanId}` }).click();
    const details = page.locator(`[data-testid="loan-details"][data-loan-id="${loan.loanId}"]`);
    await details.waitFor();
    await details.getByRole('button', { name: `Slip ${loan.loanId}` }).waitFor();
    await details.getByRole('columnheader', { name: 'Purity' }).waitFor();
    // Below 1440 px the Created By column gives its room to the name; the admin reads it here,
    // and the columns still line up with the expanded row (no empty column at the end).
    const creator = (await apiGet(server, `/api/loans/${loan._id}`, admin.token)).body.data.createdBy;
    expect(await details.locator('dt:text-is("Created by") + dd').innerText()).toBe(creator.name);
    expect(await page.locator('th', { hasText: 'Created By' }).evaluate((th) => th.clientWidth)).toBe(0);
    const region = page.getByRole('region', { name: 'Loans', exact: true });
    const widths = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    const cell = await details.evaluate((el) => {
      const td = el.closest('td')!;
      return { scroll: td.scrollWidth, client: td.clientWidth };
    });
    expect(cell.scroll).toBeLessThanOrEqual(cell.client);
    // Every action and the purity column lie within the window.
    for (const box of [
      await details.getByRole('group', { name: `Actions on ${loan.loanId}` }).boundingBox(),
      await details.getByRole('columnheader', { name: 'Purity' }).boundingBox(),
    ]) {
      expect(box!.x + box!.width).toBeLessThanOrEqual(VIEWPORTS.desktop.width);
    }
    await screenshotBothWidths(page, 'dense-loans-expanded');
    await v.context.close();
  });

  for (const [role, path] of [
    ['admin', '/admin/dashboard'],
    ['employee', '/employee/dashboard'],
  ] as const) {
    it(`fit fifteen and more at 1280 × 800 on the ${role}'s dashboard once its table is in view`, async () => {
      const v = await visitSignedIn(browser, server, role === 'admin' ? admin : employee);
      const { page } = v;
      await page.goto(path);
      await rowsShown(page, 20);
      // The dashboard's cards come first: bring the table's search to the top, under the bar.
      // Its cards and charts arrive on their own reads and push the table down as they do:
      // scroll again until the page has settled.
      await expect
        .poll(
          async () => {
            await searchToTop(page);
            return rowsInViewport(page);
          },
          { timeout: 10_000 },
        )
        .toBeGreaterThanOrEqual(15);
      expect(await innerScrollBoxes(page)).toEqual([]);
      await screenshotBothWidths(page, `dense-loans-${role}-dashboard`);
      await v.context.close();
    });
  }
});
