import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate, futurePortfolioMessage } from '@goldledger/contracts';
import { waitUntil } from '../system/support/processes.js';
import {
  ARTIFACTS_DIR,
  launchChromium,
  screenshotBothWidths,
  seriousAxeViolations,
  VIEWPORTS,
  type Visit,
} from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';
import { apiGet, signInByApi, visitSignedIn, waitForDemoBook, type Session } from './support/staff.js';

/**
 * The portfolio as of a day on the admin reports page (issue 18), in Debian's Chromium
 * against the real server and its demo book: the headline and the class table show the
 * API's figures, the chart draws, the CSV comes from the server, a later day is refused.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
const visits: Visit[] = [];
const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

beforeAll(async () => {
  server = await startServer('e2e: console portfolio');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  await waitForDemoBook(server, admin.token);
});

afterAll(async () => {
  for (const v of visits) await v.context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

describe('the portfolio as of a day', () => {
  it("shows today's book with its chart and the API's figures, downloads the CSV, and refuses a later day", async () => {
    let report: any;
    let previous = '';
    // The projector may still be writing the demo book's branch names: two equal answers in a row.
    await waitUntil(
      async () => {
        const res = await apiGet(server, '/api/admin/reports/portfolio', admin.token);
        report = res.body.data;
        const now = JSON.stringify(report);
        const settled = res.status === 200 && now === previous && report.total.loans > 0;
        previous = now;
        return settled;
      },
      {
        timeoutMs: 60_000,
        intervalMs: 700,
        describe: () => `a settled portfolio: ${previous.slice(0, 200)}`,
      },
    );
    const v = await visitSignedIn(browser, server, admin);
    visits.push(v);
    const { page } = v;
    await page.goto('/admin/reports');
    const section = page.locator('[data-section="portfolio-as-of"]');
    await section.locator('svg.recharts-surface').first().waitFor();
    expect(await section.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);

    const tile = (label: string) =>
      section.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
    expect(await tile('Open loans').textContent()).toBe(
      new Intl.NumberFormat('en-IN').format(report.total.loans),
    );
    expect(await tile('Outstanding principal').textContent()).toBe(
      rupees.format(Math.round(report.total.principalPaise / 100)),
    );
    expect(await tile('Interest receivable').textContent()).toBe(
      rupees.format(Math.round(report.total.interestPaise / 100)),
    );
    const classRows = await section
      .locator('table[data-report="portfolio-classes"] tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => [r.querySelector('th')?.textContent, r.querySelector('td')?.textContent]),
      );
    expect(classRows).toEqual([
      ['Standard', String(report.total.classes[0].loans)],
      ['SMA-0', String(report.total.classes[1].loans)],
      ['SMA-1', String(report.total.classes[2].loans)],
      ['SMA-2', String(report.total.classes[3].loans)],
      ['NPA', String(report.total.classes[4].loans)],
    ]);

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV: Portfolio as of a day', exact: true }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`portfolio-${report.asOf}.csv`);
    const lines = (await readFile((await file.path())!, 'utf8')).split('\r\n').filter((l) => l !== '');
    expect(lines[0]).toMatch(/^As of,Branch,Branch ID,Section,Line,Loans,/);
    expect(lines[1]).toContain(`${report.asOf},All branches,,Book,Open loans,${report.total.loans},`);

    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.mouse.move(0, 0);
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(300);
      await section.screenshot({ path: path.join(ARTIFACTS_DIR, `console-portfolio-${viewport.width}.png`) });
    }

    // The pointer off the chart (a tooltip left open at the edge would widen the page), and
    // the chart given a moment to follow the narrow window (recharts resizes on its own).
    await page.mouse.move(0, 0);
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.waitForTimeout(800);
    await screenshotBothWidths(page, 'console-portfolio-page');

    // A later day: the page says why, before asking the server.
    const today = businessDate(new Date());
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await section.getByRole('textbox', { name: 'As of', exact: true }).fill(tomorrow);
    await section.getByRole('button', { name: 'Show portfolio' }).click();
    await section.getByText(futurePortfolioMessage(today)).waitFor();
    // The day before: nothing of the demo book was recorded by then (it was written today).
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await section.getByRole('textbox', { name: 'As of', exact: true }).fill(yesterday);
    await section.getByRole('button', { name: 'Show portfolio' }).click();
    await waitUntil(async () => (await tile('Open loans').textContent()) === '0', {
      timeoutMs: 15_000,
      intervalMs: 200,
      describe: () => 'an empty book the day before the demo book was written',
    });
    expect(v.pageErrors).toEqual([]);
    expect(v.foreignRequests).toEqual([]);
  });
});
