import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installmentLabel } from '@goldledger/contracts';
import { waitUntil } from '../system/support/processes.js';
import { launchChromium, screenshotBothWidths, seriousAxeViolations, type Visit } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';
import { apiGet, signInByApi, visitSignedIn, waitForDemoBook, type Session } from './support/staff.js';

/**
 * The admin operations pages in Debian's Chromium against the
 * real server and its demo loan book: pending repayments, payment reminders (email, SMS,
 * SMS settings) and the cron console. Every figure on screen is compared with what the
 * API says.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let employee: Session;
const visits: Visit[] = [];

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const money = (amount: number) => rupees.format(amount);
const text = async (l: Locator) => (await l.innerText()).trim();
/** A filter tab's label and count, without the space between them. */
const tabText = async (l: Locator) => (await l.innerText()).replace(/\s+/g, '');

async function get(pathname: string, session: Session = admin): Promise<any> {
  const res = await apiGet(server, pathname, session.token);
  expect(res.status, `${pathname}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

/** The answer once two reads in a row agree (the projector has caught up with the demo book). */
async function settled(pathname: string): Promise<any> {
  let previous = '';
  let body: any;
  await waitUntil(
    async () => {
      const res = await apiGet(server, pathname, admin.token);
      if (res.status !== 200) return false;
      body = res.body;
      const now = JSON.stringify(body.data);
      const same = now === previous;
      previous = now;
      return same;
    },
    { timeoutMs: 60_000, intervalMs: 500, describe: () => `${pathname} to settle` },
  );
  return body;
}

async function open(path: string, session: Session = admin): Promise<Visit> {
  const v = await visitSignedIn(browser, server, session);
  visits.push(v);
  await v.page.goto(path);
  return v;
}

function expectClean(v: Visit): void {
  expect(v.pageErrors, 'uncaught errors in the page').toEqual([]);
  expect(v.foreignRequests, 'requests that left our origin').toEqual([]);
}

/** `loanId:installment` of each row or card, in screen order. */
const keysOf = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .evaluateAll((els) =>
      els.map((el) => `${el.getAttribute('data-loan-id')}:${el.getAttribute('data-installment')}`),
    );
const apiKeys = (items: Array<{ loanId: string; installmentNumber: number }>) =>
  items.map((i) => `${i.loanId}:${i.installmentNumber}`);

const tabButton = (page: Page, group: string, label: string) =>
  page.getByRole('group', { name: group }).getByRole('button', { name: new RegExp(`^${label}`) });

beforeAll(async () => {
  server = await startServer('e2e: console operations');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  employee = await signInByApi(server, 'employee');
  await waitForDemoBook(server, admin.token);
  await settled('/api/loans/pending-repayments?filter=all&limit=100');
});

afterAll(async () => {
  for (const v of visits) await v.context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

describe('pending repayments', () => {
  it('shows per filter the counts and installments the API gives, most urgent first', async () => {
    const v = await open('/admin/pending-repayments');
    const { page } = v;
    await page.getByRole('heading', { name: 'Pending Repayments', level: 1 }).waitFor();

    let first = true;
    for (const [filter, label] of [
      ['all', 'All'],
      ['unpaid', 'Unpaid'],
      ['upcoming', 'Upcoming'],
    ] as const) {
      const api = await get(`/api/loans/pending-repayments?filter=${filter}&page=1&limit=50`);
      const button = tabButton(page, 'Repayment status', label);
      await button.click();
      expect(await button.getAttribute('aria-pressed')).toBe('true');
      await expect
        .poll(() => keysOf(page, 'pending-repayment'), { timeout: 15_000 })
        .toEqual(apiKeys(api.data));
      // The tabs' counts are the API's.
      for (const [f, l] of [
        ['all', 'All'],
        ['unpaid', 'Unpaid'],
        ['upcoming', 'Upcoming'],
      ] as const) {
        expect(await tabText(tabButton(page, 'Repayment status', l))).toBe(`${l}${api.counts[f]}`);
      }
      if (api.data.length === 0) {
        await page.getByText('No pending repayments').waitFor();
        await page.getByText('All installments are up to date').waitFor();
        continue;
      }
      // Most urgent first: due dates never go back.
      const dates = api.data.map((r: any) => r.dueDate);
      expect(dates).toEqual([...dates].sort());
      const row = page.getByTestId('pending-repayment').first();
      const r = api.data[0];
      expect(await text(row.getByTestId('customer-name'))).toBe(r.customer.name);
      expect(await text(row.getByTestId('customer-mobile'))).toBe(r.customer.primaryMobile);
      expect(await text(row.getByTestId('amount'))).toBe(money(r.amount));
      expect(await text(row.getByTestId('aadhar'))).toBe(r.customer.aadharNumber);
      expect(r.customer.aadharNumber, 'admins see the full Aadhar').toMatch(/^\d{12}$/);
      expect(await text(row.getByTestId('email'))).toBe(r.customer.email ?? 'No email');
      expect(await text(row)).toContain(r.status === 'unpaid' ? 'Unpaid' : 'Upcoming');
      if (r.status === 'unpaid') {
        expect(await text(row.getByTestId('days-unpaid'))).toBe(
          `${r.daysUnpaid} ${r.daysUnpaid === 1 ? 'day' : 'days'}`,
        );
      }
      if (api.pagination.totalPages > 1) {
        await page
          .getByRole('navigation', { name: 'Pages' })
          .getByText(`Page 1 of ${api.pagination.totalPages}`)
          .waitFor();
      }
      if (first) {
        expect(api.counts.unpaid, 'the demo book has overdue installments').toBeGreaterThan(0);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await screenshotBothWidths(page, 'console-pending-repayments');
        first = false;
      }
    }

    // The next page is the API's page 2.
    await tabButton(page, 'Repayment status', 'All').click();
    const all = await get('/api/loans/pending-repayments?filter=all&page=2&limit=50');
    if (all.pagination.totalPages > 1) {
      await page.getByRole('button', { name: 'Next' }).click();
      await expect
        .poll(() => keysOf(page, 'pending-repayment'), { timeout: 15_000 })
        .toEqual(apiKeys(all.data));
    }
    expectClean(v);
  });
});

describe('payment reminders', () => {
  let v: Visit;

  it('lists upcoming payments for the chosen day window, and overdue ones, as the API does', async () => {
    const windows: Record<number, any> = {};
    for (const d of [3, 7, 14, 30]) windows[d] = await get(`/api/notifications/upcoming-payments?days=${d}`);
    const overdue = await get('/api/notifications/overdue-payments');

    v = await open('/admin/payment-reminders');
    const { page } = v;
    await page.getByRole('heading', { name: 'Payment Reminders', level: 1 }).waitFor();
    // Default: Upcoming, 7 days.
    expect(await tabButton(page, 'Reminder list', 'Upcoming').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByLabel('Due within').inputValue()).toBe('7');
    await expect
      .poll(() => keysOf(page, 'reminder-card'), { timeout: 15_000 })
      .toEqual(apiKeys(windows[7].data));
    expect(await tabText(tabButton(page, 'Reminder list', 'Upcoming'))).toBe(`Upcoming${windows[7].count}`);
    expect(await tabText(tabButton(page, 'Reminder list', 'Overdue'))).toBe(`Overdue${overdue.count}`);

    // Another window whose list differs: the cards follow.
    const other = [30, 14, 3].find(
      (d) => JSON.stringify(apiKeys(windows[d].data)) !== JSON.stringify(apiKeys(windows[7].data)),
    );
    expect(other, 'a day window whose list differs from 7 days').toBeDefined();
    await page.getByLabel('Due within').selectOption(String(other));
    await expect
      .poll(() => keysOf(page, 'reminder-card'), { timeout: 15_000 })
      .toEqual(apiKeys(windows[other!].data));
    expect(await tabText(tabButton(page, 'Reminder list', 'Upcoming'))).toBe(
      `Upcoming${windows[other!].count}`,
    );

    // A card carries the API's figures and a due label in words.
    if (windows[other!].data.length > 0) {
      const item = windows[other!].data[0];
      const card = page.getByTestId('reminder-card').first();
      expect(await text(card.getByTestId('reminder-amount'))).toContain(money(item.amount));
      expect(await text(card.getByTestId('loan-id'))).toBe(item.loanId);
      // Its place in the schedule in force, never "14 of 5" (issue 19).
      expect(await text(card)).toContain(installmentLabel(item.installmentPlace));
      expect(item.installmentPlace.n).toBeLessThanOrEqual(item.installmentPlace.of);
      const label = await text(card.getByTestId('due-label'));
      expect(label).toMatch(/^Due (today|tomorrow|in \d+ days)$/);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'console-payment-reminders');

    await tabButton(page, 'Reminder list', 'Overdue').click();
    await expect
      .poll(() => keysOf(page, 'reminder-card'), { timeout: 15_000 })
      .toEqual(apiKeys(overdue.data));
    expect(overdue.count, 'the demo book has overdue installments').toBeGreaterThan(0);
    const tones = await page
      .getByTestId('reminder-card')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-tone')));
    overdue.data.forEach((item: any, i: number) => {
      expect(tones[i]).toBe(item.daysOverdue >= 30 ? 'red' : item.daysOverdue >= 14 ? 'orange' : 'yellow');
    });
    expect(await text(page.getByTestId('reminder-card').first().getByTestId('due-label'))).toBe(
      `Overdue by ${overdue.data[0].daysOverdue} ${overdue.data[0].daysOverdue === 1 ? 'day' : 'days'}`,
    );
    await screenshotBothWidths(page, 'console-payment-reminders-overdue');
    expectClean(v);
  });

  it('sends one card’s SMS reminder and says so', async () => {
    const { page } = v;
    const card = page.getByTestId('reminder-card').first();
    const name = await text(card.getByRole('heading', { level: 3 }));
    await card.getByRole('button', { name: 'Send SMS Reminder' }).click();
    await page.getByText(`SMS reminder sent successfully to ${name}!`, { exact: true }).waitFor();
    expectClean(v);
  });

  it('sends the email reminders, reports how many, and the outbox holds them', async () => {
    const { page } = v;
    const reminderEmails = async () => {
      const res = await fetch(`${server.url}/api/dev/outbox?channel=email&limit=500`);
      const body = (await res.json().catch(() => null)) as { data: Array<{ purpose: string }> } | null;
      expect(res.status, `GET /api/dev/outbox: ${JSON.stringify(body)}`).toBe(200);
      const data = body!.data;
      return data.filter((m) => m.purpose === 'payment_reminder' || m.purpose === 'payment_overdue').length;
    };
    const before = await reminderEmails();
    await page.getByRole('button', { name: 'Send Email Reminders' }).click();
    const notice = page.getByTestId('reminders-notice');
    await notice.waitFor();
    const said = await text(notice);
    const n = Number(/^Successfully sent (\d+) reminder emails?!$/.exec(said)?.[1]);
    expect(n, said).toBeGreaterThan(0);
    await waitUntil(async () => (await reminderEmails()) - before === n, {
      timeoutMs: 15_000,
      intervalMs: 250,
      describe: () => `${n} reminder emails in the outbox`,
    });
    expect((await reminderEmails()) - before).toBe(n);
    expectClean(v);
  });

  it('opens the SMS Config modal without secrets, and Esc closes it', async () => {
    const { page } = v;
    const config = await get('/api/notifications/sms-config');
    await page.getByRole('button', { name: 'SMS Config' }).click();
    const dialog = page.getByRole('dialog', { name: 'SMS Configuration' });
    await dialog.waitFor();
    await dialog.getByTestId('sms-config-message').waitFor();
    expect(await text(dialog.getByTestId('sms-config-message'))).toBe(config.message);
    expect(await dialog.getByRole('table', { name: 'Message templates' }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'console-sms-config');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expectClean(v);
  });

  it('sends a test SMS to a number given with its country code', async () => {
    const { page } = v;
    await page.getByRole('button', { name: 'Test Payment Reminder SMS' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a sample payment reminder SMS' });
    await dialog.waitFor();
    await dialog.getByLabel('Phone number (with country code)').fill('+91 98765 43210');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'console-test-sms');
    await dialog.getByRole('button', { name: 'Send Test' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(/Test SMS (sent|stored in the outbox) .*9876543210/).waitFor();
    expectClean(v);
  });
});

describe('cron jobs', () => {
  it('runs a job with Run Now, and its history shows the manual run succeeded', async () => {
    const list = await get('/api/cron-jobs/list');
    const v = await open('/admin/cron-jobs');
    const { page } = v;
    await page.getByRole('heading', { name: 'Cron Jobs', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('cron-job').count()).toBe(list.data.length);
    for (const job of list.data) {
      const card = page.locator(`[data-testid="cron-job"][data-job="${job.name}"]`);
      expect(await text(card.getByRole('heading', { level: 3 }))).toBe(job.displayName);
      expect(await text(card)).toContain(job.description);
    }
    const job = list.data.find((j: any) => j.name === 'auction_readiness') ?? list.data[0];
    const card = page.locator(`[data-testid="cron-job"][data-job="${job.name}"]`);
    expect(await text(card)).toMatch(/Every day at \d{1,2}:\d{2} (AM|PM)/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'console-cron-jobs');

    await card.getByRole('button', { name: 'Run Now' }).click();
    await page.getByText(`Job '${job.name}' started successfully!`, { exact: true }).waitFor();

    // The API agrees: the newest run of the job is manual, and ends in success.
    let last: any;
    await waitUntil(
      async () => {
        last = (await get(`/api/cron-jobs/history?jobName=${job.name}&limit=5`)).data[0];
        return last !== undefined && last.status !== 'running';
      },
      {
        timeoutMs: 60_000,
        intervalMs: 500,
        describe: () => `the run of ${job.name} to end: ${JSON.stringify(last)}`,
      },
    );
    expect(last.executionType).toBe('manual');
    expect(last.status).toBe('success');
    // The card follows the run to its end.
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 15_000 }).toBe('success');
    expect(await text(card.getByTestId('job-duration'))).toMatch(/^(\d+\.\d|\d+)s$|^\d+m \d+s$/);

    await card.getByRole('button', { name: 'History' }).click();
    const dialog = page.getByRole('dialog', { name: `History: ${job.displayName}` });
    await dialog.waitFor();
    const run = dialog.locator(`[data-testid="cron-run"][data-type="manual"][data-status="success"]`).first();
    await run.waitFor();
    expect(await text(run)).toContain('Manual');
    expect(await text(run)).toContain('Success');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'console-cron-job-history');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The overall history (last 10) lists it too.
    await page
      .getByTestId('cron-history')
      .locator(`[data-testid="cron-run"][data-job="${job.name}"][data-type="manual"][data-status="success"]`)
      .first()
      .waitFor();
    expectClean(v);
  });
});

describe('access', () => {
  it('sends an employee who opens these pages to /', async () => {
    for (const path of ['/admin/pending-repayments', '/admin/payment-reminders', '/admin/cron-jobs']) {
      const v = await open(path, employee);
      await v.page.waitForURL((url) => url.pathname === '/');
      expectClean(v);
      await v.context.close();
    }
  });
});
