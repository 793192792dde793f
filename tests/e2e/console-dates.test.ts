import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshotBothWidths } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';
import {
  apiGet,
  openLoanRow,
  signInByApi,
  visitSignedIn,
  waitForDemoBook,
  type Session,
} from './support/staff.js';

/**
 * Issue 19, point 6: one date style. Every console page the sidebar links to, for an admin,
 * an employee and an auditor, shows dates as `26 Nov 2026` or `26/11/2026`, never as ISO
 * `2026-11-26`; and a date field takes 05/01/2027 typed as 5 January 2027 in a browser
 * whose language would make a native date input ask for mm/dd/yyyy.
 */

let server: E2eServer;
let browser: Browser;
const sessions: Partial<Record<'admin' | 'employee' | 'auditor', Session>> = {};

beforeAll(async () => {
  server = await startServer('e2e: console dates');
  browser = await launchChromium();
  for (const role of ['admin', 'employee', 'auditor'] as const)
    sessions[role] = await signInByApi(server, role);
  await waitForDemoBook(server, sessions.admin!.token);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/g;

/** The page's visible text once its data has come (no "Loading…" left), settled a moment. */
async function settledText(page: Page): Promise<string> {
  await page.locator('main h1').first().waitFor({ timeout: 20_000 });
  await page
    .waitForFunction(() => !/Loading/i.test(document.querySelector('main')?.textContent ?? ''), null, {
      timeout: 20_000,
    })
    .catch(() => undefined);
  await page.waitForTimeout(300);
  return visibleText(page);
}

/**
 * The body's visible text without `<pre>`/`<code>` samples: a file format shown as the file
 * is written (the gold-price CSV's `2026-11-20,916,7003.50`) is not a date a person reads.
 */
const visibleText = (page: Page) =>
  page.evaluate(() => {
    let text = document.body.innerText;
    for (const el of document.querySelectorAll<HTMLElement>('pre, code'))
      text = text.replace(el.innerText, '');
    return text;
  });

const isoIn = (text: string) =>
  [...text.matchAll(ISO_DATE)].map((m) =>
    text.slice(Math.max(0, m.index - 40), m.index + 50).replace(/\s+/g, ' '),
  );

describe('console pages', () => {
  it.each(['admin', 'employee', 'auditor'] as const)(
    'show no ISO date on any sidebar page of the %s console',
    async (role) => {
      const v = await visitSignedIn(browser, server, sessions[role]!);
      const { page } = v;
      await page.goto(`${server.url}/${role === 'employee' ? 'employee' : 'admin'}/dashboard`);
      const nav = page.locator('nav[aria-label="Console"] a');
      await nav.first().waitFor();
      const hrefs = [...new Set(await nav.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '')))];
      expect(hrefs.length).toBeGreaterThan(5);
      const found: Record<string, string[]> = {};
      for (const href of hrefs) {
        await page.goto(`${server.url}${href}`);
        const iso = isoIn(await settledText(page));
        if (iso.length > 0) found[href] = iso;
      }
      // The upgrade timeline wrote ISO dates into its descriptions before issue 19.
      if (role === 'admin') {
        const upgraded = await apiGet(
          server,
          '/api/admin/loans-with-upgrades?page=1&limit=10&status=active',
          sessions.admin!.token,
        );
        const loan = upgraded.body.data.loans[0] as { loanId: string } | undefined;
        expect(loan, 'an upgraded demo loan').toBeDefined();
        await page.goto(`${server.url}/admin/loans`);
        await settledText(page);
        await page.getByLabel('Search loans').fill(loan!.loanId);
        // Upgrades is among the expanded row's actions (issue 19's one-line rows).
        await page.locator(`[data-testid="loan-row"][data-loan-id="${loan!.loanId}"]`).waitFor();
        await openLoanRow(page, loan!.loanId);
        await page
          .locator(`[data-testid="loan-details"][data-loan-id="${loan!.loanId}"]`)
          .getByRole('button', { name: `Upgrades ${loan!.loanId}` })
          .click();
        const dialog = page.getByRole('dialog', { name: 'Upgrade History' });
        await dialog.getByTestId('timeline-step').first().waitFor({ timeout: 20_000 });
        const iso = isoIn(await dialog.evaluate((el: HTMLElement) => el.innerText));
        if (iso.length > 0) found['upgrade history dialog'] = iso;
        await screenshotBothWidths(page, 'console-upgrade-history-dates');
      }
      expect(found, 'ISO dates in visible text, by page').toEqual({});
      expect(v.pageErrors).toEqual([]);
      await v.context.close();
    },
    240_000,
  );
});

describe('a date field', () => {
  it('takes 05/01/2027 typed in a US-English browser and sends 2027-01-05 to the API', async () => {
    // A browser whose native date input would ask for mm/dd/yyyy.
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'en-US',
      timezoneId: 'Asia/Kolkata',
    });
    const session = sessions.admin!;
    await context.addInitScript(
      (state) => window.localStorage.setItem('authState', state),
      JSON.stringify({ user: session.user, token: session.token, isAuthenticated: true }),
    );
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) asked.push(decodeURIComponent(r.url()));
    });
    await page.goto(`${server.url}/admin/audit-log`);
    await settledText(page);
    const from = page.getByLabel('From date');
    expect(await from.getAttribute('placeholder')).toBe('dd/mm/yyyy');
    await from.pressSequentially('05/01/2027');
    expect(await from.inputValue()).toBe('05/01/2027');
    await expect
      .poll(() => asked.some((u) => /[?&]from=2027-01-05\b/.test(u)), { timeout: 15_000 })
      .toBe(true);
    // A date that does not exist is refused by the field, and nothing is asked for it.
    await from.fill('');
    await from.pressSequentially('31/02/2027');
    expect(await from.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe(
      'Enter the date as dd/mm/yyyy',
    );
    expect(asked.some((u) => u.includes('2027-02-31') || u.includes('2027-03-03'))).toBe(false);
    await screenshotBothWidths(page, 'console-date-input');
    await context.close();
  }, 120_000);
});
