import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshotBothWidths, seriousAxeViolations, type Visit } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';
import { DEMO, apiGet, signInByApi, visitSignedIn, waitForDemoBook, type Session } from './support/staff.js';

/**
 * The add-loan wizard in Debian's Chromium against the real server:
 * an employee registers a new customer, proves the OTP from the dev outbox, records two
 * gold items with a photo each and creates the loan; the API then shows the loan and the
 * photos on items 0 and 1. Also the existing-customer path and the form's refusals.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let employee: Session;
let visitor: Visit | undefined;
/** The loan the first test creates through the wizard; the journey goes on with it. */
let created: { _id: string; loanId: string } | undefined;

/** Unused by the demo book (its numbers start 9000…). */
const suffix = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
const NEW_CUSTOMER = {
  aadhar: `73${suffix}${suffix.slice(0, 4)}`,
  // Letters only, so the search finds exactly this customer: "Meena Wizard Bgeiie".
  name: `Meena Wizard ${suffix
    .split('')
    .map((d, i) => (i === 0 ? 'ABCDEFGHIJ' : 'abcdefghij')[Number(d)])
    .join('')}`,
  primaryMobile: `71${suffix}11`,
  secondaryMobile: `72${suffix}22`,
  emergencyMobile: `74${suffix}33`,
};

/** A small real image, made here. */
async function image(format: 'jpeg' | 'png', colour: { r: number; g: number; b: number }) {
  const pipeline = sharp({ create: { width: 48, height: 48, channels: 3, background: colour } });
  return format === 'jpeg' ? pipeline.jpeg().toBuffer() : pipeline.png().toBuffer();
}

beforeAll(async () => {
  server = await startServer('e2e: console add-loan');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  employee = await signInByApi(server, 'employee');
  await waitForDemoBook(server, admin.token);
}, 180_000);

afterAll(async () => {
  await visitor?.context.close();
  await browser?.close();
  await server?.stop();
});

const currentStep = (page: Page) => page.locator('[aria-current="step"]').innerText();

async function expectAccessible(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

describe('the add-loan wizard', () => {
  it('an employee registers a new customer, verifies the OTP and creates a loan with two photographed gold items', async () => {
    visitor = await visitSignedIn(browser, server, employee);
    const { page } = visitor;
    await page.goto('/employee/add-loan');
    await page.getByRole('heading', { name: 'Add Loan', level: 1 }).waitFor();
    expect(await currentStep(page)).toContain('Customer Info');

    // Step 1: a new Aadhar, then the form; the three mobiles must differ.
    await page.getByLabel('Aadhar Number').fill(NEW_CUSTOMER.aadhar);
    await page.getByText('New customer: fill in the details below.').waitFor();
    await page.getByLabel('Full Name').pressSequentially(NEW_CUSTOMER.name.toLowerCase());
    expect(await page.getByLabel('Full Name').inputValue()).toBe(NEW_CUSTOMER.name);
    await page.getByLabel('Primary Mobile').fill(NEW_CUSTOMER.primaryMobile);
    await page.getByLabel('Secondary Mobile').fill(NEW_CUSTOMER.secondaryMobile);
    await page.getByLabel('Emergency Contact Number').fill(NEW_CUSTOMER.primaryMobile);
    await page.getByLabel('Emergency Contact Relation').pressSequentially('elder brother');
    expect(await page.getByLabel('Emergency Contact Relation').inputValue()).toBe('Elder Brother');
    await page.locator('textarea[name="presentAddress"]').fill('14 Temple Street, Madurai');
    await page.getByLabel('Permanent address is the same').check();
    expect(await page.locator('textarea[name="permanentAddress"]').inputValue()).toBe(
      '14 Temple Street, Madurai',
    );
    const addCustomer = page.getByRole('button', { name: 'Add Customer', exact: true });
    await addCustomer.click();
    await page
      .getByRole('alert')
      .getByText('Primary Mobile, Secondary Mobile, and Emergency Contact Number must be different')
      .waitFor();
    await page.getByLabel('Emergency Contact Number').fill(NEW_CUSTOMER.emergencyMobile);
    await expectAccessible(page);
    await screenshotBothWidths(page, 'console-add-loan-customer');
    await addCustomer.click();

    // Step 2: the code the server texted to the primary mobile.
    await page.getByRole('heading', { name: 'Verify OTP' }).waitFor();
    expect(await currentStep(page)).toContain('Verify OTP');
    const code = await server.codeFor(NEW_CUSTOMER.primaryMobile, { purpose: 'customer_verification_otp' });
    await expectAccessible(page);
    await screenshotBothWidths(page, 'console-add-loan-otp');
    await page.getByLabel('6-digit OTP').fill(code);
    await page.getByText('OTP Verified - Proceeding...').first().waitFor();
    expect(await page.getByLabel('6-digit OTP').isDisabled()).toBe(true);

    // Step 3: two gold items, a photo each; a non-image is refused.
    await page.getByRole('heading', { name: 'Gold items' }).waitFor();
    expect(await currentStep(page)).toContain('Loan Details & Photos');
    expect(await page.getByRole('button', { name: 'Remove gold item 1' }).isDisabled()).toBe(true);
    // Nothing filled in yet: one message per missing field, as bullets.
    await page.getByRole('button', { name: 'Create Loan with Photos' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Loan amount must be at least 100' });
    await refusal.waitFor();
    expect(await refusal.getByRole('listitem').allInnerTexts()).toEqual([
      'Please add at least one gold item with complete details',
      'Loan amount must be at least 100',
    ]);
    await page.getByLabel('Description, item 1').fill('Gold chain');
    await page.getByLabel('Gross weight (g), item 1').fill('12.5');
    await page.getByLabel('Net weight (g), item 1').fill('13');
    await page.getByText('Net weight cannot be more than gross weight', { exact: true }).waitFor();
    await page.getByLabel('Net weight (g), item 1').fill('12.25');
    await page.getByLabel('Choose files: Photos for gold item 1').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a photo'),
    });
    await page.getByText('Please select valid image files').waitFor();
    await page.getByLabel('Choose files: Photos for gold item 1').setInputFiles({
      name: 'chain.jpg',
      mimeType: 'image/jpeg',
      buffer: await image('jpeg', { r: 212, g: 175, b: 55 }),
    });
    await page.getByRole('img', { name: 'Photos for gold item 1: chain.jpg' }).waitFor();

    await page.getByRole('button', { name: '+ Add Gold Item' }).click();
    await page.getByLabel('Description, item 2').fill('Pair of bangles');
    await page.getByLabel('Purity, item 2').selectOption('750');
    await page.getByLabel('Gross weight (g), item 2').fill('20');
    // Stones come off the gross weight: the net weight follows.
    await page.getByRole('button', { name: '+ Add deduction to item 2' }).click();
    await page.getByLabel('Weight (g), deduction 1 of item 2').fill('0.5');
    await page.getByLabel('Reason, deduction 1 of item 2').fill('Kempu stones');
    expect(await page.getByLabel('Net weight (g), item 2').inputValue()).toBe('19.5');
    await page.getByLabel('Choose files: Photos for gold item 2').setInputFiles({
      name: 'bangles.png',
      mimeType: 'image/png',
      buffer: await image('png', { r: 190, g: 150, b: 40 }),
    });
    await page.getByRole('img', { name: 'Photos for gold item 2: bangles.png' }).waitFor();
    expect(await page.getByText('1 / 3 photos').count()).toBe(2);
    // With two items, the "all items together" photo is offered.
    await page.getByText('Photo of all items together').waitFor();
    expect(await page.getByRole('button', { name: 'Remove gold item 1' }).isDisabled()).toBe(false);

    await page.getByLabel('Interest Rate').selectOption('24');
    await page.getByLabel('Loan Duration').selectOption('6');
    await page.getByLabel('Loan Amount (₹)').fill('150000');
    await page.getByText('One Lakh Fifty Thousand Rupees').waitFor();
    await page.getByLabel('Loan Amount (₹)').fill('50000');
    await page.getByText('Fifty Thousand Rupees', { exact: true }).waitFor();
    // Live valuation and interest from the server: each item at the valuation price, the tier.
    await page.getByText('Eligible maximum', { exact: true }).waitFor();
    const values = page.getByRole('table', { name: 'Value of each item' });
    await expect.poll(() => values.locator('tbody tr').count(), { timeout: 10_000 }).toBe(2);
    expect(await values.getByText('used').count()).toBe(2);
    await page.getByText(/85% tier/).waitFor();
    // Above ₹20,000 the loan cannot be paid out in cash (s.269SS): refused here first.
    await page.getByRole('button', { name: 'Create Loan with Photos' }).click();
    await page
      .getByRole('alert')
      .getByText(
        'A loan above ₹20,000 cannot be paid out in cash (Income Tax Act s.269SS); choose bank transfer or UPI',
      )
      .waitFor();
    await expectAccessible(page);
    await screenshotBothWidths(page, 'console-add-loan-details');
    await page.getByLabel('Paid Out As').selectOption('bank_transfer');
    await page.getByLabel('Bank Reference (UTR)').fill('UTR2026112100042');
    const monthly = page.locator('dt', { hasText: 'Monthly payment' }).locator('xpath=following-sibling::dd');
    await expect.poll(async () => (await monthly.innerText()).trim(), { timeout: 10_000 }).toMatch(/^₹/);
    await page.getByRole('button', { name: 'Create Loan with Photos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Loan created' });
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByText('Loan created successfully.').waitFor();
    const loanId = (
      await dialog.locator('dt', { hasText: 'Loan ID' }).locator('xpath=following-sibling::dd').innerText()
    ).trim();
    expect(loanId).toMatch(/^GL\d{9}$/);
    expect(await dialog.getByText('₹50,000', { exact: true }).count()).toBe(1);
    await expectAccessible(page);
    await screenshotBothWidths(page, 'console-add-loan-success');

    // The API agrees: the loan, its two items and a photo on each.
    let loan: any;
    await expect
      .poll(
        async () => {
          const res = await apiGet(
            server,
            `/api/employee/loans?search=${encodeURIComponent(NEW_CUSTOMER.name)}`,
            employee.token,
          );
          loan = res.body?.data?.find((l: any) => l.loanId === loanId);
          return loan !== undefined;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    created = { _id: loan._id, loanId };
    expect(loan.name).toBe(NEW_CUSTOMER.name);
    expect(loan.amount).toBe(50_000);
    expect(loan.interestRate).toBe(24);
    expect(loan.term).toBe(6);
    expect(loan.goldItems).toHaveLength(2);
    expect(loan.goldItems.map((i: any) => [i.description, i.netWeight, i.purityKarat])).toEqual([
      ['Gold chain', 12.25, 22],
      ['Pair of bangles', 19.5, 18],
    ]);
    const photos = await apiGet(server, `/api/loans/${loan._id}/photos`, employee.token);
    expect(photos.status).toBe(200);
    const indexes = photos.body.data.map((p: any) => p.goldItemIndex).sort();
    expect(indexes).toEqual([0, 1]);
    expect(photos.body.data.find((p: any) => p.goldItemIndex === 0).description).toBe(
      'Photos for gold item 1',
    );

    // The slip opens in a new tab, from the PDF the server builds.
    const [slipTab] = await Promise.all([
      page.waitForEvent('popup'),
      dialog.getByRole('button', { name: 'Print Slip' }).click(),
    ]);
    await expect.poll(() => slipTab.url(), { timeout: 15_000 }).toMatch(/^blob:/);
    await slipTab.close();

    // Closing the success view starts a fresh wizard.
    await dialog.getByRole('button', { name: 'Add another loan' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await currentStep(page)).toContain('Customer Info');
    expect(await page.getByLabel('Aadhar Number').inputValue()).toBe('');
    expect(visitor.pageErrors).toEqual([]);
    // The PDF opened in Chromium's own viewer, whose files (chrome-extension:, chrome:) are the browser's.
    expect(visitor.foreignRequests.filter((url) => /^https?:/.test(url))).toEqual([]);
  });

  it('goes on with that loan: the employee records a cash repayment and sees its balance fall', async () => {
    expect(created, 'the first test created a loan').toBeDefined();
    const { loanId, _id } = created!;
    const v = await visitSignedIn(browser, server, employee);
    const { page } = v;
    await page.goto('/employee/loans');
    await page.getByRole('searchbox', { name: 'Search loans' }).fill(loanId);
    const row = page.locator(`tr[data-testid="loan-row"][data-loan-id="${loanId}"]`);
    await row.waitFor();
    const balance = row.getByTestId('loan-balance');
    const rupeesIn = async () => Number((await balance.innerText()).replace(/[^\d]/g, ''));
    const before = await rupeesIn();
    expect(before).toBeGreaterThanOrEqual(50_000);

    await row.getByRole('button', { name: `Repay ${loanId}` }).click();
    const repay = page.getByRole('dialog', { name: 'Repay Loan' });
    await repay.waitFor();
    await repay.getByLabel('Hand Cash').check();
    await repay.getByLabel('Amount (₹)').fill('5000');
    await repay.getByLabel('Amount (₹)').press('Enter');
    await page.getByText('Payment recorded successfully').waitFor();
    await repay.waitFor({ state: 'hidden' });

    // The list reloads with the payment in it (the read waits for the read model).
    await expect.poll(rupeesIn, { timeout: 10_000 }).toBeLessThan(before);
    const after = await rupeesIn();
    const fresh = await apiGet(server, `/api/loans/${_id}`, employee.token);
    expect(Math.round(fresh.body.data.remainingBalance)).toBe(after);
    expect(fresh.body.data.totalPaid).toBe(5_000);
    const payments = await apiGet(server, `/api/loans/${_id}/payments`, employee.token);
    expect(payments.body.data).toHaveLength(1);
    expect(payments.body.data[0]).toMatchObject({ amount: 5_000, method: 'handcash', status: 'success' });
    expect(v.pageErrors).toEqual([]);
    await v.context.close();
  });

  it('finds an existing customer by Aadhar, prefills them, proves the loan OTP and retries a failed photo upload', async () => {
    const customers = await apiGet(server, '/api/admin/customers?search=Lakshmi', admin.token);
    expect(customers.status).toBe(200);
    const demo = customers.body.data.find((c: any) => c.primaryMobile === DEMO.customer.mobile);
    expect(demo, 'the demo customer').toBeDefined();

    visitor ??= await visitSignedIn(browser, server, employee);
    const { page } = visitor;
    await page.goto('/employee/add-loan');
    await page.getByLabel('Aadhar Number').fill(demo.aadharNumber);
    await page.getByText('Existing Customer Found').waitFor();
    expect(await page.getByLabel('Full Name').inputValue()).toBe(demo.name);
    expect(await page.getByLabel('Primary Mobile').inputValue()).toBe(DEMO.customer.mobile);

    // After a moment the wizard moves on and the loan OTP goes to the customer's mobile.
    await page.getByRole('heading', { name: 'Verify OTP' }).waitFor();
    const code = await server.codeFor(DEMO.customer.mobile, { purpose: 'loan_otp' });
    await page.getByLabel('6-digit OTP').fill(code === '000000' ? '111111' : '000000');
    await page.getByText('Wrong OTP. Please check and try again.').waitFor();
    await page.getByLabel('6-digit OTP').fill(code);
    await page.getByRole('heading', { name: 'Gold items' }).waitFor();
    await page.getByText(demo.customerId, { exact: true }).waitFor();

    // Two items, a photo each and one of them together; the group photo's upload fails once.
    const items = [
      { description: 'Ring', gross: '4.2', net: '4', colour: { r: 200, g: 170, b: 60 } },
      { description: 'Earrings', gross: '6', net: '5.8', colour: { r: 180, g: 140, b: 50 } },
    ];
    for (const [i, item] of items.entries()) {
      const n = i + 1;
      if (i > 0) await page.getByRole('button', { name: '+ Add Gold Item' }).click();
      await page.getByLabel(`Description, item ${n}`).fill(item.description);
      await page.getByLabel(`Gross weight (g), item ${n}`).fill(item.gross);
      await page.getByLabel(`Net weight (g), item ${n}`).fill(item.net);
      await page.getByLabel(`Choose files: Photos for gold item ${n}`).setInputFiles({
        name: `item-${n}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await image('jpeg', item.colour),
      });
    }
    await page.getByLabel('Choose files: Photo of all items together').setInputFiles({
      name: 'together.png',
      mimeType: 'image/png',
      buffer: await image('png', { r: 220, g: 190, b: 90 }),
    });
    await page.getByText('1 / 1 photos').waitFor();
    await page.getByLabel('Loan Amount (₹)').fill('20000');
    await page.getByText('Twenty Thousand Rupees', { exact: true }).waitFor();

    let uploads = 0;
    await page.route('**/api/loans/*/photos', async (route) => {
      uploads += 1;
      if (uploads === 3) {
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Something went wrong on our side. Please try again.' }),
        });
      } else {
        await route.continue();
      }
    });
    await page.getByRole('button', { name: 'Create Loan with Photos' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'some photos were not uploaded' });
    await failure.waitFor({ timeout: 30_000 });
    await failure.getByText('Failed to upload "all items together" photo', { exact: false }).waitFor();
    const loanId = /Loan (GL\d+) was created/.exec(await failure.innerText())?.[1];
    expect(loanId, 'the created loan is named').toBeDefined();
    await failure.getByRole('button', { name: 'Retry failed uploads' }).click();
    const dialog = page.getByRole('dialog', { name: 'Loan created' });
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByText(loanId!, { exact: true }).waitFor();
    await page.unroute('**/api/loans/*/photos');
    expect(uploads).toBe(4);

    // The loans list is a read model: wait for it to hold the new loan.
    let loan: any;
    await expect
      .poll(
        async () => {
          const loans = await apiGet(server, `/api/admin/loans?search=${loanId}`, admin.token);
          loan = loans.body?.data?.find((l: any) => l.loanId === loanId);
          return loan !== undefined;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(loan.goldItems).toHaveLength(2);
    const photos = await apiGet(server, `/api/loans/${loan._id}/photos`, admin.token);
    expect(photos.body.data.map((p: any) => p.goldItemIndex).sort()).toEqual([-1, 0, 1]);
    expect(visitor.pageErrors).toEqual([]);
  });
});
