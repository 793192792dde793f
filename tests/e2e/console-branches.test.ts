import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  screenshotBothWidths as screenshotAsIs,
  seriousAxeViolations,
  visit,
  type Visit,
} from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';
import { waitUntil } from '../system/support/processes.js';
import { apiGet, signInByApi, visitSignedIn, waitForDemoBook, type Session } from './support/staff.js';

/**
 * Issue 16, branches: an admin sees the demo's two branches with their staff and open
 * loans, adds a third with its vault safes, edits one, and moves an employee to it;
 * a visitor picks a branch on /location and gets its card and map link. In Debian's
 * Chromium against the real server.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;

beforeAll(async () => {
  server = await startServer('e2e: console branches');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  await waitForDemoBook(server, admin.token);
  // The branches read model has counted the demo's Mysuru loans.
  await waitUntil(
    async () => {
      const res = await apiGet(server, '/api/admin/branches', admin.token);
      return (res.body?.data ?? []).some(
        (b: { code: string; openLoans: number }) => b.code === 'MYS' && b.openLoans > 0,
      );
    },
    { timeoutMs: 60_000, intervalMs: 500, describe: () => 'open loans counted at the Mysuru branch' },
  );
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Full-page screenshots from the top, so the sticky top bar sits where it belongs. */
async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotAsIs(page, name);
}

function expectClean(v: Visit): void {
  expect(v.pageErrors, 'uncaught errors in the page').toEqual([]);
  expect(v.foreignRequests, 'requests that left our origin').toEqual([]);
}

const field = (scope: Locator, name: string) => scope.getByRole('textbox', { name, exact: true });
const row = (page: Page, code: string) => page.locator(`tr[data-testid="branch-row"][data-code="${code}"]`);

describe('the branches page', () => {
  it('lists, adds and edits branches, with their vault safes', async () => {
    const v = await visitSignedIn(browser, server, admin);
    try {
      const { page } = v;
      await page.goto(`${server.url}/admin/branches`);
      await page.getByRole('heading', { level: 1, name: 'Branches' }).waitFor();
      await row(page, 'MAIN').waitFor({ timeout: 15_000 });
      await row(page, 'MYS').waitFor();
      // The sidebar links here.
      expect(await page.getByRole('link', { name: 'Branches', exact: true }).count()).toBeGreaterThan(0);
      // The demo's second branch: its employee and a few loans of its own.
      const mysuru = row(page, 'MYS');
      const cells = mysuru.getByRole('cell');
      expect(await cells.nth(1).innerText()).toContain('GoldLedger Mysuru Branch');
      expect(Number(await cells.nth(4).innerText())).toBe(1);
      expect(Number(await cells.nth(5).innerText())).toBeGreaterThan(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-branches-page');

      // Add a branch, with a second safe.
      await page.getByRole('button', { name: 'Add Branch' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      // Saving empty says what is missing, field by field.
      await dialog.getByRole('button', { name: 'Add Branch' }).click();
      await dialog.getByText('Branch code must be 2 to 8 letters or digits').waitFor();
      await field(dialog, 'Code').fill('hub');
      await field(dialog, 'Name').fill('GoldLedger Hubballi Branch');
      await field(dialog, 'Address').fill('Station Road, Hubballi, Karnataka 580020');
      await dialog.getByRole('combobox', { name: 'State' }).selectOption('Karnataka');
      await field(dialog, 'Phone').fill('+91 90000 00300');
      await field(dialog, 'Vault name').fill('Hubballi vault');
      await dialog.getByRole('button', { name: 'Add safe' }).click();
      await field(dialog, 'Safe 2').fill('Safe 2');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-branches-add-dialog');
      await dialog.getByRole('button', { name: 'Add Branch' }).click();
      await page.getByText('Branch HUB opened').waitFor({ timeout: 15_000 });
      const hub = row(page, 'HUB');
      await hub.waitFor({ timeout: 15_000 });
      expect(await hub.innerText()).toContain('2 safes: Safe 1, Safe 2');

      // A code another branch holds is refused with the server's words.
      await page.getByRole('button', { name: 'Add Branch' }).click();
      await field(dialog, 'Code').fill('MYS');
      await field(dialog, 'Name').fill('Another Mysuru');
      await field(dialog, 'Address').fill('Somewhere in Mysuru 570002');
      await dialog.getByRole('combobox', { name: 'State' }).selectOption('Karnataka');
      await field(dialog, 'Phone').fill('+91 90000 00400');
      await field(dialog, 'Vault name').fill('Vault');
      await dialog.getByRole('button', { name: 'Add Branch' }).click();
      await dialog.getByText('Branch code MYS is already used').waitFor({ timeout: 15_000 });
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // Edit the Mysuru branch's hours.
      await mysuru.getByRole('button', { name: 'Edit GoldLedger Mysuru Branch' }).click();
      await dialog.waitFor();
      await field(dialog, 'Hours').fill('Monday to Saturday, 10:00 AM to 5:00 PM');
      await screenshotBothWidths(page, 'console-branches-edit-dialog');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Branch MYS saved').waitFor({ timeout: 15_000 });
      await mysuru.getByText('Monday to Saturday, 10:00 AM to 5:00 PM').waitFor({ timeout: 15_000 });
      expectClean(v);
    } finally {
      await v.context.close();
    }
  });

  it('assigns an employee to a branch from the employees page', async () => {
    const v = await visitSignedIn(browser, server, admin);
    try {
      const { page } = v;
      await page.goto(`${server.url}/admin/employees`);
      const ravi = page.locator('tr[data-testid="staff-row"][data-email="employee@demo.local"]');
      await ravi.waitFor({ timeout: 15_000 });
      const branches = ravi.getByTestId('staff-branches');
      await expect.poll(() => branches.innerText(), { timeout: 15_000 }).toBe('MAIN');
      const meena = page.locator('tr[data-testid="staff-row"][data-email="employee2@demo.local"]');
      await expect.poll(() => meena.getByTestId('staff-branches').innerText()).toBe('MYS');

      await ravi.getByRole('button', { name: /^Edit / }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('checkbox', { name: /Hubballi/ }).check();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-employees-branches-dialog');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
      await expect.poll(() => branches.innerText(), { timeout: 15_000 }).toBe('MAIN, HUB');
      await screenshotBothWidths(page, 'console-employees-branches');
      expectClean(v);
    } finally {
      await v.context.close();
    }
    const list = await apiGet(server, '/api/admin/branches', admin.token);
    const hub = (list.body.data as Array<{ code: string; staffCount: number }>).find((b) => b.code === 'HUB');
    expect(hub?.staffCount).toBe(1);
  });
});

describe('the location page', () => {
  it('lists the branches and shows the one picked, with its map link', async () => {
    const v = await visit(browser, server.url);
    try {
      const { page } = v;
      await page.goto('/location');
      await page.getByRole('heading', { level: 1, name: 'Our branches', exact: true }).waitFor();
      const picker = page.getByRole('navigation', { name: 'Our branches' });
      await picker.getByRole('link', { name: /GoldLedger Mysuru Branch/ }).click();
      await page.waitForURL(/\?branch=MYS$/);
      await page.getByRole('heading', { level: 2, name: 'GoldLedger Mysuru Branch' }).waitFor();
      await page.getByText('Monday to Saturday, 10:00 AM to 5:00 PM').waitFor();
      const current = picker.locator('a[aria-current="true"]');
      expect(await current.innerText()).toContain('GoldLedger Mysuru Branch');
      const map = page.getByRole('link', { name: /Open in Google Maps/ });
      expect(await map.getAttribute('href')).toContain(encodeURIComponent('Sayyaji Rao Road'));
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'public-location-branches');

      // The selection is in the address: a link to it opens on that branch.
      await page.goto('/location?branch=hub');
      await page.getByRole('heading', { level: 2, name: 'GoldLedger Hubballi Branch' }).waitFor();
      expectClean(v);
    } finally {
      await v.context.close();
    }
  });
});
