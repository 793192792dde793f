import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../system/support/processes.js';
import {
  launchChromium,
  screenshotBothWidths as screenshotAsIs,
  seriousAxeViolations,
  type Visit,
} from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';
import { apiGet, DEMO, signInByApi, visitSignedIn, waitForDemoBook, type Session } from './support/staff.js';

/**
 * The customers page in Debian's Chromium against the real
 * server and its demo book: the list, search, the latest-loan expander, the edit
 * dialog, Edit disabled without a user account, and employees' masked Aadhar numbers.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let employee: Session;
let adminView: Visit;
/** The admin's first page from the API, once the read model has settled. */
let firstPage: { data: any[]; pagination: { total: number; totalPages: number } };

const DEMO_CUSTOMER = { customerId: 'CUS000001', name: 'Lakshmi Devi', mobile: DEMO.customer.mobile };

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

beforeAll(async () => {
  server = await startServer('e2e: console customers');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  employee = await signInByApi(server, 'employee');
  await waitForDemoBook(server, admin.token);
  // The customers' read model trails the book a little: wait until two reads agree.
  let previous = '';
  await waitUntil(
    async () => {
      const res = await apiGet(server, '/api/admin/customers?page=1&limit=20', admin.token);
      if (res.status !== 200) return false;
      firstPage = res.body;
      const now = JSON.stringify(firstPage);
      const settled = now === previous && firstPage.pagination.total > 20;
      previous = now;
      return settled;
    },
    { timeoutMs: 60_000, intervalMs: 500, describe: () => `the customers list: ${previous.slice(0, 200)}` },
  );
});

afterAll(async () => {
  await adminView?.context.close();
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

const rows = (page: Page): Locator => page.getByTestId('customer-row');
const row = (page: Page, customerId: string): Locator =>
  page.locator(`[data-testid="customer-row"][data-customer-id="${customerId}"]`);
const field = (scope: Locator, name: string): Locator => scope.getByRole('textbox', { name, exact: true });

async function shownIds(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-customer-id') ?? ''));
}

async function search(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search customers' });
  await box.fill(text);
}

/** One customer as the admin's API gives it. */
async function customerByApi(customerId: string): Promise<any> {
  const res = await apiGet(server, `/api/admin/customers?search=${customerId}`, admin.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.find((c: any) => c.customerId === customerId);
}

/** The customer once the list (a read model, a moment behind the write) shows `until`. */
async function customerOnceListed(customerId: string, until: (c: any) => boolean): Promise<any> {
  let customer: any;
  await waitUntil(
    async () => {
      customer = await customerByApi(customerId);
      return until(customer);
    },
    { timeoutMs: 15_000, intervalMs: 200, describe: () => JSON.stringify(customer) },
  );
  return customer;
}

describe('the customers page (admin)', () => {
  it('says so when the list cannot be fetched, and Retry fetches it again', async () => {
    adminView = await visitSignedIn(browser, server, admin);
    const { page } = adminView;
    let retried = false;
    await page.route('**/api/admin/customers?*', (route) =>
      retried ? route.continue() : route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }),
    );
    await page.goto('/admin/customers');
    const failure = page.getByRole('alert').filter({ hasText: 'Failed to fetch customers' });
    await failure.waitFor();
    retried = true;
    await failure.getByRole('button', { name: 'Retry' }).click();
    await rows(page).first().waitFor();
    await page.unroute('**/api/admin/customers?*');
  });

  it('lists the demo customers with their details and loan counts, as the API does', async () => {
    const { page } = adminView;
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    for (const column of [
      'Customer ID',
      'Basic Info',
      'Contact Details',
      'Address',
      'Loan Summary',
      'Edit',
    ]) {
      expect(await page.getByRole('columnheader', { name: column, exact: true }).count(), column).toBe(1);
    }
    expect(await shownIds(page)).toEqual(firstPage.data.map((c) => c.customerId));
    await page.getByText(`${firstPage.pagination.total} customers`, { exact: true }).waitFor();
    for (const c of firstPage.data.slice(0, 5)) {
      const text = await row(page, c.customerId).innerText();
      expect(text).toContain(c.name);
      expect(text).toContain(c.aadharNumber);
      expect(text).toContain(c.primaryMobile);
      expect(text).toContain(c.emergencyContact.mobile);
      const summary = await row(page, c.customerId).getByTestId('loan-summary').innerText();
      expect(summary.replace(/\s+/g, ' ')).toBe(`Active ${c.activeLoans} Total ${c.totalLoans}`);
    }
    // The next page is the API's second page.
    await page.getByRole('button', { name: 'Next' }).click();
    const second = await apiGet(server, '/api/admin/customers?page=2&limit=20', admin.token);
    await waitUntil(async () => (await shownIds(page))[0] === second.body.data[0].customerId, {
      timeoutMs: 10_000,
      intervalMs: 100,
      describe: () => 'the second page',
    });
    expect(await shownIds(page)).toEqual(second.body.data.map((c: any) => c.customerId));
    await page.getByRole('button', { name: 'Previous' }).click();
    await waitUntil(async () => (await shownIds(page))[0] === firstPage.data[0].customerId, {
      timeoutMs: 10_000,
      intervalMs: 100,
      describe: () => 'the first page again',
    });

    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'console-customers');
    expectClean(adminView);
  });

  it('searches on the server by customer ID, mobile and name; nothing found says so', async () => {
    const { page } = adminView;
    // `/` focuses the search box.
    await page.locator('body').press('/');
    expect(
      await page
        .getByRole('searchbox', { name: 'Search customers' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);

    await search(page, DEMO_CUSTOMER.customerId);
    await waitUntil(async () => (await shownIds(page)).join() === DEMO_CUSTOMER.customerId, {
      timeoutMs: 10_000,
      intervalMs: 100,
      describe: () => 'the search by customer ID',
    });
    await search(page, DEMO_CUSTOMER.mobile);
    await page.getByText(`1 customer matching “${DEMO_CUSTOMER.mobile}”`).waitFor();
    expect(await shownIds(page)).toEqual([DEMO_CUSTOMER.customerId]);

    const byName = await apiGet(server, '/api/admin/customers?search=Devi&limit=20', admin.token);
    await search(page, 'Devi');
    await page
      .getByText(
        `${byName.body.pagination.total} ${byName.body.pagination.total === 1 ? 'customer' : 'customers'} matching “Devi”`,
      )
      .waitFor();
    expect(await shownIds(page)).toEqual(byName.body.data.map((c: any) => c.customerId));
    expect(byName.body.data.length).toBeLessThan(firstPage.pagination.total);

    await search(page, 'zzz-no-such-customer');
    await page.getByRole('heading', { name: 'No customers found' }).waitFor();
    expect(await rows(page).count()).toBe(0);
  });

  it('expands a row to the latest loan and its gold items', async () => {
    const { page } = adminView;
    const api = await customerByApi(DEMO_CUSTOMER.customerId);
    expect(api.latestLoan, 'the demo customer has loans').not.toBeNull();
    await search(page, DEMO_CUSTOMER.customerId);
    const target = row(page, DEMO_CUSTOMER.customerId);
    await target.waitFor();
    const expander = target.getByRole('button', { name: `${DEMO_CUSTOMER.customerId} latest loan details` });
    expect(await expander.getAttribute('aria-expanded')).toBe('false');
    await expander.click();
    expect(await expander.getAttribute('aria-expanded')).toBe('true');
    const details = page.getByTestId('customer-latest-loan');
    await details.waitFor();
    const text = await details.innerText();
    expect(text).toContain(api.latestLoan.loanId);
    expect(text).toContain(rupees.format(api.latestLoan.amount));
    expect(text).toContain(rupees.format(api.latestLoan.monthlyPayment));
    expect(text).toContain(`${api.latestLoan.term} months`);
    const items = details.getByTestId('gold-item');
    expect(await items.count()).toBe(api.goldItems.length);
    expect(api.goldItems.length).toBeGreaterThan(0);
    for (const [i, item] of api.goldItems.entries()) {
      const cells = await items.nth(i).innerText();
      expect(cells).toContain(item.description);
      expect(cells).toContain(`${item.netWeight} g`);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'console-customers-expanded');
    // And closes again.
    await expander.click();
    await details.waitFor({ state: 'detached' });
  });

  it('edits a customer: the field checks first, then the save; the API reflects it', async () => {
    const { page } = adminView;
    await search(page, DEMO_CUSTOMER.customerId);
    await row(page, DEMO_CUSTOMER.customerId)
      .getByRole('button', { name: `Edit ${DEMO_CUSTOMER.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Customer' });
    await dialog.waitFor();
    const before = await customerByApi(DEMO_CUSTOMER.customerId);
    expect(await field(dialog, 'Aadhar Number').inputValue()).toBe(before.aadharNumber);
    expect(await field(dialog, 'Primary Mobile').inputValue()).toBe(DEMO_CUSTOMER.mobile);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'console-customers-edit');

    const save = dialog.getByRole('button', { name: 'Save' });
    await field(dialog, 'Present Address').fill('');
    await save.click();
    await dialog.getByRole('alert').getByText('Please fill in all required fields').waitFor();

    await field(dialog, 'Present Address').fill('7 Lake View Road, Madurai');
    await field(dialog, 'Aadhar Number').fill('12345');
    await save.click();
    await dialog.getByRole('alert').getByText('Aadhar number must be exactly 12 digits').waitFor();

    await field(dialog, 'Aadhar Number').fill(before.aadharNumber);
    await field(dialog, 'Secondary Mobile').fill(DEMO_CUSTOMER.mobile);
    await save.click();
    await dialog
      .getByRole('alert')
      .getByText('Primary Mobile, Secondary Mobile, and Emergency Contact Number must be different')
      .waitFor();

    await field(dialog, 'Secondary Mobile').fill('');
    await field(dialog, 'Emergency Contact Relation').fill('elder sister');
    await save.click();
    await page.getByRole('status').getByText('Customer updated successfully', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const shown = await row(page, DEMO_CUSTOMER.customerId).innerText();
    expect(shown).toContain('7 Lake View Road, Madurai');
    expect(shown).toContain('(Elder Sister)');

    const after = await customerOnceListed(
      DEMO_CUSTOMER.customerId,
      (c) => c.presentAddress === '7 Lake View Road, Madurai',
    );
    expect(after).toMatchObject({
      presentAddress: '7 Lake View Road, Madurai',
      emergencyContact: { mobile: before.emergencyContact.mobile, relation: 'Elder Sister' },
      aadharNumber: before.aadharNumber,
      primaryMobile: DEMO_CUSTOMER.mobile,
      secondaryMobile: null,
    });
    expectClean(adminView);
  });

  it('disables Edit for a customer without a user account, with a tooltip reachable by keyboard', async () => {
    const { page } = adminView;
    const noAccount = firstPage.data.find((c) => !c.hasUserAccount);
    expect(noAccount, 'a demo customer without a user account').toBeDefined();
    await search(page, noAccount.customerId);
    const edit = row(page, noAccount.customerId).getByRole('button', { name: `Edit ${noAccount.name}` });
    await edit.waitFor();
    expect(await edit.getAttribute('aria-disabled')).toBe('true');
    await edit.focus();
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.innerText()).toBe('Cannot edit: No user record found for this customer');
    // The button is described by its tooltip.
    const describedBy = await edit.getAttribute('aria-describedby');
    expect(await tooltip.getAttribute('id')).toBe(describedBy);
    await screenshotBothWidths(page, 'console-customers-edit-disabled');
    // Pressing it opens nothing; Esc hides the tooltip.
    await edit.press('Enter');
    expect(await page.getByRole('dialog', { name: 'Edit Customer' }).count()).toBe(0);
    await edit.press('Escape');
    await tooltip.waitFor({ state: 'hidden' });
    expectClean(adminView);
  });
});

describe('the customers page (employee)', () => {
  it('shows Aadhar numbers masked and never a full one', async () => {
    const v = await visitSignedIn(browser, server, employee);
    try {
      const { page } = v;
      await page.goto('/employee/customers');
      await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
      await rows(page).first().waitFor();
      // Open a row too: its details must not leak the number either.
      await rows(page)
        .first()
        .getByRole('button', { name: /latest loan details/ })
        .click();
      await page
        .getByTestId('customer-latest-loan')
        .or(page.getByText(/^No loans yet/))
        .first()
        .waitFor();
      const aadhars = await page.getByTestId('customer-aadhar').allInnerTexts();
      expect(aadhars.length).toBeGreaterThan(0);
      for (const a of aadhars) expect(a.replace(/\s+/g, ' ').trim()).toMatch(/^Aadhar \*{4}-\*{4}-\d{4}$/);
      const text = await page.locator('body').innerText();
      expect(text).not.toMatch(/\d{12}/);
      expect(text.replace(/[\s,]/g, '')).not.toMatch(/\d{12}/);

      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-customers-employee');
      expectClean(v);
    } finally {
      await v.context.close();
    }
  });

  it('lets an employee edit a customer addressed by the masked number; the Aadhar stays', async () => {
    const v = await visitSignedIn(browser, server, employee);
    try {
      const { page } = v;
      const before = await customerByApi(DEMO_CUSTOMER.customerId);
      await page.goto('/employee/customers');
      await search(page, DEMO_CUSTOMER.customerId);
      await row(page, DEMO_CUSTOMER.customerId)
        .getByRole('button', { name: `Edit ${DEMO_CUSTOMER.name}` })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Edit Customer' });
      await dialog.waitFor();
      expect(await field(dialog, 'Aadhar Number').inputValue()).toMatch(/^\*{4}-\*{4}-\d{4}$/);
      await field(dialog, 'Permanent Address').fill('9 Gandhi Road, Madurai');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await row(page, DEMO_CUSTOMER.customerId).getByText('9 Gandhi Road, Madurai').waitFor();
      const after = await customerOnceListed(
        DEMO_CUSTOMER.customerId,
        (c) => c.permanentAddress === '9 Gandhi Road, Madurai',
      );
      expect(after.permanentAddress).toBe('9 Gandhi Road, Madurai');
      expect(after.aadharNumber).toBe(before.aadharNumber);
      expect(await page.locator('body').innerText()).not.toMatch(/\d{12}/);
      expectClean(v);
    } finally {
      await v.context.close();
    }
  });
});
