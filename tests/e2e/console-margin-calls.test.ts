import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOLD_PRICES_STREAM_TYPE, goldPricesStreamId } from '@goldledger/contracts';
import { createDb, createPool } from '../../services/src/platform/db.js';
import { createEventStore, type NewEvent } from '../../services/src/platform/event-store/event-store.js';
import { waitUntil } from '../system/support/processes.js';
import { launchChromium, screenshotBothWidths, seriousAxeViolations } from './support/browser.js';
import { startServer, todayAtBranch, type E2eServer } from './support/server.js';
import {
  apiGet,
  apiSend,
  signInByApi,
  visitSignedIn,
  waitForDemoBook,
  type Session,
} from './support/staff.js';

/**
 * Issue 17, point 7: LTV kept through the loan's life, in Debian's Chromium against the real
 * server. Gold prices (written to the register's streams as its entries record them) fall
 * 25 % on the last two days (deeper than the must-show's 15 %, so the demo customer's own
 * loan is called too); the admin runs the LTV valuation; the margin calls page lists
 * the loans over their cap, the loan's custody page shows its LTV and adds gold, and the
 * customer's dashboard shows their loan to value.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let employee: Session;
let customer: Session;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Closing prices a day, 22K and 24K in proportion, in the register's month streams. */
async function recordPrices(databaseUrl: string, days: Array<{ date: string; rupees22k: number }>) {
  const db = createDb(createPool(databaseUrl, 2));
  try {
    const store = createEventStore(db);
    const byMonth = new Map<string, NewEvent[]>();
    for (const { date, rupees22k } of days) {
      const events = byMonth.get(goldPricesStreamId(date)) ?? [];
      for (const [purity, paise] of [
        [916, rupees22k * 100],
        [999, Math.round((rupees22k * 100 * 999) / 916)],
      ]) {
        events.push({
          type: 'GoldPriceRecorded',
          data: {
            date,
            purity,
            pricePerGramPaise: paise,
            previousPricePerGramPaise: null,
            source: 'entry',
            importId: null,
          },
          occurredAt: new Date(`${date}T12:30:00Z`),
        });
      }
      byMonth.set(goldPricesStreamId(date), events);
    }
    for (const [streamId, events] of byMonth) {
      const version = await store.streamVersion(streamId);
      await store.append(streamId, events, {
        streamType: GOLD_PRICES_STREAM_TYPE,
        expectedVersion: version === 0 ? 'no_stream' : version,
      });
    }
  } finally {
    await db.destroy();
  }
}

beforeAll(async () => {
  server = await startServer('e2e: margin calls');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  employee = await signInByApi(server, 'employee');
  customer = await signInByApi(server, 'customer');
  await waitForDemoBook(server, admin.token);
  // 60 days at ₹6,400 a gram of 22K (about the seeds' ₹7,000 24K rate), the last two 25 % lower.
  const today = todayAtBranch();
  const days = Array.from({ length: 60 }, (_, k) => addDays(today, k - 60));
  await recordPrices(
    server.databaseUrl,
    days.map((date, k) => ({ date, rupees22k: k >= 58 ? 4_800 : 6_400 })),
  );
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Margin calls', () => {
  let called: { _id: string; loanId: string };

  it('lists the loans the LTV valuation found over their cap at the lower price', async () => {
    const started = await apiSend(server, 'POST', '/api/cron-jobs/execute/ltv_valuation', admin.token);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    let run: { status: string; error: string | null; recordsSuccessful: number } | undefined;
    await waitUntil(
      async () => {
        const history = await apiGet(
          server,
          '/api/cron-jobs/history?jobName=ltv_valuation&limit=1',
          admin.token,
        );
        run = history.body.data[0];
        return run !== undefined && run.status !== 'running';
      },
      { timeoutMs: 60_000, describe: () => `the LTV valuation run (${JSON.stringify(run)})` },
    );
    expect(run, JSON.stringify(run)).toMatchObject({ status: 'success', error: null });
    expect(run!.recordsSuccessful).toBeGreaterThan(0);
    let calls: Array<{ _id: string; loanId: string }> = [];
    await waitUntil(
      async () => {
        calls = (await apiGet(server, '/api/admin/margin-calls', admin.token)).body.data;
        return calls.length > 0;
      },
      { timeoutMs: 15_000, describe: () => 'the margin calls list' },
    );
    called = calls[0]!;

    const v = await visitSignedIn(browser, server, admin);
    try {
      await v.page.goto(`${server.url}/admin/margin-calls`);
      const row = v.page.locator(`tr[data-loan-id="${called.loanId}"]`);
      await row.waitFor({ timeout: 15_000 });
      await expect(row.innerText()).resolves.toMatch(/Escalates/);
      expect(await seriousAxeViolations(v.page)).toEqual([]);
      await screenshotBothWidths(v.page, 'console-margin-calls');

      // Add gold opens the loan's custody page with its LTV and the dialog.
      await row.getByRole('link', { name: `Add gold to loan ${called.loanId}` }).click();
      const dialog = v.page.getByRole('dialog', { name: 'Add gold' });
      await dialog.waitFor({ timeout: 15_000 });
      await v.page.getByRole('heading', { name: 'Loan to value' }).waitFor();
      await dialog.getByLabel(/^Description/).fill('Gold bangle');
      await dialog.getByLabel(/^Gross weight/).fill('12');
      await dialog.getByLabel(/^Net weight/).fill('11.5');
      expect(await seriousAxeViolations(v.page)).toEqual([]);
      await screenshotBothWidths(v.page, 'console-add-gold-dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect(v.page.getByText('Margin call', { exact: true }).first().isVisible()).resolves.toBe(true);
      expect(await seriousAxeViolations(v.page)).toEqual([]);
      await screenshotBothWidths(v.page, 'console-loan-ltv');
    } finally {
      await v.context.close();
    }
  });

  it('shows the call on the loan’s row and its LTV in the row’s details, with Add gold', async () => {
    const v = await visitSignedIn(browser, server, admin);
    try {
      await v.page.goto(`${server.url}/admin/loans`);
      await v.page.getByLabel('Search loans').fill(called.loanId);
      const row = v.page.locator(`tr[data-testid="loan-row"][data-loan-id="${called.loanId}"]`);
      await row.waitFor({ timeout: 15_000 });
      // The search answers as you type: wait for the table to hold this loan alone.
      await expect
        .poll(() => v.page.locator('tr[data-testid="loan-row"]').count(), { timeout: 15_000 })
        .toBe(1);
      await row.getByText('Margin call', { exact: true }).waitFor({ timeout: 15_000 });
      await v.page.getByRole('button', { name: `Details of ${called.loanId}` }).click();
      const details = v.page.locator(`[data-testid="loan-details"][data-loan-id="${called.loanId}"]`);
      await details.getByText(/% of ₹[\d,]+ gold value/).waitFor();
      await details.getByRole('link', { name: `Add gold to loan ${called.loanId}` }).waitFor();
      expect(await seriousAxeViolations(v.page)).toEqual([]);
      await screenshotBothWidths(v.page, 'console-loans-margin-call');
    } finally {
      await v.context.close();
    }
  });

  it('shows an employee the margin calls of their own branch', async () => {
    const v = await visitSignedIn(browser, server, employee);
    try {
      await v.page.goto(`${server.url}/employee/margin-calls`);
      await v.page.getByRole('heading', { name: 'Margin Calls' }).waitFor();
      await v.page.locator('table, h3').first().waitFor({ timeout: 15_000 });
      expect(await seriousAxeViolations(v.page)).toEqual([]);
      await screenshotBothWidths(v.page, 'console-margin-calls-employee');
    } finally {
      await v.context.close();
    }
  });

  it('shows the customer the loan to value of their open loans', async () => {
    const own = await apiGet(server, '/api/loans/customer', customer.token);
    type Own = { loanId: string; status: string; ltv: { marginCall: object | null } };
    const loans = own.body.data as Own[];
    const open = loans.find((l) => l.status === 'active');
    expect(open, 'an open demo loan of the demo customer').toBeDefined();
    const called = loans.find((l) => l.status === 'active' && l.ltv.marginCall);
    const c = await visitSignedIn(browser, server, customer);
    try {
      await c.page.goto(`${server.url}/customer/dashboard`);
      const card = c.page.locator('article', { hasText: open!.loanId });
      await card.getByTestId('loan-to-value').waitFor({ timeout: 15_000 });
      await expect(card.getByTestId('loan-to-value').innerText()).resolves.toMatch(/%, gold worth ₹/);
      if (called) {
        const alert = c.page.locator('article', { hasText: called.loanId }).getByTestId('margin-call');
        await expect(alert.innerText()).resolves.toMatch(
          /Please pay ₹[\d,]+ or pledge [\d.]+ g more of 22K gold/,
        );
      }
      expect(await seriousAxeViolations(c.page)).toEqual([]);
      await screenshotBothWidths(c.page, 'customer-dashboard-ltv');
    } finally {
      await c.context.close();
    }
  });
});
