import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * The admins' notification bell in the console's top bar and a
 * loan's audit view, in Debian's Chromium against the real server with
 * its demo book. What the pages show is compared with what the API says.
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

beforeAll(async () => {
  server = await startServer('e2e: console bell and audit');
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

async function open(
  session: Session,
  path: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<Visit> {
  const v = await visitSignedIn(browser, server, session, viewport);
  visits.push(v);
  await v.page.goto(path);
  return v;
}

function expectClean(v: Visit): void {
  expect(v.pageErrors, 'uncaught errors in the page').toEqual([]);
  expect(v.foreignRequests, 'requests that left our origin').toEqual([]);
}

const unreadCount = async () => {
  const res = await apiGet(server, '/api/notifications/unread-count', admin.token);
  expect(res.status).toBe(200);
  return res.body.count as number;
};

/** The count once the projector has stopped moving it (the demo book raises many). */
async function settledUnreadCount(): Promise<number> {
  let previous = -1;
  let count = -2;
  await waitUntil(
    async () => {
      previous = count;
      count = await unreadCount();
      return count === previous;
    },
    {
      timeoutMs: 60_000,
      intervalMs: 1_000,
      describe: () => `a settled unread count (${previous} → ${count})`,
    },
  );
  return count;
}

const bellOf = (page: Page) => page.getByTestId('notification-bell');
const labelFor = (count: number) => `Notifications, ${count > 0 ? count : 'no'} unread`;

async function expectBellCount(page: Page, count: number): Promise<void> {
  await page.getByRole('button', { name: labelFor(count), exact: true }).waitFor();
  const badge = page.getByTestId('notification-badge');
  if (count === 0) expect(await badge.count()).toBe(0);
  else expect(await badge.innerText()).toBe(count > 99 ? '99+' : String(count));
}

async function waitForApi(describe: string, check: () => Promise<boolean>): Promise<void> {
  await waitUntil(check, { timeoutMs: 15_000, intervalMs: 250, describe: () => describe });
}

describe('the notification bell (admins only)', () => {
  it('shows a new enquiry; marks it read, filters, marks all read and deletes, as the API agrees', async () => {
    const before = await settledUnreadCount();
    const v = await open(admin, '/admin/dashboard');
    const { page } = v;
    await expectBellCount(page, before);

    // A visitor's enquiry raises a notification (the admin-notifications projector).
    const enquirer = `Bell Tester ${Date.now() % 100_000}`;
    const sent = await server.post('/api/contact', {
      name: enquirer,
      email: 'bell.tester@example.com',
      gold: 12.5,
      phone: '9876501234',
      message: 'Please call me about a loan on my gold bangles.',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
    await waitForApi('the enquiry in the unread count', async () => (await unreadCount()) === before + 1);

    await page.reload();
    await expectBellCount(page, before + 1);

    // Keyboard: Enter opens, focus moves in, Esc closes and gives focus back.
    const bell = bellOf(page);
    await bell.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.waitFor();
    expect(await bell.getAttribute('aria-expanded')).toBe('true');
    expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await bell.evaluate((el) => el === document.activeElement)).toBe(true);
    // Space opens it too; a click outside closes it.
    await page.keyboard.press('Space');
    await panel.waitFor();
    await page.locator('#main').click({ position: { x: 4, y: 4 } });
    await panel.waitFor({ state: 'detached' });

    await bell.click();
    const title = `New enquiry from ${enquirer}`;
    const item = panel.getByTestId('notification-item').filter({ hasText: title });
    await item.waitFor();
    expect(await item.getAttribute('data-read')).toBe('false');
    expect(await item.getByTestId('notification-time').innerText()).toBe('Just now');
    expect(await item.innerText()).toContain('Gold: 12.5 g');

    // Amounts in the panel are rupees, en-IN, no decimals.
    const list = await apiGet(server, '/api/notifications?limit=50', admin.token);
    const withAmount = list.body.data.find((n: { amount?: number }) => n.amount !== undefined);
    if (withAmount) {
      const row = panel.locator(`[data-testid="notification-item"][data-id="${withAmount._id}"]`);
      expect(await row.innerText()).toContain(money(withAmount.amount));
    }

    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'console-notification-panel');
    // At 390 px the panel fits the screen.
    await page.setViewportSize(VIEWPORTS.mobile);
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await page.setViewportSize(VIEWPORTS.desktop);

    // Mark read: the count falls at once, and the API agrees.
    await item.getByRole('button', { name: `Mark read: ${title}` }).click();
    await expectBellCount(page, before);
    expect(await item.getAttribute('data-read')).toBe('true');
    await waitForApi('the enquiry read', async () => (await unreadCount()) === before);

    // Unread filter: only unread notifications, the enquiry not among them.
    await panel.getByRole('button', { name: /^Unread/ }).click();
    if (before === 0) await panel.getByText('No unread notifications').waitFor();
    else await panel.getByTestId('notification-item').first().waitFor();
    const reads = await panel
      .getByTestId('notification-item')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-read')));
    expect(reads.every((r) => r === 'false')).toBe(true);
    expect(await panel.getByTestId('notification-item').filter({ hasText: title }).count()).toBe(0);

    // Mark all read: 0 unread, here and in the API; the Unread filter is empty.
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await expectBellCount(page, 0);
    await panel.getByText('No unread notifications').waitFor();
    await waitForApi('everything read', async () => (await unreadCount()) === 0);

    // Delete, confirmed: gone from the panel and from the API's list.
    await panel.getByRole('button', { name: /^All/ }).click();
    await item.waitFor();
    const id = (await item.getAttribute('data-id'))!;
    await item.getByRole('button', { name: `Delete: ${title}` }).click();
    await item.getByRole('button', { name: 'Yes, delete' }).click();
    await item.waitFor({ state: 'detached' });
    await waitForApi('the enquiry deleted', async () => {
      const res = await apiGet(server, '/api/notifications?limit=100', admin.token);
      return !res.body.data.some((n: { _id: string }) => n._id === id);
    });
    // It stays gone once the panel asks the server again.
    await page.reload();
    await expectBellCount(page, 0);
    await bellOf(page).click();
    await page.getByTestId('notification-item').first().waitFor();
    expect(await page.locator(`[data-testid="notification-item"][data-id="${id}"]`).count()).toBe(0);
    expectClean(v);
  });

  it('is not in the employee’s top bar, and the API refuses them', async () => {
    const v = await open(employee, '/employee/dashboard');
    await v.page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await v.page.getByTestId('notification-bell').count()).toBe(0);
    expect(await v.page.getByRole('button', { name: /^Notifications/ }).count()).toBe(0);
    expect((await apiGet(server, '/api/notifications', employee.token)).status).toBe(403);
    expect((await apiGet(server, '/api/notifications/unread-count', employee.token)).status).toBe(403);
    expectClean(v);
  });

  it('leaves the sidebar toggle working at 390 px: it opens, Esc closes, the toggle closes', async () => {
    const v = await open(admin, '/admin/dashboard', VIEWPORTS.mobile);
    const { page } = v;
    const sidebar = page.locator('#portal-sidebar');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await sidebar.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await sidebar.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await sidebar.waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Close menu' }).click();
    await sidebar.waitFor({ state: 'hidden' });
    expect(await bellOf(page).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    expectClean(v);
  });
});

interface LoanEvent {
  version: number;
  type: string;
  occurredAt: string;
  recordedAt: string;
  data: any;
}

describe('the console’s top bar and sidebar', () => {
  /** The name in the top bar: shown, cut or not, and its title. */
  const nameInBar = (page: Page) =>
    page
      .locator('header')
      .getByText(employee.user.name, { exact: true })
      .evaluate((el: HTMLElement) => ({
        visible: el.getBoundingClientRect().width > 0,
        cut: el.scrollWidth > el.clientWidth,
        title: el.getAttribute('title'),
      }));

  it('shows the whole name at 1280 px with no tooltip, and at 390 px a name cut short carries it as its title', async () => {
    const v = await open(employee, '/employee/dashboard');
    const { page } = v;
    await page.getByRole('heading', { name: 'Employee Dashboard', level: 1 }).waitFor();
    expect(await nameInBar(page)).toEqual({ visible: true, cut: false, title: null });
    await screenshotBothWidths(page, 'console-top-bar');
    await page.setViewportSize(VIEWPORTS.mobile);
    await waitUntil(async () => (await nameInBar(page)).visible, {
      timeoutMs: 5_000,
      describe: () => 'the name',
    });
    const small = await nameInBar(page);
    expect(small.title).toBe(small.cut ? employee.user.name : null);
    expectClean(v);
  });

  it('draws the sidebar as a solid surface the page’s full length, and the phone’s drawer from the bar to the bottom', async () => {
    const v = await open(admin, '/admin/audit-log');
    const { page } = v;
    await page.getByRole('heading', { name: 'Audit Log', level: 1 }).waitFor();
    const sidebar = page.locator('#portal-sidebar');
    const look = () =>
      sidebar.evaluate((el) => ({
        background: getComputedStyle(el).backgroundColor,
        bottom: Math.round(el.getBoundingClientRect().bottom + window.scrollY),
        page: document.documentElement.scrollHeight,
        viewport: window.innerHeight,
      }));
    const wide = await look();
    expect(wide.background).toBe('rgb(255, 255, 255)');
    expect(wide.bottom).toBe(wide.page);

    await page.setViewportSize(VIEWPORTS.mobile);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await sidebar.waitFor({ state: 'visible' });
    await page.evaluate(() => window.scrollTo(0, 0));
    const drawer = await look();
    expect(drawer.background).toBe('rgb(255, 255, 255)');
    expect(drawer.bottom).toBe(drawer.viewport);
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'console-sidebar-drawer-390.png') });
    expectClean(v);
  });
});

describe('a loan’s audit view', () => {
  let loan: { _id: string; loanId: string; paymentCount: number };
  let events: LoanEvent[];

  beforeAll(async () => {
    const res = await apiGet(server, '/api/admin/loans?limit=100', admin.token);
    expect(res.status).toBe(200);
    // The loan with the most payments: the longest story to replay.
    loan = [...res.body.data].sort(
      (a: { paymentCount: number }, b: { paymentCount: number }) => b.paymentCount - a.paymentCount,
    )[0];
    expect(loan?.paymentCount, 'a demo loan with two payments or more').toBeGreaterThanOrEqual(2);
    const log = await apiGet(server, `/api/loans/${loan._id}/events`, admin.token);
    expect(log.status).toBe(200);
    events = log.body.data;
  });

  it('lists every event of the loan and replays it to a moment before its last payment', async () => {
    const v = await open(admin, `/admin/loans/${loan._id}/audit`);
    const { page } = v;
    await page.getByRole('heading', { level: 1, name: `Loan ${loan.loanId}` }).waitFor();
    expect(await page.getByTestId('audit-customer').innerText()).toBe(events[0]!.data.customer.name);
    const rows = page.getByTestId('event-row');
    expect(await rows.count()).toBe(events.length);
    expect(await rows.first().getByTestId('event-sentence').innerText()).toMatch(
      new RegExp(`^Loan ${loan.loanId} created`),
    );
    const payments = page.locator('[data-testid="event-row"][data-type="PaymentRecorded"]');
    expect(await payments.count()).toBe(events.filter((e) => e.type === 'PaymentRecorded').length);
    expect(await payments.first().getByTestId('event-sentence').innerText()).toMatch(
      /^(Interest |Principal )?[Pp]ayment of ₹[\d,]+ recorded \((Hand Cash|Online)/,
    );

    // The raw data of an event opens under its row.
    await rows.first().getByRole('button', { name: 'Show data of event 1', exact: true }).click();
    await page.getByLabel('Data of event 1', { exact: true }).waitFor();
    expect(await page.getByLabel('Data of event 1', { exact: true }).innerText()).toContain(
      `"loanId": "${loan.loanId}"`,
    );

    // "As of this event" on the event just before the last payment.
    const lastPayment = events.filter((e) => e.type === 'PaymentRecorded').at(-1)!;
    const before = events
      .filter(
        (e) =>
          e.version < lastPayment.version && Date.parse(e.occurredAt) < Date.parse(lastPayment.occurredAt),
      )
      .at(-1)!;
    await page.getByRole('button', { name: `As of this event #${before.version}`, exact: true }).click();
    const then = await apiGet(
      server,
      `/api/loans/${loan._id}/as-of?date=${encodeURIComponent(before.occurredAt)}&basis=occurred`,
      admin.token,
    );
    expect(then.status).toBe(200);
    expect(then.body.eventCount).toBeLessThan(lastPayment.version);
    const snapshot = page.getByTestId('as-of-snapshot');
    await snapshot.waitFor();
    expect(await page.getByTestId('as-of-label').innerText()).toMatch(/^As of \d{2}\/\d{2}\/\d{4}, /);
    expect(await page.getByTestId('asof-event-count').innerText()).toBe(String(then.body.eventCount));
    const shown = async (id: string) => (await page.getByTestId(id).innerText()).trim();
    expect(await shown('asof-remaining-balance')).toBe(money(then.body.loan.remainingBalance));
    expect(await shown('asof-principal-outstanding')).toBe(money(then.body.loan.principalOutstanding));
    expect(await shown('asof-interest-outstanding')).toBe(money(then.body.loan.interestOutstanding));
    expect(await shown('asof-total-paid')).toBe(money(then.body.loan.totalPaid));
    // The events after the moment are marked as not in the replay.
    expect(await page.locator('[data-testid="event-row"][data-covered="false"]').count()).toBe(
      events.length - then.body.eventCount,
    );
    expect(await page.getByTestId('asof-installments').locator('tbody tr').count()).toBe(
      then.body.loan.installments.length,
    );

    // The picker: a moment typed to the second (the browser runs in Asia/Kolkata).
    const second = Math.floor(Date.parse(before.occurredAt) / 1000) * 1000;
    const local = new Date(second + 330 * 60_000).toISOString().slice(0, 19);
    await page.getByLabel('Moment').fill(local);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    const typed = await apiGet(
      server,
      `/api/loans/${loan._id}/as-of?date=${encodeURIComponent(new Date(second + 999).toISOString())}&basis=occurred`,
      admin.token,
    );
    await waitForApi(
      'the typed moment replayed',
      async () => (await page.getByTestId('asof-event-count').innerText()) === String(typed.body.eventCount),
    );
    expect(await shown('asof-remaining-balance')).toBe(money(typed.body.loan.remainingBalance));

    expect(await seriousAxeViolations(page)).toEqual([]);
    // Nothing on the page is wider than a phone.
    await page.setViewportSize(VIEWPORTS.mobile);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.mobile.width,
    );
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.evaluate(() => {
      window.scrollTo(0, 0);
      // Clicking a row's button may have scrolled the history table sideways.
      document.querySelector('[data-testid="event-table"]')?.parentElement?.scrollTo(0, 0);
    });
    await screenshotBothWidths(page, 'console-loan-audit');
    expectClean(v);
  });

  it('takes the GL number too, and says "Loan not found" for an unknown loan', async () => {
    const v = await open(admin, `/admin/loans/${loan.loanId}/audit`);
    await v.page.getByRole('heading', { level: 1, name: `Loan ${loan.loanId}` }).waitFor();
    expect(await v.page.getByTestId('event-row').count()).toBe(events.length);

    await v.page.goto('/admin/loans/GL99999999/audit');
    await v.page.getByRole('heading', { level: 1, name: 'Loan not found' }).waitFor();
    await v.page.goto('/admin/loans/00000000-0000-4000-8000-000000000000/audit');
    await v.page.getByRole('heading', { level: 1, name: 'Loan not found' }).waitFor();
    expect(await v.page.getByRole('link', { name: 'Back to Loans' }).getAttribute('href')).toBe(
      '/admin/loans',
    );
    expectClean(v);
  });

  it('sends an employee who opens it to /', async () => {
    const v = await open(employee, `/admin/loans/${loan._id}/audit`);
    await v.page.waitForURL((url) => url.pathname === '/');
    expect(await v.page.getByTestId('event-row').count()).toBe(0);
    expectClean(v);
  });
});
