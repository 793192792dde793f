import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessDate } from '@goldledger/contracts';
import {
  launchChromium,
  screenshotBothWidths as screenshotAsIs,
  seriousAxeViolations,
  VIEWPORTS,
  type Visit,
} from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';
import { apiGet, signInByApi, visitSignedIn, type Session } from './support/staff.js';

/**
 * Issue 17, point 2: the gold price register in Debian's Chromium against the real server.
 * The demo seeds two years of closes per purity up to yesterday. An admin reads today's
 * valuation price and its limbs, the chart and the table; enters today's prices and corrects
 * one; imports a CSV whose bad line is named (nothing written), then a good one. An auditor
 * reads the page without its forms.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let auditor: Session;

beforeAll(async () => {
  server = await startServer('e2e: console gold prices');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  auditor = await signInByApi(server, 'auditor');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Full-page screenshots from the top, so the sticky top bar sits where it belongs; the
 * chart is given a moment at the phone's width first (recharts re-measures its container
 * after a resize, a frame or two later).
 */
async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.waitForTimeout(500);
  if (original) await page.setViewportSize(original);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotAsIs(page, name);
}

function expectClean(v: Visit): void {
  expect(v.pageErrors, 'uncaught errors in the page').toEqual([]);
  expect(v.foreignRequests, 'requests that left our origin').toEqual([]);
}

/** A price to the paisa, and a whole-rupee price without `.00` (issue 19: no paise where there are none). */
const exact = (n: number) =>
  new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: Number.isInteger(n) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(n);

const today = () => businessDate(new Date());

async function openPage(session: Session): Promise<Visit> {
  const v = await visitSignedIn(browser, server, session);
  await v.page.goto(`${server.url}/admin/gold-prices`);
  await v.page.getByRole('heading', { level: 1, name: 'Gold Prices' }).waitFor();
  return v;
}

const rowOf = (page: Page, date: string) =>
  page.locator(`tr[data-testid="gold-price-row"][data-date="${date}"]`);

describe('the gold prices page', () => {
  it("shows today's valuation price and its limbs, a chart of the closes and the table", async () => {
    const v = await openPage(admin);
    try {
      const { page } = v;
      const api = await apiGet(server, '/api/gold-prices/valuation?purity=916', admin.token);
      expect(api.status, JSON.stringify(api.body)).toBe(200);
      await expect
        .poll(() => page.getByTestId('valuation-today').textContent(), { timeout: 15_000 })
        .toBe(exact(api.body.price));
      // The two limbs, and which binds.
      expect(await page.getByRole('definition').allInnerTexts()).toEqual([
        exact(api.body.average30),
        exact(api.body.previousClose),
      ]);
      const binding =
        api.body.bound === 'average30'
          ? /^30-day average \(binds\)/
          : /^Previous working day's close \(binds\)/;
      expect(await page.getByRole('term').filter({ hasText: binding }).count()).toBe(1);

      // A line per purity and the valuation price, drawn.
      await expect
        .poll(() => page.locator('[data-testid="gold-price-chart"] .recharts-line-curve').count(), {
          timeout: 15_000,
        })
        .toBe(6);
      // Three months of working days to start with, newest first.
      const rows = page.getByTestId('gold-price-row');
      expect(await rows.count()).toBeGreaterThan(65);
      const list = await apiGet(server, '/api/admin/gold-prices', admin.token);
      const lastClosed = [...list.body.days]
        .reverse()
        .find((d: { closes: unknown[] }) => d.closes.length > 0);
      const cells = rowOf(page, lastClosed.date).getByRole('cell');
      expect(await cells.nth(3).innerText()).toBe(
        exact(lastClosed.closes.find((c: { purity: number }) => c.purity === 916).pricePerGram),
      );
      // The sidebar names the page.
      expect(await page.getByRole('link', { name: 'Gold Prices', exact: true }).count()).toBeGreaterThan(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-gold-prices');

      // Two years: the demo's whole history.
      await page.getByRole('button', { name: '2 years' }).click();
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(600);
      expectClean(v);
    } finally {
      await v.context.close();
    }
  });

  it("enters today's prices, then corrects one: the table and the footer's 22K rate follow", async () => {
    const v = await openPage(admin);
    try {
      const { page } = v;
      const form = page.locator('form', { has: page.getByRole('button', { name: 'Save prices' }) });
      await form.getByRole('button', { name: 'Save prices' }).click();
      await form.getByText('Enter the price of at least one purity').waitFor();

      expect(await form.getByLabel('Date').inputValue()).toBe(today().split('-').reverse().join('/'));
      await form.getByLabel('24K (999) ₹/g').fill('11452');
      await form.getByLabel('22K (916) ₹/g').fill('10,500.50');
      await form.getByRole('button', { name: 'Save prices' }).click();
      const result = page.getByTestId('day-prices-result');
      await expect.poll(() => result.textContent(), { timeout: 15_000 }).toMatch(/: 2 recorded$/);
      await expect
        .poll(() => rowOf(page, today()).getByRole('cell').nth(3).innerText(), { timeout: 15_000 })
        .toBe(exact(10_500.5));

      await form.getByLabel('22K (916) ₹/g').fill('10510');
      await form.getByRole('button', { name: 'Save prices' }).click();
      await expect.poll(() => result.textContent(), { timeout: 15_000 }).toMatch(/: 1 corrected$/);
      const rate = await apiGet(server, '/api/settings/gold-rate', admin.token);
      expect(rate.body.rate).toBe(10_510);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-gold-prices-entered');
      expectClean(v);
    } finally {
      await v.context.close();
    }
  });

  it('imports a CSV: a bad line is named and nothing is written; a good file is recorded whole', async () => {
    const v = await openPage(admin);
    try {
      const { page } = v;
      const input = page.getByLabel('CSV file');
      const from = addDays(today(), -900);
      const days = [from, addDays(from, 1), addDays(from, 2)];
      const bad = ['date,purity,pricePerGram', `${days[0]},916,5800`, `${days[1]},22K,5810`].join('\n');
      await input.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
      await page.getByRole('button', { name: 'Import prices' }).click();
      const result = page.getByTestId('import-result');
      await expect
        .poll(() => result.textContent(), { timeout: 15_000 })
        .toBe('Line 3: purity "22K" must be a fineness such as 916');
      await page.getByText('Nothing was imported').waitFor();
      const untouched = await apiGet(
        server,
        `/api/admin/gold-prices?from=${days[0]}&to=${days[2]}`,
        admin.token,
      );
      expect(untouched.body.days).toEqual([]);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-gold-prices-import-refused');

      const good = ['date,purity,pricePerGram', ...days.map((d, i) => `${d},916,${5800 + i * 10}`)].join(
        '\r\n',
      );
      await input.setInputFiles({ name: 'history.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
      await page.getByRole('button', { name: 'Import prices' }).click();
      await expect
        .poll(() => result.textContent(), { timeout: 15_000 })
        .toMatch(/^3 prices imported: 3 recorded \(/);
      const imported = await apiGet(
        server,
        `/api/admin/gold-prices?from=${days[0]}&to=${days[2]}`,
        admin.token,
      );
      expect(
        imported.body.days.map((d: { closes: Array<{ pricePerGram: number }> }) => d.closes[0]!.pricePerGram),
      ).toEqual([5800, 5810, 5820]);
      await screenshotBothWidths(page, 'console-gold-prices-imported');
      expectClean(v);
    } finally {
      await v.context.close();
    }
  });

  it('lets an auditor read the register, without the forms', async () => {
    const v = await openPage(auditor);
    try {
      const { page } = v;
      await page.getByTestId('valuation-today').waitFor({ timeout: 15_000 });
      await expect
        .poll(() => page.getByTestId('gold-price-row').count(), { timeout: 15_000 })
        .toBeGreaterThan(65);
      expect(await page.getByRole('button', { name: 'Save prices' }).count()).toBe(0);
      expect(await page.getByLabel('CSV file').count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-gold-prices-auditor');
      expectClean(v);
    } finally {
      await v.context.close();
    }
  });
});
