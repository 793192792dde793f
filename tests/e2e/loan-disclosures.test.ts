import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../system/support/processes.js';
import { launchChromium, screenshotBothWidths, seriousAxeViolations, type Visit } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';
import { apiGet, signInByApi, visitSignedIn, waitForDemoBook, type Session } from './support/staff.js';

/**
 * The disclosures made at sanction (issue 17), kept with the loan: the staff console's row
 * expander opens the Key Facts Statement and the appraisal certificate in a new tab; the
 * customer's dashboard lists both under each loan's documents and downloads them.
 * Debian's Chromium against the real server and its demo book.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let customer: Session;
const visits: Visit[] = [];

const PDF_PATHS = { 'Key Facts Statement': 'key-facts', 'Appraisal certificate': 'appraisal-certificate' };

function expectClean(v: Visit): void {
  expect(v.pageErrors, 'uncaught errors in the page').toEqual([]);
  // The browser's own PDF viewer (the new tab) loads chrome:// and chrome-extension:// parts: not the network.
  const network = v.foreignRequests.filter((url) => !/^chrome(-extension)?:/.test(url));
  expect(network, 'requests that left our origin').toEqual([]);
}

async function pdfBytes(pathname: string, token: string): Promise<Buffer> {
  const res = await fetch(`${server.url}${pathname}`, { headers: { 'x-auth-token': token } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

beforeAll(async () => {
  server = await startServer('e2e: loan disclosures');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  customer = await signInByApi(server, 'customer');
  await waitForDemoBook(server, admin.token);
});

afterAll(async () => {
  for (const v of visits) await v.context.close();
  await browser?.close();
  await server?.stop();
});

describe('the staff console', () => {
  it('opens the Key Facts Statement and the appraisal certificate from a loan’s details, each in a new tab', async () => {
    const v = await visitSignedIn(browser, server, admin);
    visits.push(v);
    const { page, context } = v;
    const list = await apiGet(server, '/api/admin/loans?status=active&limit=1', admin.token);
    const loan = list.body.data[0] as { _id: string; loanId: string };
    await page.goto('/admin/loans');
    await page.getByRole('heading', { name: 'Loans Management', level: 1 }).waitFor();
    await page.getByLabel('Search loans').fill(loan.loanId);
    await waitUntil(async () => (await page.getByTestId('loan-row').count()) === 1, {
      timeoutMs: 15_000,
      intervalMs: 100,
      describe: () => `the table narrowed to ${loan.loanId}`,
    });
    await page.getByRole('button', { name: `Details of ${loan.loanId}` }).click();
    const disclosures = page.getByTestId('loan-disclosures');
    await disclosures.getByRole('heading', { name: 'Disclosures at sanction' }).waitFor();
    await page.getByText('Loading photos...').waitFor({ state: 'detached' });
    // The table scrolls inside its own region (sticky headers): bring the section into it for the screenshot.
    await disclosures.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'console-loan-disclosures');

    for (const [label, path] of Object.entries(PDF_PATHS)) {
      const [tab, response] = await Promise.all([
        context.waitForEvent('page'),
        page.waitForResponse((r) => r.url().endsWith(`/api/loans/${loan._id}/${path}`)),
        disclosures.getByRole('button', { name: new RegExp(`^${label} of ${loan.loanId}`) }).click(),
      ]);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('application/pdf');
      await waitUntil(async () => tab.url().startsWith('blob:'), {
        timeoutMs: 10_000,
        intervalMs: 100,
        describe: () => `the new tab to show the ${label} (at ${tab.url()})`,
      });
      expect(new URL(tab.url().slice('blob:'.length)).origin).toBe(new URL(server.url).origin);
      await tab.close();
      await page.bringToFront();
    }
    expectClean(v);
  });
});

describe('the customer dashboard', () => {
  async function dashboard(): Promise<{
    v: Visit;
    page: Page;
    loans: Array<{ _id: string; loanId: string }>;
  }> {
    const v = await visitSignedIn(browser, server, customer);
    visits.push(v);
    const loans = (await apiGet(server, '/api/loans/customer', customer.token)).body.data;
    await v.page.goto('/customer/dashboard');
    await v.page.getByRole('heading', { name: 'Your Loans' }).waitFor();
    return { v, page: v.page, loans };
  }

  it('lists each loan’s documents and downloads the Key Facts Statement and the appraisal certificate', async () => {
    const { v, page, loans } = await dashboard();
    expect(loans.length).toBeGreaterThan(0);
    const loan = loans[0]!;
    const card = page.locator(`[data-testid="loan-card"][data-loan-id="${loan.loanId}"]`);
    const documents = card.getByTestId('loan-documents');
    await documents.getByRole('heading', { name: `Loan documents of ${loan.loanId}` }).waitFor();
    expect(await page.getByTestId('loan-documents').count()).toBe(loans.length);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'customer-dashboard-loan-documents');

    for (const [label, file, path] of [
      ['Key Facts Statement (PDF)', `KeyFacts_${loan.loanId}.pdf`, 'key-facts'],
      ['Appraisal Certificate (PDF)', `AppraisalCertificate_${loan.loanId}.pdf`, 'appraisal-certificate'],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        documents.getByRole('button', { name: label }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(file);
      const bytes = await readFile((await download.path())!);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // The same document the branch hands over: byte for byte what the API gives staff.
      expect(bytes.equals(await pdfBytes(`/api/loans/${loan._id}/${path}`, admin.token))).toBe(true);
    }
    expectClean(v);
  });

  it('says so when a document cannot be fetched', async () => {
    const { v, page, loans } = await dashboard();
    const loan = loans[0]!;
    await page.route(`**/api/loans/${loan._id}/key-facts`, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Service unavailable' }),
      }),
    );
    const card = page.locator(`[data-testid="loan-card"][data-loan-id="${loan.loanId}"]`);
    await card.getByRole('button', { name: 'Key Facts Statement (PDF)' }).click();
    await page.getByText('Service unavailable').waitFor();
    expect(v.pageErrors).toEqual([]);
  });
});
