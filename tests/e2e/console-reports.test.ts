import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../system/support/processes.js';
import { launchChromium, screenshotBothWidths, seriousAxeViolations, type Visit } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';
import { apiGet, signInByApi, visitSignedIn, waitForDemoBook, type Session } from './support/staff.js';

/**
 * The reports page in Debian's Chromium against
 * the real server with its demo book: every table shows the API's figures, each section
 * downloads its CSV, the month range asks the server again; employees get no gold returns.
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
const monthName = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthLabel = (m: string) => monthName.format(new Date(`${m}-01T00:00:00Z`));

/** The report once the projector has stopped moving it (two equal reads in a row). */
async function settledReport(area: 'admin' | 'employee', token: string, query = '') {
  let previous = '';
  let data: any;
  await waitUntil(
    async () => {
      const res = await apiGet(server, `/api/${area}/reports${query}`, token);
      if (res.status !== 200) return false;
      data = res.body.data;
      const now = JSON.stringify(data);
      const settled = now === previous;
      previous = now;
      return settled;
    },
    { timeoutMs: 60_000, intervalMs: 700, describe: () => `a settled report: ${previous.slice(0, 200)}` },
  );
  return data;
}

async function open(session: Session, path: string): Promise<Visit> {
  const v = await visitSignedIn(browser, server, session);
  visits.push(v);
  await v.page.goto(path);
  return v;
}

function expectClean(v: Visit): void {
  expect(v.pageErrors, 'uncaught errors in the page').toEqual([]);
  expect(v.foreignRequests, 'requests that left our origin').toEqual([]);
}

/** The body rows of a section's table: the row header, then each cell by its column key. */
async function tableRows(page: Page, id: string): Promise<Array<Record<string, string>>> {
  return page.locator(`table[data-report="${id}"] tbody tr`).evaluateAll((rows) =>
    rows.map((row) => {
      const out: Record<string, string> = { head: row.querySelector('th')?.textContent?.trim() ?? '' };
      for (const td of row.querySelectorAll('td')) {
        out[td.getAttribute('data-key') ?? ''] = td.textContent?.trim() ?? '';
      }
      return out;
    }),
  );
}

const section = (page: Page, id: string): Locator => page.locator(`[data-section="${id}"]`);

async function download(page: Page, buttonName: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: buttonName }).click(),
  ]);
  const text = await readFile((await file.path())!, 'utf8');
  return { name: file.suggestedFilename(), lines: text.split('\r\n').filter((l) => l !== '') };
}

/** The page's tables against the API's answer, figure by figure. */
async function expectFigures(page: Page, d: any) {
  expect(await tableRows(page, 'disbursements')).toEqual(
    d.disbursements.map((m: any) => ({
      head: monthLabel(m.month),
      loans: grouped.format(m.loans),
      amount: money(m.amount),
    })),
  );
  expect(await tableRows(page, 'collections')).toEqual(
    d.collections.map((m: any) => ({
      head: monthLabel(m.month),
      payments: grouped.format(m.payments),
      interest: money(m.interest),
      principal: money(m.principal),
      amount: money(m.amount),
    })),
  );
  expect(await tableRows(page, 'upgrades')).toEqual(
    d.upgradesPerMonth.map((m: any) => ({
      head: monthLabel(m.month),
      toLevel1: grouped.format(m.toLevel1),
      toLevel2: grouped.format(m.toLevel2),
      toLevel3: grouped.format(m.toLevel3),
      total: grouped.format(m.total),
    })),
  );
}

beforeAll(async () => {
  server = await startServer('e2e: console reports');
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

describe('the admin reports page', () => {
  let v: Visit;
  let report: any;

  it("shows every section with a chart and the API's figures", async () => {
    report = await settledReport('admin', admin.token);
    v = await open(admin, '/admin/reports');
    const { page } = v;
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.locator('table[data-report="collections"]').waitFor();

    for (const id of ['overdue', 'portfolio', 'disbursements', 'collections', 'upgrades', 'upgrade-levels']) {
      await section(page, id).locator('svg.recharts-surface').first().waitFor();
    }
    await section(page, 'gold-returns').locator('svg.recharts-surface').first().waitFor();
    expect(await section(page, 'collections').locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    expect(await section(page, 'portfolio').locator('.recharts-pie-sector').count()).toBeGreaterThan(0);

    await expectFigures(page, report);
    expect(await tableRows(page, 'overdue')).toEqual(
      report.overdue.map((b: any) => ({
        head: b.maxDays === null ? `Over ${b.minDays - 1} days` : `${b.minDays}–${b.maxDays} days`,
        installments: grouped.format(b.installments),
        loans: grouped.format(b.loans),
        amount: money(b.amount),
      })),
    );
    expect(await tableRows(page, 'portfolio')).toEqual(
      report.portfolio.map((p: any) => ({
        head: p.status.charAt(0).toUpperCase() + p.status.slice(1),
        loans: grouped.format(p.loans),
        amount: money(p.amount),
        principalOutstanding: money(p.principalOutstanding),
      })),
    );
    expect(await tableRows(page, 'gold-returns')).toEqual(
      report.goldReturns.byStatus.map((s: any) => ({
        head: s.status.charAt(0).toUpperCase() + s.status.slice(1),
        count: grouped.format(s.count),
      })),
    );
    // The demo book has activity to show.
    expect(report.disbursements.some((m: any) => m.loans > 0)).toBe(true);
    expect(report.collections.some((m: any) => m.payments > 0)).toBe(true);

    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'console-reports-admin');
    expectClean(v);
  });

  it('downloads each section as CSV: a header and one row per month or bucket', async () => {
    const { page } = v;
    const collections = await download(page, 'Download CSV: Collections');
    expect(collections.name).toBe(`goldledger-collections-${report.from}-to-${report.to}.csv`);
    expect(collections.lines[0]).toBe('Month,Payments,Interest,Principal,Total collected');
    expect(collections.lines).toHaveLength(1 + report.collections.length);
    const plain = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));
    expect(collections.lines.slice(1)).toEqual(
      report.collections.map((m: any) =>
        [m.month, m.payments, plain(m.interest), plain(m.principal), plain(m.amount)].join(','),
      ),
    );

    const overdue = await download(page, 'Download CSV: Overdue ageing');
    expect(overdue.name).toBe(`goldledger-overdue-${report.asOf}.csv`);
    expect(overdue.lines[0]).toBe('Days overdue,Installments,Loans,Amount overdue');
    expect(overdue.lines).toHaveLength(1 + 4);
    expect(overdue.lines[4]).toBe(
      [
        'Over 90 days',
        report.overdue[3].installments,
        report.overdue[3].loans,
        plain(report.overdue[3].amount),
      ].join(','),
    );

    const returns = await download(page, 'Download CSV: Gold returns');
    expect(returns.lines).toEqual([
      'Return status,Loans',
      ...report.goldReturns.byStatus.map(
        (s: any) => `${s.status.charAt(0).toUpperCase() + s.status.slice(1)},${s.count}`,
      ),
    ]);
    expectClean(v);
  });

  it('asks the server again for another month range, and explains a backwards one', async () => {
    const { page } = v;
    const to = report.to as string;
    const [y, m] = to.split('-').map(Number) as [number, number];
    const back = new Date(Date.UTC(y, m - 1 - 2, 1));
    const from = `${back.getUTCFullYear()}-${String(back.getUTCMonth() + 1).padStart(2, '0')}`;

    await page.getByLabel('From month').fill(to);
    await page.getByLabel('To month').fill(from);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.getByText('From month must not be after the to month').waitFor();

    await page.getByLabel('From month').fill(from);
    await page.getByLabel('To month').fill(to);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.locator('table[data-report="collections"] tbody tr').nth(2).waitFor();
    await waitUntil(
      async () => (await page.locator('table[data-report="collections"] tbody tr').count()) === 3,
      {
        timeoutMs: 10_000,
        intervalMs: 100,
        describe: () => 'three months in the collections table',
      },
    );
    const ranged = await settledReport('admin', admin.token, `?from=${from}&to=${to}`);
    expect(ranged.disbursements).toHaveLength(3);
    await expectFigures(page, ranged);

    const csv = await download(page, 'Download CSV: Disbursements');
    expect(csv.name).toBe(`goldledger-disbursements-${from}-to-${to}.csv`);
    expect(csv.lines).toEqual([
      'Month,Loans disbursed,Amount disbursed',
      ...ranged.disbursements.map(
        (d: any) => `${d.month},${d.loans},${Number.isInteger(d.amount) ? d.amount : d.amount.toFixed(2)}`,
      ),
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expectClean(v);
  });
});

describe('the employee reports page', () => {
  it('shows the same figures without gold returns, from the employee endpoint', async () => {
    const report = await settledReport('employee', employee.token);
    expect(report.goldReturns).toBeUndefined();
    const v = await open(employee, '/employee/reports');
    const { page } = v;
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.locator('table[data-report="collections"]').waitFor();
    await section(page, 'collections').locator('svg.recharts-surface').first().waitFor();
    await expectFigures(page, report);

    expect(await section(page, 'gold-returns').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Gold returns' }).count()).toBe(0);
    expect(v.responses.filter((r) => new URL(r.url).pathname.startsWith('/api/admin/'))).toEqual([]);

    const upgrades = await download(page, 'Download CSV: Upgrades');
    expect(upgrades.lines[0]).toBe('Month,To level 1,To level 2,To level 3,Upgrades');
    expect(upgrades.lines).toHaveLength(1 + report.upgradesPerMonth.length);

    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'console-reports-employee');
    expectClean(v);
  });
});
