// Long because its tests share one server, its generated demo book and the admin's signed-in
// browser: the admin tests act on that book in turn (delete, edit), and every e2e file
// pays for a server start and a book of its own, which the two-core machine runs one at a time.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../system/support/processes.js';
import { launchChromium, screenshotBothWidths, seriousAxeViolations, type Visit } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';
import {
  apiGet,
  apiSend,
  signInByApi,
  visitSignedIn,
  openLoanRow,
  waitForDemoBook,
  type Session,
} from './support/staff.js';

/**
 * The Loans Management page in Debian's Chromium
 * against the real server and its demo loan book: the list, search, sort, the row
 * expander with gold items and photos, the slip, deletion and editing as an admin (renewal,
 * with the borrower's code it now takes, is console-renewals.test.ts); what an employee may
 * not see or do.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let employee: Session;
/** The admin's browser, signed in, kept across the admin tests. */
let adminVisit: Visit;

interface ApiLoan {
  _id: string;
  loanId: string;
  name: string;
  amount: number;
  status: string;
  term: number;
  interestRate: number;
  currentUpgradeLevel: number;
  goldItems: Array<{ description: string; grossWeight: number; netWeight: number; purityKarat: number }>;
  depositedBank: string | null;
  renewedTo: { _id: string; loanId: string } | null;
  paymentCount: number;
}

async function loans(
  query: string,
  token = admin.token,
  area = 'admin',
): Promise<{ data: ApiLoan[]; counts: any }> {
  const res = await apiGet(server, `/api/${area}/loans?${query}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const rowIds = (page: Page) =>
  page.getByTestId('loan-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-loan-id')));

/** Waits until the table shows exactly these loans, in this order. */
async function expectRows(page: Page, ids: string[]): Promise<void> {
  let shown: Array<string | null> = [];
  await waitUntil(
    async () => {
      shown = await rowIds(page);
      return JSON.stringify(shown) === JSON.stringify(ids);
    },
    { timeoutMs: 15_000, intervalMs: 100, describe: () => `rows ${shown.join(',')} to be ${ids.join(',')}` },
  );
}

/** Narrows the admin's table to one loan by its id (the search covers loan ids). */
async function findInTable(page: Page, loanId: string): Promise<void> {
  const search = page.getByLabel('Search loans');
  await search.fill(loanId);
  await expectRows(page, [loanId]);
}

/** The read model follows the commands a moment later: poll a loan until `ready` says so. */
async function loanOnceItShows(id: string, ready: (loan: any) => boolean): Promise<any> {
  let last: unknown;
  let found: any;
  await waitUntil(
    async () => {
      const res = await apiGet(server, `/api/loans/${id}`, admin.token);
      last = res.body;
      found = res.status === 200 ? res.body.data : undefined;
      return found !== undefined && ready(found);
    },
    {
      timeoutMs: 15_000,
      intervalMs: 200,
      describe: () => `loan ${id}: ${JSON.stringify(last).slice(0, 300)}`,
    },
  );
  return found;
}

/** A 1×1 PNG, the bank receipt the edit dialog uploads. */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Every header's text, the ones a narrow desk gives no room to (Created By below 1440 px) included. */
const headerTexts = async (page: Page) =>
  (await page.locator('thead').first().locator('th').allTextContents()).map((h) =>
    h.replace(/[▲▼↕]/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase(),
  );

function expectClean(v: Visit): void {
  expect(v.pageErrors, 'uncaught errors in the page').toEqual([]);
  // The browser's own PDF viewer (the slip's tab) loads chrome:// and chrome-extension:// parts: not the network.
  const network = v.foreignRequests.filter((url) => !/^chrome(-extension)?:/.test(url));
  expect(network, 'requests that left our origin').toEqual([]);
}

async function expectNoSeriousAxe(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

beforeAll(async () => {
  server = await startServer('e2e: console loans');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  employee = await signInByApi(server, 'employee');
  await waitForDemoBook(server, admin.token);
});

afterAll(async () => {
  await adminVisit?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('Loans Management as an admin', () => {
  it('lists the demo book newest first, with tab counts, and the upgraded loans', async () => {
    adminVisit = await visitSignedIn(browser, server, admin);
    const { page } = adminVisit;
    await page.goto('/admin/loans');
    await page.getByRole('heading', { name: 'Loans Management', level: 1 }).waitFor();

    const first = await loans('limit=20');
    await expectRows(
      page,
      first.data.map((l) => l.loanId),
    );
    const tabs = page.getByRole('group', { name: 'Loan status' });
    expect(await tabs.getByRole('button', { name: /^All/ }).innerText()).toContain(String(first.counts.all));
    expect(await tabs.getByRole('button', { name: /^Active/ }).innerText()).toContain(
      String(first.counts.active),
    );
    expect(await tabs.getByRole('button', { name: /^Closed/ }).innerText()).toContain(
      String(first.counts.closed),
    );
    expect(await headerTexts(page)).toEqual([
      'details',
      'date',
      'customer details',
      'loan details id',
      'next due',
      'overdue',
      'balance',
      'status',
      'created by',
      'actions',
    ]);

    // Active tab: only active loans.
    await tabs.getByRole('button', { name: /^Active/ }).click();
    const active = await loans('status=active&limit=20');
    await expectRows(
      page,
      active.data.map((l) => l.loanId),
    );
    await tabs.getByRole('button', { name: /^All/ }).click();
    await expectRows(
      page,
      first.data.map((l) => l.loanId),
    );

    // The upgraded loans, ten a page, tinted by the server's colour.
    const upgraded = await apiGet(
      server,
      '/api/admin/loans-with-upgrades?page=1&limit=10&status=active',
      admin.token,
    );
    expect(upgraded.status).toBe(200);
    const section = page.getByRole('region', { name: 'Loans with interest upgrades' });
    if (upgraded.body.data.loans.length === 0) {
      await section.getByText('No loans with upgrades found').waitFor();
    } else {
      await section.getByTestId('upgraded-loan-row').first().waitFor();
      const shown = await section
        .getByTestId('upgraded-loan-row')
        .evaluateAll((rows) =>
          rows.map((r) => [r.getAttribute('data-loan-id'), r.getAttribute('data-highlight')]),
        );
      expect(shown).toEqual(upgraded.body.data.loans.map((l: any) => [l.loanId, l.highlightColor]));
      const final = upgraded.body.data.loans.filter((l: any) => l.isAtFinalLevel).length;
      expect(await section.getByText('This loan has reached the final upgrade level (36%).').count()).toBe(
        final,
      );
    }

    await expectNoSeriousAxe(page);
    await screenshotBothWidths(page, 'console-loans');
    expectClean(adminVisit);
  });

  it('searches on the server as you type (a customer name)', async () => {
    const { page } = adminVisit;
    const book = await loans('limit=100');
    // A name with a few loans, so the search visibly narrows the book.
    const byName = new Map<string, number>();
    for (const l of book.data) byName.set(l.name, (byName.get(l.name) ?? 0) + 1);
    const name = [...byName.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    const expected = await loans(`search=${encodeURIComponent(name)}&limit=20`);
    expect(expected.data.length).toBeGreaterThan(0);
    expect(expected.data.length).toBeLessThan(book.data.length);

    await page.keyboard.press('/');
    expect(await page.getByLabel('Search loans').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(name);
    await expectRows(
      page,
      expected.data.map((l) => l.loanId),
    );
    for (const text of await page.getByTestId('loan-row').allInnerTexts()) expect(text).toContain(name);
    const tabs = page.getByRole('group', { name: 'Loan status' });
    expect(await tabs.getByRole('button', { name: /^All/ }).innerText()).toContain(
      String(expected.counts.all),
    );

    // Nothing matches: the list says so.
    await page.getByLabel('Search loans').fill('zzzz-no-such-customer');
    await page.getByText('No loans found').waitFor();
    await page.getByLabel('Search loans').fill('');
    await expectRows(
      page,
      (await loans('limit=20')).data.map((l) => l.loanId),
    );
  });

  it('sorts by amount on the server, largest first then smallest first', async () => {
    const { page } = adminVisit;
    const header = page.locator('th', { has: page.getByRole('button', { name: 'Loan Details' }) });
    await page.getByRole('button', { name: 'Loan Details' }).click();
    const desc = await loans('sort=amount&order=desc&limit=20');
    await expectRows(
      page,
      desc.data.map((l) => l.loanId),
    );
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    const amounts = desc.data.map((l) => l.amount);
    expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);

    await page.getByRole('button', { name: 'Loan Details' }).click();
    const asc = await loans('sort=amount&order=asc&limit=20');
    await expectRows(
      page,
      asc.data.map((l) => l.loanId),
    );
    expect(await header.getAttribute('aria-sort')).toBe('ascending');

    // Back to newest first for the next tests.
    await page.getByRole('button', { name: 'Date' }).click();
    const newest = await loans('sort=createdAt&order=desc&limit=20');
    await expectRows(
      page,
      newest.data.map((l) => l.loanId),
    );
  });

  it('expands a row from the keyboard: gold items, bank and the photo gallery with its viewer', async () => {
    const { page } = adminVisit;
    const loan = (await loans('status=active&limit=5')).data[0]!;
    // One photo for the first gold item, uploaded as the wizard would (multipart, with the token).
    const uploaded = await page.evaluate(
      async ({ loanUuid, token }) => {
        const canvas = document.createElement('canvas');
        canvas.width = 320;
        canvas.height = 240;
        const ctx = canvas.getContext('2d')!;
        ctx.fillStyle = '#c9a227';
        ctx.fillRect(0, 0, 320, 240);
        const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
        const form = new FormData();
        form.append('goldItemIndex', '0');
        form.append('description', 'Photos for gold item 1');
        form.append('photos', blob, 'necklace-front.png');
        const res = await fetch(`/api/loans/${loanUuid}/photos`, {
          method: 'POST',
          headers: { 'x-auth-token': token },
          body: form,
        });
        return res.status;
      },
      { loanUuid: loan._id, token: admin.token },
    );
    expect(uploaded).toBe(201);

    await findInTable(page, loan.loanId);
    const expander = page.getByRole('button', { name: `Details of ${loan.loanId}` });
    await expander.focus();
    await page.keyboard.press('Enter');
    expect(await expander.getAttribute('aria-expanded')).toBe('true');
    const details = page.locator(`[data-testid="loan-details"][data-loan-id="${loan.loanId}"]`);
    await details.waitFor();
    for (const item of loan.goldItems) {
      await details.getByRole('cell', { name: item.description, exact: true }).first().waitFor();
    }
    await details.getByText('Deposited bank').waitFor();
    await details.getByText('Renewal date').waitFor();
    await details.getByText('1 photo(s) uploaded').waitFor();
    const thumb = details.getByRole('button', { name: 'View photo necklace-front.png' });
    await waitUntil(
      () => thumb.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      { timeoutMs: 10_000, intervalMs: 100, describe: () => 'the thumbnail to load' },
    );
    await expectNoSeriousAxe(page);
    await screenshotBothWidths(page, 'console-loans-expanded');

    await thumb.click();
    const viewer = page.getByRole('dialog', { name: 'necklace-front.png' });
    await viewer.waitFor();
    await viewer.getByText('Uploaded by').waitFor();
    await viewer.getByText('320 × 240 px').waitFor();
    await viewer.getByText(/^\d+(\.\d+)? (Bytes|KB)$/).waitFor();
    await waitUntil(
      () =>
        viewer.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 320),
      { timeoutMs: 10_000, intervalMs: 100, describe: () => 'the full-size photo to load' },
    );
    await expectNoSeriousAxe(page);
    await screenshotBothWidths(page, 'console-loans-photo-viewer');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });

    // Enter again folds it.
    await expander.focus();
    await page.keyboard.press('Enter');
    await details.waitFor({ state: 'hidden' });
    expectClean(adminVisit);
  });

  it('opens Repay, payment History and Upgrades from an upgraded active loan; Esc closes each', async () => {
    const { page } = adminVisit;
    const upgraded = await apiGet(
      server,
      '/api/admin/loans-with-upgrades?page=1&limit=10&status=active',
      admin.token,
    );
    const loan = upgraded.body.data.loans[0] as ApiLoan;
    expect(loan, 'an upgraded demo loan').toBeDefined();
    await findInTable(page, loan.loanId);
    // Tinted by its level: the row's cells take the level's colour.
    const row = page.locator(`[data-testid="loan-row"][data-loan-id="${loan.loanId}"]`);
    expect(await row.getAttribute('class')).toMatch(/upgrade[123]/);
    await row.getByText(`Upgraded ${loan.currentUpgradeLevel}x`, { exact: false }).waitFor();

    await openLoanRow(page, loan.loanId);
    for (const [button, title, shot] of [
      [`Repay ${loan.loanId}`, 'Repay Loan', 'console-loans-repay'],
      [`Payment History ${loan.loanId}`, 'Payment History', 'console-loans-payment-history'],
      [`Upgrades ${loan.loanId}`, 'Upgrade History', 'console-loans-upgrade-history'],
    ] as const) {
      // The loans table comes first; the upgraded loans' table below has a Repay of its own.
      await page.getByRole('button', { name: button }).first().click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      await waitUntil(async () => !/Loading/i.test(await dialog.innerText()), {
        timeoutMs: 10_000,
        intervalMs: 100,
        describe: () => `${title} to load`,
      });
      await expectNoSeriousAxe(page);
      await screenshotBothWidths(page, shot);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
  });

  it('opens the slip as a PDF in a new tab', async () => {
    const { page, context } = adminVisit;
    const loan = (await loans('status=active&limit=5')).data[1]!;
    await findInTable(page, loan.loanId);
    await openLoanRow(page, loan.loanId);
    const [tab, response] = await Promise.all([
      context.waitForEvent('page'),
      page.waitForResponse((r) => r.url().endsWith(`/api/loans/${loan._id}/slip`)),
      page.getByRole('button', { name: `Slip ${loan.loanId}` }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    // The same bytes from the API: a PDF.
    const slip = await fetch(`${server.url}/api/loans/${loan._id}/slip`, {
      headers: { 'x-auth-token': admin.token },
    });
    expect(
      Buffer.from(await slip.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await waitUntil(async () => tab.url().startsWith('blob:'), {
      timeoutMs: 10_000,
      intervalMs: 100,
      describe: () => `the new tab to show the PDF (at ${tab.url()})`,
    });
    expect(new URL(tab.url().slice('blob:'.length)).origin).toBe(new URL(server.url).origin);
    await tab.close();
    await page.bringToFront();
  });

  it('deletes a loan after the confirmation, and the API no longer has it', async () => {
    const { page } = adminVisit;
    const loan = (await loans('status=active&limit=20')).data[5]!;
    await findInTable(page, loan.loanId);
    await openLoanRow(page, loan.loanId);
    await page.getByRole('button', { name: `Delete ${loan.loanId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Loan' });
    await dialog.waitFor();
    await dialog.getByText(`Are you sure you want to delete loan ${loan.loanId}`).waitFor();
    await expectNoSeriousAxe(page);
    await screenshotBothWidths(page, 'console-loans-delete');
    await dialog.getByRole('button', { name: 'Delete Loan' }).click();
    const toast = page.getByRole('status').getByText(`Loan ${loan.loanId} deleted successfully`);
    await toast.waitFor();
    const said = await toast.innerText();
    if (loan.paymentCount > 0) expect(said).toMatch(/ \(had \d+ payment\(s\)\)$/);
    else expect(said).toBe(`Loan ${loan.loanId} deleted successfully`);
    await page.getByText('No loans found').waitFor();
    await waitUntil(
      async () => (await apiGet(server, `/api/loans/${loan._id}`, admin.token)).status === 404,
      {
        timeoutMs: 15_000,
        intervalMs: 200,
        describe: () => `GET /api/loans/${loan._id} to answer 404`,
      },
    );
  });

  it('edits gold items and bank details; the API reflects them', async () => {
    const { page } = adminVisit;
    const loan = (await loans('status=active&limit=20')).data[2]!;
    await findInTable(page, loan.loanId);
    await openLoanRow(page, loan.loanId);
    await page.getByRole('button', { name: `Edit ${loan.loanId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Loan Details' });
    await dialog.waitFor();
    // Read-only: the loan id and amount are shown, not editable.
    await dialog.getByText(loan.loanId, { exact: true }).first().waitFor();
    expect(await dialog.getByLabel('Item 1 description').inputValue()).toBe(loan.goldItems[0]!.description);

    await dialog.getByLabel('Item 1 description').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('All gold items must have a description and valid weights').waitFor();

    await dialog.getByLabel('Item 1 description').fill('Edited temple necklace');
    await dialog.getByLabel('Gross weight (g)').first().fill('15.25');
    await dialog.getByLabel('Net weight (g)').first().fill('14.5');
    await dialog.getByLabel('Deposited bank').fill('State Bank of India');
    await dialog.getByLabel('Renewal date').fill('2027-01-15');
    await dialog.getByLabel('Bank receipt photo').setInputFiles({
      name: 'bank-receipt.png',
      mimeType: 'image/png',
      buffer: Buffer.from(ONE_PIXEL_PNG, 'base64'),
    });
    await expectNoSeriousAxe(page);
    await screenshotBothWidths(page, 'console-loans-edit');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page
      .getByRole('status')
      .getByText('Loan updated successfully! Bank receipt photo has been saved.', { exact: true })
      .waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const after = await loanOnceItShows(loan._id, (l) => l.depositedBank === 'State Bank of India');
    expect(after.goldItems[0]).toMatchObject({
      description: 'Edited temple necklace',
      grossWeight: 15.25,
      netWeight: 14.5,
    });
    expect(after.goldItems.length).toBe(loan.goldItems.length);
    expect(after.renewalDate).toBe('2027-01-15');
    const photos = await apiGet(server, `/api/loans/${loan._id}/photos`, admin.token);
    expect(
      photos.body.data.filter((p: any) => p.goldItemIndex === -2).map((p: any) => p.originalName),
    ).toEqual(['bank-receipt.png']);
    // The table follows once the read model has (the row is still open).
    await openLoanRow(page, loan.loanId);
    await page.getByRole('cell', { name: 'Edited temple necklace', exact: true }).waitFor();
    expectClean(adminVisit);
  });
});

describe('the dashboards’ loans table', () => {
  it('shows the admin the creator and the employee the daily rate, never a full Aadhar', async () => {
    const adminPage = adminVisit.page;
    await adminPage.goto('/admin/dashboard');
    const adminFirst = await loans('limit=20');
    await expectRows(
      adminPage,
      adminFirst.data.map((l) => l.loanId),
    );
    const table = adminPage.getByRole('table', { name: 'Loans', exact: true });
    expect((await table.locator('thead th').allTextContents()).map((h) => h.trim().toLowerCase())).toEqual([
      'date',
      'customer',
      'contact',
      'loan details',
      'next due',
      'overdue',
      'balance',
      'created by',
      'status',
      'actions',
    ]);

    const v = await visitSignedIn(browser, server, employee);
    const { page } = v;
    await page.goto('/employee/dashboard');
    const first = await loans('limit=20', employee.token, 'employee');
    await expectRows(
      page,
      first.data.map((l) => l.loanId),
    );
    const employeeTable = page.getByRole('table', { name: 'Loans', exact: true });
    expect(
      (await employeeTable.locator('thead th').allTextContents()).map((h) => h.trim().toLowerCase()),
    ).toEqual([
      'date',
      'customer',
      'contact',
      'loan details',
      'next due',
      'overdue',
      'balance',
      'status',
      'actions',
    ]);
    expect(await employeeTable.getByText('% (Daily)').count()).toBeGreaterThan(0);
    const upgraded = first.data.find((l) => l.currentUpgradeLevel > 0);
    if (upgraded) {
      const row = page.locator(`[data-testid="loan-row"][data-loan-id="${upgraded.loanId}"]`);
      await row.getByText(`Upgraded ${upgraded.currentUpgradeLevel}x`).waitFor();
      await row.getByRole('button', { name: `Upgrade History ${upgraded.loanId}` }).waitFor();
    }
    expect((await employeeTable.innerText()).match(/\d{12}/g) ?? []).toEqual([]);
    await v.context.close();
  });
});

describe('Loans Management as an employee', () => {
  it('hides the creator, the full Aadhar and the admin-only actions; the server refuses a forced delete', async () => {
    const v = await visitSignedIn(browser, server, employee);
    const { page } = v;
    await page.goto('/employee/loans');
    await page.getByRole('heading', { name: 'Loans Management', level: 1 }).waitFor();
    const first = await loans('limit=20', employee.token, 'employee');
    await expectRows(
      page,
      first.data.map((l) => l.loanId),
    );
    const headers = (await page.locator('thead').first().locator('th').allTextContents()).map((h) =>
      h.trim(),
    );
    expect(headers.some((h) => /created by/i.test(h))).toBe(false);
    // The rate is also shown per day.
    expect(await page.getByText('% (Daily)').count()).toBeGreaterThan(0);

    // Expanded: Edit is there, the admin's actions are not; still no full Aadhar or bank contact anywhere on the page.
    const firstId = first.data[0]!.loanId;
    await openLoanRow(page, firstId);
    expect(await page.getByRole('button', { name: /^Edit GL/ }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^(Delete|Renew) GL/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Audit GL/ }).count()).toBe(0);
    const text = await page.locator('body').innerText();
    expect(text.match(/\d{12}/g) ?? []).toEqual([]);
    expect(text).not.toContain('Bank mobile number');

    await expectNoSeriousAxe(page);
    await screenshotBothWidths(page, 'console-loans-employee');
    expectClean(v);
    await v.context.close();

    const target = first.data[3]!;
    const forced = await apiSend(server, 'DELETE', `/api/loans/${target._id}`, employee.token);
    expect(forced.status).toBe(403);
    expect((await apiGet(server, `/api/loans/${target._id}`, admin.token)).status).toBe(200);
  });
});
