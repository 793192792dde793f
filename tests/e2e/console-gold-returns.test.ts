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
 * Gold returns in Debian's Chromium against the real
 * server. The employee closes a running demo loan whose gold is not sealed in a packet
 * (sealed gold is released through custody) with a full payment through the API;
 * its gold is then to be returned, and the admin schedules and hands it back on the page.
 * Every step is checked against `GET /api/gold-returns/{loanId}`.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let employee: Session;
/** The loan closed for this test: its internal id and loan number. */
let loan: { _id: string; loanId: string };
let v: Visit;

const branchDate = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

async function goldReturn(loanId: string): Promise<any> {
  const res = await apiGet(server, `/api/gold-returns/${loanId}`, admin.token);
  return res.status === 200 ? res.body.data : null;
}

/** Waits for the read model to show the return in `status` (the projector runs behind the command). */
async function apiAgrees(status: string): Promise<any> {
  let last: any = null;
  await waitUntil(
    async () => {
      last = await goldReturn(loan.loanId);
      return last?.goldReturnStatus === status;
    },
    { timeoutMs: 20_000, intervalMs: 250, describe: () => `gold return ${status}: ${JSON.stringify(last)}` },
  );
  return last;
}

beforeAll(async () => {
  server = await startServer('e2e: console gold returns');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  employee = await signInByApi(server, 'employee');
  await waitForDemoBook(server, admin.token);

  // A running loan, closed by paying the quote's total due in cash (the employee's desk).
  const active = await apiGet(server, '/api/admin/loans?status=active&limit=50', admin.token);
  expect(active.status).toBe(200);
  let closed = false;
  for (const candidate of active.body.data as Array<{ _id: string; loanId: string }>) {
    // Sealed gold goes back through custody (dual control); this page hands back unsealed gold.
    const custody = await apiGet(server, `/api/loans/${candidate._id}/custody`, admin.token);
    if (custody.status !== 200 || custody.body.data.packet !== null) continue;
    const quote = await apiSend(
      server,
      'POST',
      `/api/loans/${candidate._id}/calculate-early-repayment`,
      employee.token,
      {},
    );
    if (quote.status !== 200) continue;
    const paid = await apiSend(server, 'POST', `/api/loans/${candidate._id}/payment`, employee.token, {
      amount: quote.body.totalDue,
      paymentMethod: 'handcash',
    });
    if (paid.status === 201 && paid.body.data.loan.status === 'closed') {
      loan = { _id: candidate._id, loanId: candidate.loanId };
      closed = true;
      break;
    }
  }
  expect(closed, 'a demo loan closed by a full payment').toBe(true);
  const pending = await apiAgrees('pending');
  expect(pending).toMatchObject({
    loanId: loan.loanId,
    closedDate: branchDate(new Date()),
    scheduledReturnDate: null,
  });
});

afterAll(async () => {
  await v?.context.close();
  await browser?.close();
  await server?.stop();
});

const card = (page: Page): Locator =>
  page.locator(`[data-testid="gold-return-card"][data-loan-id="${loan.loanId}"]`);
const dialog = (page: Page): Locator => page.locator('dialog[open]');

async function expectAxeClean(page: Page, what: string): Promise<void> {
  expect(await seriousAxeViolations(page), `axe on ${what}`).toEqual([]);
}

describe('the gold returns page', () => {
  it('shows the tiles and finds the closed loan by search', async () => {
    v = await visitSignedIn(browser, server, admin);
    const { page } = v;
    await page.goto('/admin/gold-returns');
    await page.getByRole('heading', { name: 'Gold Returns', level: 1 }).waitFor();
    await page.getByTestId('stat-overdue').waitFor();
    await page.locator('[data-testid="gold-return-card"]').first().waitFor();

    const stats = (await apiGet(server, '/api/gold-returns/stats', admin.token)).body.data;
    expect((await page.getByTestId('stat-total').innerText()).replace(/\s+/g, ' ')).toContain(
      String(stats.totalClosedLoans),
    );
    await expectAxeClean(page, 'the gold returns page');
    await screenshotBothWidths(page, 'console-gold-returns');

    await page.getByLabel('Search gold returns').fill(loan.loanId);
    await waitUntil(
      async () =>
        (await page.locator('[data-testid="gold-return-card"]').count()) === 1 &&
        (await card(page).count()) === 1,
      {
        timeoutMs: 10_000,
        intervalMs: 100,
        describe: () => `only the card of ${loan.loanId}`,
      },
    );
    await card(page).getByText('Pending', { exact: true }).waitFor();
    expect(v.pageErrors).toEqual([]);
  });

  it('shows the details in a modal', async () => {
    const { page } = v;
    await card(page).getByRole('button', { name: 'View Details' }).click();
    await dialog(page).getByTestId('gold-return-details').waitFor();
    const text = await dialog(page).innerText();
    expect(text).toContain(loan.loanId);
    expect(text).toContain('Reminders sent (0)');
    await expectAxeClean(page, 'the details modal');
    await screenshotBothWidths(page, 'console-gold-returns-details');
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
  });

  it('schedules the return for a date and time: the message, the status, the API', async () => {
    const { page } = v;
    await card(page).getByRole('button', { name: 'Schedule', exact: true }).click();
    const modal = dialog(page);
    await modal.getByLabel('Return date and time').waitFor();
    // A date-time is required; nothing is sent without one.
    await modal.getByRole('button', { name: 'Schedule Return' }).click();
    await modal.getByText('Please choose a date and time for the return').waitFor();
    expect((await goldReturn(loan.loanId)).goldReturnStatus).toBe('pending');
    await expectAxeClean(page, 'the schedule modal');
    await screenshotBothWidths(page, 'console-gold-returns-schedule');

    const tomorrow = branchDate(new Date(Date.now() + 24 * 3600_000));
    await modal.getByLabel('Return date and time').fill(`${tomorrow}T11:30`);
    await modal.getByLabel('Notes (optional)').fill('Customer comes with her son');
    await modal.getByRole('button', { name: 'Schedule Return' }).click();
    await page.getByText('Gold return scheduled successfully!').waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    await card(page).getByText('Scheduled', { exact: true }).waitFor();

    const scheduled = await apiAgrees('scheduled');
    expect(scheduled.scheduledReturnDate).toBe(new Date(`${tomorrow}T11:30:00+05:30`).toISOString());
    expect(scheduled.notes).toBe('Customer comes with her son');
  });

  it('sends a reminder of the chosen type', async () => {
    const { page } = v;
    await card(page).getByRole('button', { name: 'Send Reminder' }).click();
    const modal = dialog(page);
    await modal.getByLabel('Reminder type').selectOption('final');
    await expectAxeClean(page, 'the reminder modal');
    await screenshotBothWidths(page, 'console-gold-returns-reminder');
    await modal.getByRole('button', { name: 'Send Reminder' }).click();
    await page.getByText(/^Reminder sent to /).waitFor();
    await waitUntil(async () => (await goldReturn(loan.loanId))?.remindersSent === 1, {
      timeoutMs: 20_000,
      intervalMs: 250,
      describe: () => 'one reminder recorded',
    });
    expect((await goldReturn(loan.loanId)).reminders[0].type).toBe('final');
  });

  it('marks the gold returned: the message, the status, the API', async () => {
    const { page } = v;
    await card(page).getByRole('button', { name: 'Mark Returned' }).click();
    const modal = dialog(page);
    await modal.getByLabel('Notes (optional)').fill('Handed over at the counter');
    await expectAxeClean(page, 'the mark returned modal');
    await screenshotBothWidths(page, 'console-gold-returns-mark-returned');
    await modal.getByRole('button', { name: 'Mark Returned' }).click();
    await page.getByText('Gold marked as returned successfully!').waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    await card(page).getByText('Returned', { exact: true }).waitFor();
    // Returned gold takes no more actions.
    expect(await card(page).getByRole('button', { name: 'Mark Returned' }).count()).toBe(0);

    const returned = await apiAgrees('returned');
    expect(returned.actualReturnDate).toBe(branchDate(new Date()));
  });

  it('says so when a search finds nothing', async () => {
    const { page } = v;
    await page.getByLabel('Search gold returns').fill('no such customer zz');
    await page.getByText('No returns match your search criteria').waitFor();
    expect(v.pageErrors).toEqual([]);
    expect(v.foreignRequests).toEqual([]);
  });

  it('sends an employee to /', async () => {
    const e = await visitSignedIn(browser, server, employee);
    await e.page.goto('/admin/gold-returns');
    await e.page.waitForURL((url) => url.pathname === '/');
    await e.context.close();
  });
});
