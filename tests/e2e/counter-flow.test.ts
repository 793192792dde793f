import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * Issue 19, points 1 and 7 in Debian's Chromium against the real server: a mobile pasted as
 * `+91 …` in the add-loan wizard is stored as its 10 digits (not cut to someone else's), and
 * the admins' queue of online payments approves one and rejects another.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let employee: Session;
let visitor: Visit | undefined;

const suffix = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');

beforeAll(async () => {
  server = await startServer('e2e: counter flow');
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

describe('mobile numbers in the wizard', () => {
  it('a pasted +91 98450 12345 is stored as 9845012345 and the code goes there', async () => {
    const digits = `98${suffix}45`;
    const pasted = `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
    visitor = await visitSignedIn(browser, server, employee);
    const { page } = visitor;
    await page.goto('/employee/add-loan');
    await page.getByRole('heading', { name: 'Add Loan', level: 1 }).waitFor();
    await page.getByLabel('Aadhar Number').fill(`74${suffix}${suffix.slice(0, 4)}`);
    await page.getByText('New customer: fill in the details below.').waitFor();
    await page.getByLabel('Full Name').fill('Pasted Mobile Customer');
    // A paste: the whole text arrives in one input event.
    await page.getByLabel('Primary Mobile').focus();
    await page.keyboard.insertText(pasted);
    expect(await page.getByLabel('Primary Mobile').inputValue()).toBe(digits);
    // Typed key by key with a leading 0 and a dash: the same normaliser.
    await page.getByLabel('Emergency Contact Number').pressSequentially(`097${suffix}-33`);
    expect(await page.getByLabel('Emergency Contact Number').inputValue()).toBe(`97${suffix}33`);
    await page.getByLabel('Emergency Contact Relation').fill('Sister');
    await page.locator('textarea[name="presentAddress"]').fill('3 Market Road, Mysuru');
    await page.getByLabel('Permanent address is the same').check();
    await screenshotBothWidths(page, 'counter-wizard-pasted-mobile');
    await page.getByRole('button', { name: 'Add Customer', exact: true }).click();
    await page.getByRole('heading', { name: 'Verify OTP' }).waitFor();

    // The API has the 10 digits, the code went to them, and search finds them however typed.
    const code = await server.codeFor(digits, { purpose: 'customer_verification_otp' });
    expect(code).toMatch(/^\d{6}$/);
    // The customers list is a read model: the first search waits for it to catch up.
    for (const typed of [pasted, digits, `0${digits}`]) {
      await expect
        .poll(
          async () => {
            const found = await apiGet(
              server,
              `/api/employee/customers?search=${encodeURIComponent(typed)}`,
              employee.token,
            );
            expect(found.status).toBe(200);
            return found.body.data.map((c: { primaryMobile: string }) => c.primaryMobile);
          },
          { message: typed, timeout: 15_000 },
        )
        .toEqual([digits]);
    }
  });
});

describe('the online payments queue', () => {
  it('an admin approves one pending online payment and rejects another with a reason', async () => {
    const loans = await apiGet(server, '/api/admin/loans?status=active&limit=5', admin.token);
    expect(loans.status).toBe(200);
    const loan = loans.body.data[0] as { _id: string; loanId: string };
    const pay = (amount: number, utr: string) =>
      apiSend(server, 'POST', `/api/loans/${loan._id}/payment`, employee.token, {
        amount,
        paymentMethod: 'online',
        paymentType: 'total',
        transactionId: utr,
        bankName: 'Canara Bank',
      });
    // A payment below the loan's minimum is refused and records nothing; the answer names it.
    const probe = await pay(1, `UTR19P${suffix}`);
    expect(probe.status).toBe(400);
    const minimum = probe.body.minimumTotalDue as number;
    expect(minimum).toBeGreaterThan(1);
    const first = await pay(minimum, `UTR19A${suffix}`);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await pay(minimum + 200, `UTR19B${suffix}`);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const [a, b] = [first.body.data.payment, second.body.data.payment] as Array<{
      _id: string;
      receiptNumber: string;
    }>;
    expect(a!.receiptNumber).toMatch(/^RCPT-[A-Z0-9]+-\d{6}-\d{5}$/);

    await visitor?.context.close();
    visitor = await visitSignedIn(browser, server, admin);
    const { page } = visitor;
    await page.goto('/admin/online-payments');
    await page.getByRole('heading', { name: 'Online payments to approve', level: 1 }).waitFor();
    await page.locator(`[data-payment-id="${b!._id}"]`).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'counter-online-payments');

    await page.getByRole('button', { name: `Approve ${a!.receiptNumber}` }).click();
    await page.getByText(`${a!.receiptNumber}: Payment approved and customer notified.`).waitFor();
    await page.getByRole('button', { name: `Reject ${b!.receiptNumber}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Not in the bank statement');
    await screenshotBothWidths(page, 'counter-online-payments-reject');
    await dialog.getByRole('button', { name: 'Reject payment' }).click();
    await page.getByText(`Payment ${b!.receiptNumber} rejected`).waitFor();
    await page.locator(`[data-payment-id="${b!._id}"]`).waitFor({ state: 'detached' });

    const history = await apiGet(server, `/api/loans/${loan._id}/payments`, admin.token);
    const status = (id: string) => history.body.data.find((p: { _id: string }) => p._id === id).status;
    expect(status(a!._id)).toBe('success');
    expect(status(b!._id)).toBe('reversed');
  });
});
