import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshotBothWidths, seriousAxeViolations } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';
import { apiGet, signInByApi, visitSignedIn, type Session } from './support/staff.js';

/**
 * Issue 17, point 1: the lending policy as versioned data, in Debian's Chromium against the
 * real server. The admin reads the rules with their sources, proposes a new minimum
 * interest (the page checks the draft and shows the change before sending); the server
 * holds it for a second admin even though this server starts with maker-checker off
 * (APPROVALS_OFF_UNTIL_SET); the checker approves it; the page shows version 2 scheduled
 * for tomorrow, then in effect once the clock has moved on.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let checker: Session;
let approvalId = '';

beforeAll(async () => {
  server = await startServer('e2e: console lending policy');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  checker = await signInByApi(server, 'checker');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the lending policy page', () => {
  it('shows each rule grouped, in people’s units, with its source', async () => {
    const v = await visitSignedIn(browser, server, admin);
    try {
      const page = v.page;
      await page.goto(`${server.url}/admin/lending-policy`);
      await page.getByRole('heading', { name: 'Lending policy', level: 1 }).waitFor({ timeout: 15_000 });
      await page.getByText('Version 1').first().waitFor();
      await page.getByRole('heading', { name: 'Valuation & LTV', level: 2 }).waitFor();
      const minimumInterest = page.locator('[data-rule="minimumInterestPaise"]');
      await expect(minimumInterest.innerText()).resolves.toMatch(/Minimum interest[\s\S]*Source:[\s\S]*₹50/);
      await expect(page.locator('[data-rule="cashLimits"]').innerText()).resolves.toMatch(
        /Income Tax Act 1961, s\.269SS and s\.269ST[\s\S]*₹20,000/,
      );
      await expect(page.locator('[data-rule="weightCapsMg"]').innerText()).resolves.toContain('1,000 g');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-lending-policy');
      await expect(
        page.getByRole('link', { name: 'Lending Policy' }).getAttribute('aria-current'),
      ).resolves.toBe('page');
    } finally {
      await v.context.close();
    }
  });

  it('an admin proposes a new minimum interest: checked, reviewed and sent for approval', async () => {
    const v = await visitSignedIn(browser, server, admin);
    try {
      const page = v.page;
      await page.goto(`${server.url}/admin/lending-policy`);
      await page.getByRole('button', { name: 'Propose a change' }).click({ timeout: 15_000 });
      const minimumInterest = page.getByLabel('Minimum interest on closure (₹)');
      await minimumInterest.fill('-5');
      await page.getByRole('button', { name: 'Review changes' }).first().click();
      await page.getByText('Minimum interest on closure cannot be negative').waitFor();

      await minimumInterest.fill('75');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-lending-policy-edit');
      await page.getByRole('button', { name: 'Review changes' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Propose version 2' });
      await dialog.waitFor();
      await dialog.getByText('Minimum interest on closure: ₹50 → ₹75').waitFor();
      await expect(dialog.getByRole('listitem').count()).resolves.toBe(1);
      await dialog.getByLabel(/Reason for the change/).fill('Board resolution 14/2026: costs of small loans');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-lending-policy-proposal');
      await dialog.getByRole('button', { name: 'Send for approval' }).click();
      await page.getByText(/Version 2 was sent for approval/).waitFor({ timeout: 15_000 });
      await page.getByText('Waiting for a second admin').waitFor({ timeout: 15_000 });
    } finally {
      await v.context.close();
    }
    const overview = await apiGet(server, '/api/admin/lending-policy', admin.token);
    expect(overview.body.versions).toHaveLength(1);
    expect(overview.body.pending).toHaveLength(1);
    approvalId = overview.body.pending[0].approvalId;
    const own = await server.post(`/api/admin/approvals/${approvalId}/approve`, {}, admin.token);
    expect(own.status).toBe(403);
  });

  it('the checker approves it under Approvals', async () => {
    const v = await visitSignedIn(browser, server, checker);
    try {
      const page = v.page;
      await page.goto(`${server.url}/admin/approvals`);
      const row = page.locator(`tr[data-approval-id="${approvalId}"]`);
      await row.getByText('Lending policy change', { exact: true }).waitFor({ timeout: 15_000 });
      await row.getByRole('button', { name: /^Approve:/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Approve and carry out' }).click();
      await page
        .getByText(/Approved and carried out\. Lending policy version 2 adopted, in effect from/)
        .waitFor({ timeout: 15_000 });
    } finally {
      await v.context.close();
    }
  });

  it('shows version 2 scheduled with its change, who proposed and approved it; then in effect', async () => {
    const v = await visitSignedIn(browser, server, admin);
    try {
      const page = v.page;
      await page.goto(`${server.url}/admin/lending-policy`);
      await page.getByText(/Version 2 takes effect on/).waitFor({ timeout: 15_000 });
      const version2 = page.locator('[data-version="2"]');
      await expect(version2.innerText()).resolves.toMatch(
        /Version 2[\s\S]*Scheduled[\s\S]*Proposed by Asha Rao \(Admin\), approved by Vikram Menon \(Admin\)[\s\S]*Minimum interest on closure: ₹50 → ₹75/,
      );
      await version2.getByRole('button', { name: 'View version 2' }).click();
      const dialog = page.getByRole('dialog', { name: 'Lending policy version 2' });
      await dialog
        .locator('[data-rule="minimumInterestPaise"]')
        .getByText('₹75')
        .waitFor({ timeout: 15_000 });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-lending-policy-version');
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await screenshotBothWidths(page, 'console-lending-policy-history');

      await server.advanceClock(24 * 3_600_000);
      await page.reload();
      await page.getByText(/Version 2\s*is in effect since/).waitFor({ timeout: 15_000 });
      await expect(page.locator('[data-rule="minimumInterestPaise"]').innerText()).resolves.toContain('₹75');
    } finally {
      await v.context.close();
    }
  });

  it('lets an auditor read it all, without the button to propose', async () => {
    const auditor = await signInByApi(server, 'auditor');
    const v = await visitSignedIn(browser, server, auditor);
    try {
      const page = v.page;
      await page.goto(`${server.url}/admin/lending-policy`);
      await page.locator('[data-version="2"]').waitFor({ timeout: 15_000 });
      await expect(page.getByRole('button', { name: 'Propose a change' }).count()).resolves.toBe(0);
    } finally {
      await v.context.close();
    }
  });
});
