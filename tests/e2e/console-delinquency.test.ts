import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../system/support/processes.js';
import { launchChromium, screenshotBothWidths, seriousAxeViolations } from './support/browser.js';
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
 * Issue 18, point 3: delinquency classes in Debian's Chromium against the real server. The
 * demo book has loans in default (installments unpaid past maturity); the admin runs the
 * delinquency job, and the loans list shows a badge on them, filters by class, and the
 * loan's details show its class, days past due, oldest unpaid due date and arrears.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;

beforeAll(async () => {
  server = await startServer('e2e: delinquency');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  await waitForDemoBook(server, admin.token);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Run = { status: string; error: string | null; summary: Record<string, number> | null };

describe('Delinquency classes', () => {
  let npa: { _id: string; loanId: string; delinquency: { reason: string | null } };

  it('are recorded by the daily job, which reports the open loans in each class', async () => {
    const started = await apiSend(server, 'POST', '/api/cron-jobs/execute/delinquency', admin.token);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    let run: Run | undefined;
    await waitUntil(
      async () => {
        const history = await apiGet(
          server,
          '/api/cron-jobs/history?jobName=delinquency&limit=1',
          admin.token,
        );
        run = history.body.data[0];
        return run !== undefined && run.status !== 'running';
      },
      { timeoutMs: 90_000, describe: () => `the delinquency run (${JSON.stringify(run)})` },
    );
    expect(run, JSON.stringify(run)).toMatchObject({ status: 'success', error: null });
    expect(run!.summary!.npa).toBeGreaterThan(0);
    let found: Array<typeof npa> = [];
    await waitUntil(
      async () => {
        found = (await apiGet(server, '/api/admin/loans?delinquencyClass=npa&status=active', admin.token))
          .body.data;
        return found.some((l) => l.delinquency.reason === 'days_past_due');
      },
      { timeoutMs: 15_000, describe: () => 'NPA loans in the loans list' },
    );
    // One NPA on its own days past due (others of its borrower may be NPA borrower-wise).
    npa = found.find((l) => l.delinquency.reason === 'days_past_due')!;
  });

  it('shows a badge on the loans list, filters by class, and the class in the loan’s details', async () => {
    const v = await visitSignedIn(browser, server, admin);
    try {
      await v.page.goto(`${server.url}/admin/loans`);
      await v.page.getByLabel('Asset class').selectOption('npa');
      const row = v.page.locator(`tr[data-testid="loan-row"][data-loan-id="${npa.loanId}"]`);
      await row.waitFor({ timeout: 15_000 });
      await expect
        .poll(
          async () => {
            const badges = await v.page
              .locator('tr[data-testid="loan-row"] [data-testid="delinquency-badge"]')
              .all();
            const classes = await Promise.all(badges.map((b) => b.getAttribute('data-class')));
            const rows = await v.page.locator('tr[data-testid="loan-row"]').count();
            return rows > 0 && classes.length === rows && classes.every((c) => c === 'npa');
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      await expect(row.getByTestId('delinquency-badge').innerText()).resolves.toBe('NPA');
      expect(await seriousAxeViolations(v.page)).toEqual([]);
      await screenshotBothWidths(v.page, 'console-loans-delinquency');

      await v.page.getByRole('button', { name: `Details of ${npa.loanId}` }).click();
      const details = v.page.locator(`[data-testid="loan-details"][data-loan-id="${npa.loanId}"]`);
      const section = details.getByTestId('loan-delinquency');
      await section.getByText(/Days past due on /).waitFor({ timeout: 15_000 });
      await expect(section.getByTestId('delinquency-class').innerText()).resolves.toMatch(/NPA/);
      const days = Number((await section.getByTestId('days-past-due').innerText()).replace(/,/g, ''));
      expect(days).toBeGreaterThan(90);
      await expect(section.getByTestId('arrears').innerText()).resolves.toMatch(/^₹[\d,]+$/);
      await section.scrollIntoViewIfNeeded();
      expect(await seriousAxeViolations(v.page)).toEqual([]);
      await screenshotBothWidths(v.page, 'console-loan-delinquency');
    } finally {
      await v.context.close();
    }
  });

  it('shows the class on the overdue payment reminders', async () => {
    const overdue = await apiGet(server, '/api/notifications/overdue-payments', admin.token);
    type Item = { loanId: string; delinquencyClass: string };
    const items = overdue.body.data as Item[];
    const classed = items.find((i) => i.delinquencyClass !== 'standard');
    expect(classed, 'an overdue reminder of a loan in SMA or NPA').toBeDefined();
    const label = { sma_0: 'SMA-0', sma_1: 'SMA-1', sma_2: 'SMA-2', npa: 'NPA' }[classed!.delinquencyClass];
    const v = await visitSignedIn(browser, server, admin);
    try {
      await v.page.goto(`${server.url}/admin/payment-reminders`);
      await v.page
        .getByRole('group', { name: 'Reminder list' })
        .getByRole('button', { name: /^Overdue/ })
        .click();
      const card = v.page.locator(`[data-testid="reminder-card"][data-loan-id="${classed!.loanId}"]`).first();
      await card.waitFor({ timeout: 15_000 });
      await expect(card.getByTestId('reminder-class').innerText()).resolves.toBe(label);
      await card.scrollIntoViewIfNeeded();
      await screenshotBothWidths(v.page, 'console-reminders-delinquency');
    } finally {
      await v.context.close();
    }
  });
});
