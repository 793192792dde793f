import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * Issue 16, point 7: maker-checker in Debian's Chromium against the real server. An admin
 * turns the policy on in the settings page; an employee's back-dated payment and the
 * admin's own reversal wait in the queue; the admin cannot check their own request, a
 * second admin approves it, and a rejection needs a reason. The employee follows theirs
 * under My Requests.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let employee: Session;
let checker: Session;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startServer('e2e: console approvals');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  employee = await signInByApi(server, 'employee');
  await waitForDemoBook(server, admin.token);
  checker = await signInByApi(server, 'checker');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface DemoLoan {
  _id: string;
  loanId: string;
  status: string;
  disbursementDate: string;
  version: number;
}

async function activeLoans(): Promise<DemoLoan[]> {
  const res = await apiGet(server, '/api/admin/loans?status=active&limit=50', admin.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const loans = (res.body.data?.loans ?? res.body.data) as DemoLoan[];
  return loans.filter((l) => l.status === 'active' && l.disbursementDate < addDays(todayAtBranch(), -5));
}

describe('maker-checker in the staff console', () => {
  let backdated = '';
  let reversal = '';

  it('the admin turns the policy on in Approval settings', async () => {
    const v = await visitSignedIn(browser, server, admin);
    try {
      const page = v.page;
      await page.goto(`${server.url}/admin/approvals/settings`);
      await page.getByRole('heading', { name: 'Approval settings' }).waitFor({ timeout: 15_000 });
      for (const label of ['Payment reversals', 'Back-dated payments', 'Loans above the threshold']) {
        await page.getByRole('checkbox', { name: new RegExp(label) }).check();
      }
      await page
        .getByLabel(/Reason for the change/)
        .fill('Branch audit finding: second person for reversals');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-approval-settings');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Approval settings saved.').waitFor({ timeout: 15_000 });
      await page.getByText('Payment reversals: needs a second person').waitFor();
    } finally {
      await v.context.close();
    }
    const policy = await apiGet(server, '/api/admin/approvals/policy', admin.token);
    expect(policy.body.policy.rules).toMatchObject({ payment_reversal: true, backdated_payment: true });
  });

  it('a back-dated payment and a reversal wait for approval; nothing is recorded', async () => {
    const [first, second] = await activeLoans();
    expect(second, 'two active demo loans').toBeDefined();
    const yesterday = addDays(todayAtBranch(), -1);
    const quote = await apiSend(
      server,
      'POST',
      `/api/loans/${first!._id}/calculate-early-repayment`,
      employee.token,
      { repaymentDate: yesterday },
    );
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const held = await apiSend(server, 'POST', `/api/loans/${first!._id}/payment`, employee.token, {
      amount: quote.body.minimumTotalDue,
      paymentMethod: 'handcash',
      repaymentDate: yesterday,
    });
    expect(held.status, JSON.stringify(held.body)).toBe(202);
    expect(held.body.message).toBe('Sent for approval');
    backdated = held.body.approvalId;

    const paid = await apiSend(server, 'POST', `/api/loans/${second!._id}/payment`, employee.token, {
      amount: (
        await apiSend(
          server,
          'POST',
          `/api/loans/${second!._id}/calculate-early-repayment`,
          employee.token,
          {},
        )
      ).body.minimumTotalDue,
      paymentMethod: 'handcash',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const paymentId = paid.body.data.payment._id as string;
    const reverse = await apiSend(
      server,
      'POST',
      `/api/loans/${second!._id}/payments/${paymentId}/reverse`,
      admin.token,
      { reason: 'Entered on the wrong loan' },
    );
    expect(reverse.status, JSON.stringify(reverse.body)).toBe(202);
    reversal = reverse.body.approvalId;
    const payments = await apiGet(server, `/api/loans/${second!._id}/payments`, admin.token);
    expect(JSON.stringify(payments.body)).not.toContain('"reversed"');

    const own = await apiSend(server, 'POST', `/api/admin/approvals/${reversal}/approve`, admin.token, {});
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot approve your own request.');
  });

  it('the employee follows their request under My Requests', async () => {
    const v = await visitSignedIn(browser, server, employee);
    try {
      const page = v.page;
      await page.goto(`${server.url}/employee/approvals`);
      const row = page.locator(`tr[data-approval-id="${backdated}"]`);
      await row.waitFor({ timeout: 15_000 });
      await expect(row.innerText()).resolves.toMatch(/Payment[\s\S]*back-dated[\s\S]*Pending/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-my-requests');
    } finally {
      await v.context.close();
    }
  });

  it('the admin approves the employee’s request, and sees their own as waiting for another admin', async () => {
    const v = await visitSignedIn(browser, server, admin);
    try {
      const page = v.page;
      await page.goto(`${server.url}/admin/approvals`);
      const mine = page.locator(`tr[data-approval-id="${reversal}"]`);
      await mine.getByText('Your request: another admin checks it').waitFor({ timeout: 15_000 });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-approvals-queue');

      const row = page.locator(`tr[data-approval-id="${backdated}"]`);
      await row.getByRole('button', { name: /^Approve:/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Approve and carry out' }).click();
      await page.getByText(/Approved and carried out\. Payment recorded\./).waitFor({ timeout: 15_000 });
      await row.waitFor({ state: 'detached', timeout: 15_000 });
    } finally {
      await v.context.close();
    }
  });

  it('a second admin approves the reversal; a rejection needs a reason', async () => {
    const v = await visitSignedIn(browser, server, checker);
    try {
      const page = v.page;
      await page.goto(`${server.url}/admin/approvals`);
      const row = page.locator(`tr[data-approval-id="${reversal}"]`);
      await row.getByRole('button', { name: /^Reject:/ }).click({ timeout: 15_000 });
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await dialog.getByText('A reason is required to reject a request').waitFor();
      await dialog.getByLabel(/Reason for rejecting/).fill('Checking with the branch first');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-approvals-reject-dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await row.getByRole('button', { name: /^Approve:/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Approve and carry out' }).click();
      await page.getByText(/Approved and carried out\. Payment reversed\./).waitFor({ timeout: 15_000 });

      await page.getByRole('button', { name: /^Approved/ }).click();
      await page
        .locator(`tr[data-approval-id="${reversal}"]`)
        .getByText(/by Vikram Menon/)
        .waitFor({
          timeout: 15_000,
        });
      await screenshotBothWidths(page, 'console-approvals-approved');
    } finally {
      await v.context.close();
    }
    const again = await apiSend(
      server,
      'POST',
      `/api/admin/approvals/${reversal}/approve`,
      checker.token,
      {},
    );
    expect(again.status).toBe(409);
  });
});
