import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_POLICY } from '@goldledger/contracts';
import { launchChromium, screenshotBothWidths, seriousAxeViolations, type Visit } from './support/browser.js';
import { addStaffWithPassword, qrCodeOfPdf } from './support/custody.js';
import { startServer, type E2eServer } from './support/server.js';
import {
  DEMO,
  apiGet,
  apiSend,
  signInByApi,
  visitSignedIn,
  waitForDemoBook,
  type Session,
  openLoanRow,
} from './support/staff.js';

/**
 * Issue 16's "Must show": the full custody life of one loan's gold in Debian's Chromium
 * against the real server, through the screens a branch uses. The employee creates a loan in
 * the add-loan wizard and seals its gold with a colleague of the same branch, who types their
 * own password; the packet goes into the vault; its label's QR code is decoded from the PDF;
 * the auditor's surprise audit finds it by its typed number; the loan is repaid in the Repay
 * dialog; the release (customer's code, two staff) waits for the checker under the policy's
 * release rule, who approves it in the Approvals page; the vault register no longer lists the
 * packet, and the register as of a moment before the release still does.
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let employee: Session;
let auditor: Session;
let checker: Session;
/** The employee's browser, which follows the loan from the wizard to the register. */
let v: Visit;

/** Ravi's colleague at the main branch, the second person of every movement (their own password). */
const suffix = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
const SECOND = {
  name: 'Meena Iyer',
  email: `meena.${suffix}@branch.local`,
  mobile: `96${suffix}44`,
  aadharNumber: `41${suffix}${suffix.slice(0, 4)}`,
  password: `vault-${suffix}`,
};
const SEALED_GRAMS = '12.734';

let loan: { _id: string; loanId: string };
let packetNumber = '';
let approvalId = '';
/** A moment after the packet was taken out for release and before the release was written. */
let beforeRelease = '';

/** `2026-11-21T10:30:15` in Asia/Kolkata (the browser context's zone), for a datetime-local field. */
const istInputValue = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 19);

const dialog = (page: Page) => page.locator('dialog[open]');
const custody = async () => (await apiGet(server, `/api/loans/${loan._id}/custody`, admin.token)).body.data;

async function expectAxeClean(page: Page, what: string): Promise<void> {
  expect(await seriousAxeViolations(page), `axe on ${what}`).toEqual([]);
}

/** The colleague types their own email and password in the dialog: never Ravi's session. */
async function colleagueConfirms(page: Page): Promise<void> {
  const d = dialog(page);
  await d.getByLabel('Their email or mobile').fill(SECOND.email);
  await d.getByRole('radio', { name: 'Password' }).check();
  await d.getByLabel('Their password').fill(SECOND.password);
}

/** A small gold item's photo (JPEG), made here. */
const photo = () =>
  sharp({ create: { width: 48, height: 48, channels: 3, background: { r: 212, g: 175, b: 55 } } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  server = await startServer('e2e: custody life');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  employee = await signInByApi(server, 'employee');
  await waitForDemoBook(server, admin.token);
  auditor = await signInByApi(server, 'auditor');
  checker = await signInByApi(server, 'checker');
  // The e2e server starts with maker-checker off until a policy is saved (APPROVALS_OFF_UNTIL_SET);
  // the admin saves production's default, where every rule is on: a release needs a checker.
  const policy = await apiSend(server, 'PUT', '/api/admin/approvals/policy', admin.token, {
    rules: APPROVAL_POLICY.rules,
    reason: 'The default policy, as in production',
  });
  expect(policy.status, JSON.stringify(policy.body)).toBe(200);
  expect(policy.body.policy.rules).toEqual(APPROVAL_POLICY.rules);
  await addStaffWithPassword(server, admin.token, SECOND);
}, 240_000);

afterAll(async () => {
  await v?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('the custody life of one loan’s gold', () => {
  it('the employee creates a loan for the demo customer in the add-loan wizard', async () => {
    const customers = await apiGet(server, '/api/admin/customers?search=Lakshmi', admin.token);
    const demo = customers.body.data.find((c: any) => c.primaryMobile === DEMO.customer.mobile);
    expect(demo, 'the demo customer').toBeDefined();

    v = await visitSignedIn(browser, server, employee);
    const { page } = v;
    await page.goto('/employee/add-loan');
    await page.getByLabel('Aadhar Number').fill(demo.aadharNumber);
    await page.getByText('Existing Customer Found').waitFor();
    await page.getByRole('heading', { name: 'Verify OTP' }).waitFor();
    await page
      .getByLabel('6-digit OTP')
      .fill(await server.codeFor(DEMO.customer.mobile, { purpose: 'loan_otp' }));
    await page.getByRole('heading', { name: 'Gold items' }).waitFor();
    await page.getByLabel('Description, item 1').fill('Gold chain');
    await page.getByLabel('Gross weight (g), item 1').fill('12.5');
    await page.getByLabel('Net weight (g), item 1').fill('12.25');
    await page.getByLabel('Choose files: Photos for gold item 1').setInputFiles({
      name: 'chain.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(),
    });
    await page.getByRole('img', { name: 'Photos for gold item 1: chain.jpg' }).waitFor();
    await page.getByLabel('Loan Amount (₹)').fill('20000');
    await page.getByText('Twenty Thousand Rupees', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Create Loan with Photos' }).click();

    const created = page.getByRole('dialog', { name: 'Loan created' });
    await created.getByText('Loan created successfully.').waitFor({ timeout: 30_000 });
    await created.getByText('Gold not sealed').waitFor();
    const loanId = (
      await created.locator('dt', { hasText: 'Loan ID' }).locator('xpath=following-sibling::dd').innerText()
    ).trim();
    expect(loanId).toMatch(/^GL\d{9}$/);
    await expectAxeClean(page, 'the loan-created dialog');
    await screenshotBothWidths(page, 'custody-life-loan-created');

    await created.getByRole('link', { name: 'Seal the gold' }).click();
    await page.waitForURL(/\/employee\/loans\/[^/]+\/custody$/);
    loan = { _id: decodeURIComponent(page.url().split('/').at(-2)!), loanId };
    await page.getByRole('heading', { name: 'Custody of gold', level: 1 }).waitFor();
    await page.getByText(`Loan ${loanId}`, { exact: false }).first().waitFor();
    await page.getByText('Gold not sealed').waitFor();
    expect((await custody()).packet).toBeNull();
  });

  it('seals the gold with a colleague of the branch typing their own password', async () => {
    const { page } = v;
    await page.getByRole('button', { name: 'Seal gold' }).click();
    await dialog(page).getByLabel('Sealed gross weight (g)').fill(SEALED_GRAMS);
    await colleagueConfirms(page);
    await expectAxeClean(page, 'the seal dialog');
    await screenshotBothWidths(page, 'custody-life-seal');
    await dialog(page).getByRole('button', { name: 'Seal gold' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    const sealed = (await custody()).packet;
    expect(sealed).toMatchObject({ status: 'sealed', sealedGrossWeightMg: 12_734 });
    expect(sealed.movements[0].by.name).toBe(employee.user.name);
    expect(sealed.movements[0].confirmedBy).toMatchObject({ name: SECOND.name, method: 'password' });
    packetNumber = sealed.packetNumber;
    expect(packetNumber).toMatch(/^PK\d+$/);
    await page.getByText(packetNumber, { exact: true }).waitFor();
    await page.getByText(`confirmed by ${SECOND.name} (password)`).waitFor();
  });

  it('puts the packet in the vault', async () => {
    const { page } = v;
    await page.getByRole('button', { name: 'Put in vault' }).click();
    await dialog(page).getByLabel('Safe').selectOption({ index: 0 });
    const safe = await dialog(page).getByLabel('Safe').inputValue();
    await dialog(page).getByLabel('Tray / slot').fill('L7');
    await colleagueConfirms(page);
    await dialog(page).getByRole('button', { name: 'Put in vault' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await page.getByText(`Main Branch vault: ${safe}, tray/slot L7`).waitFor();
    expect((await custody()).packet).toMatchObject({ status: 'in_vault', location: { safe, slot: 'L7' } });
    await expectAxeClean(page, 'the custody page with the packet in the vault');
    await screenshotBothWidths(page, 'custody-life-in-vault');
  });

  it('prints a label whose QR code decodes to the packet number on the page', async () => {
    const { page } = v;
    const shown = (
      await page
        .getByText(/^PK\d+$/)
        .first()
        .innerText()
    ).trim();
    expect(shown).toBe(packetNumber);
    // The PDF exactly as the page receives it from the server (it then opens it in a new tab).
    let pdf: Buffer = Buffer.alloc(0);
    const labelUrl = `**/api/loans/${loan._id}/custody/label.pdf`;
    await page.route(labelUrl, async (route) => {
      const response = await route.fetch();
      pdf = await response.body();
      await route.fulfill({ response });
    });
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Print label' }).click(),
    ]);
    await expect.poll(() => tab.url(), { timeout: 15_000 }).toMatch(/^blob:/);
    await page.unroute(labelUrl);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await qrCodeOfPdf(pdf)).toBe(shown);
    await tab.close();
  });

  it('the auditor’s surprise audit finds the packet by its typed number', async () => {
    const a = await visitSignedIn(browser, server, auditor);
    try {
      const { page } = a;
      await page.goto('/admin/vault-audits');
      await page.getByRole('heading', { name: 'Vault Audits', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Start audit' }).click();
      await page.waitForURL(/\/admin\/vault-audits\/[0-9a-f-]{36}$/);
      const auditId = page.url().split('/').at(-1)!;
      await page.getByLabel('Packet number').fill(packetNumber.toLowerCase());
      await page.getByLabel('Weighed gross weight, g (optional)').fill(SEALED_GRAMS);
      await page.getByRole('button', { name: 'Record scan' }).click();
      await page.getByText(`${packetNumber} found (${SEALED_GRAMS} g).`).waitFor();
      await page.locator(`tr[data-found="${packetNumber}"]`).waitFor();
      expect(await page.locator(`tr[data-weight="${packetNumber}"]`).count()).toBe(0);
      await expectAxeClean(page, 'the audit with the packet found');
      await screenshotBothWidths(page, 'custody-life-audit');
      const audit = await apiGet(server, `/api/vault/audits/${auditId}`, auditor.token);
      expect(audit.body.data.scans).toEqual([
        expect.objectContaining({ packetNumber, method: 'typed', expected: true }),
      ]);
      expect(a.pageErrors).toEqual([]);
    } finally {
      await a.context.close();
    }
  });

  it('the loan is repaid in full in the Repay dialog', async () => {
    const { page } = v;
    await page.goto('/employee/loans');
    await page.getByRole('searchbox', { name: 'Search loans' }).fill(loan.loanId);
    const row = page.locator(`tr[data-testid="loan-row"][data-loan-id="${loan.loanId}"]`);
    await row.getByRole('button', { name: `Repay ${loan.loanId}` }).click();
    const repay = page.getByRole('dialog', { name: 'Repay Loan' });
    await repay.getByLabel('Hand Cash').check();
    await repay.getByRole('button', { name: 'Set Full Balance', exact: true }).click();
    await expectAxeClean(page, 'the repay dialog');
    await screenshotBothWidths(page, 'custody-life-repay');
    await repay.getByRole('button', { name: 'Record Payment' }).click();
    await page.getByText(`Payment recorded. Loan ${loan.loanId} is fully repaid and closed.`).waitFor();
    await repay.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await apiGet(server, `/api/loans/${loan._id}`, employee.token)).body.data.status, {
        timeout: 15_000,
      })
      .toBe('closed');
  });

  it('takes the packet out and releases it with the customer’s code and two staff; the release waits for the checker', async () => {
    const { page } = v;
    await openLoanRow(page, loan.loanId);
    await page.getByRole('link', { name: `Custody ${loan.loanId}` }).click();
    await page.getByRole('heading', { name: 'Custody of gold', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Take out of vault' }).click();
    await dialog(page).getByLabel('Purpose').selectOption('release');
    await dialog(page).getByLabel('Reason').fill('Loan repaid; customer at the counter');
    await colleagueConfirms(page);
    await dialog(page).getByRole('button', { name: 'Take out of vault' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    const out = (await custody()).packet;
    expect(out).toMatchObject({ status: 'out', outPurpose: 'release' });
    // A second after the take-out, on the second: still in custody, not yet released.
    const takenOutAt = Date.parse(out.movements.at(-1).at);
    const moment = new Date(Math.ceil(takenOutAt / 1_000) * 1_000 + 1_000);
    beforeRelease = istInputValue(moment);
    const wait = moment.getTime() + 1_000 - Date.now();
    if (wait > 0) await page.waitForTimeout(wait);

    await page.getByRole('button', { name: 'Release to customer' }).click();
    await dialog(page).getByRole('button', { name: 'Send code to customer' }).click();
    await dialog(page)
      .getByText(/Code sent to the customer's mobile ending/)
      .waitFor();
    const customerCode = await server.codeFor(DEMO.customer.mobile, { purpose: 'custody_release_otp' });
    await dialog(page).getByLabel("Customer's code").fill(customerCode);
    await dialog(page).getByLabel('Weight at release (g)').fill(SEALED_GRAMS);
    await colleagueConfirms(page);
    await expectAxeClean(page, 'the release dialog');
    await screenshotBothWidths(page, 'custody-life-release');
    const [held] = await Promise.all([
      page.waitForResponse((res) => res.url().endsWith(`/api/loans/${loan._id}/custody/release`)),
      dialog(page).getByRole('button', { name: 'Release to customer' }).click(),
    ]);
    expect(held.status()).toBe(202);
    approvalId = (await held.json()).approvalId;
    // The dialog closes and says so: nothing changes until an admin approves it.
    await dialog(page).waitFor({ state: 'detached' });
    await page.getByText('Sent for approval: nothing changes until another admin approves it.').waitFor();
    await page.getByText('Out of vault', { exact: true }).waitFor();
    await expectAxeClean(page, 'the custody page with the release sent for approval');
    await screenshotBothWidths(page, 'custody-life-release-held');
    // Nothing changes before the checker approves.
    expect((await custody()).packet).toMatchObject({ status: 'out', outPurpose: 'release' });
  });

  it('the checker approves the release in the Approvals page', async () => {
    const c = await visitSignedIn(browser, server, checker);
    try {
      const { page } = c;
      await page.goto('/admin/approvals');
      const request = page.locator(`tr[data-approval-id="${approvalId}"]`);
      await request.getByText(`packet ${packetNumber}`, { exact: false }).waitFor({ timeout: 15_000 });
      await expectAxeClean(page, 'the approvals queue with the release');
      await screenshotBothWidths(page, 'custody-life-approval');
      await request.getByRole('button', { name: /^Approve:/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Approve and carry out' }).click();
      await page
        .getByText(new RegExp(`Approved and carried out\\. Packet ${packetNumber} released to the customer`))
        .waitFor({ timeout: 15_000 });
      expect(c.pageErrors).toEqual([]);
    } finally {
      await c.context.close();
    }
    const released = await custody();
    expect(released.packet.status).toBe('released');
    expect(released.packet.incidents).toEqual([]);
    expect(released.loan.goldReturnStatus).toBe('returned');
    const release = released.packet.movements.at(-1);
    expect(release.by.name).toBe(employee.user.name);
    expect(release.confirmedBy).toMatchObject({ name: SECOND.name, method: 'password' });
    expect(Date.parse(release.at)).toBeGreaterThan(Date.parse(`${beforeRelease}+05:30`));

    const { page } = v;
    await page.reload();
    await page.getByText('Released to the customer', { exact: false }).first().waitFor();
    await expectAxeClean(page, 'the custody page after the release');
    await screenshotBothWidths(page, 'custody-life-released');
  });

  it('the vault register no longer lists the packet; as of before the release it does', async () => {
    const { page } = v;
    await page.goto('/employee/vault');
    await page.getByTestId('total-packets').waitFor();
    await page.locator('tr[data-packet]').first().waitFor();
    expect(await page.locator(`tr[data-packet="${packetNumber}"]`).count()).toBe(0);
    const now = Number(await page.getByTestId('total-packets').innerText());
    await expectAxeClean(page, 'the vault register now');
    await screenshotBothWidths(page, 'custody-life-register');

    await page.getByLabel('As of (empty: now)').fill(beforeRelease);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.getByText(/replayed from the events/).waitFor();
    const listed = page.locator(`tr[data-packet="${packetNumber}"]`).first();
    await listed.waitFor();
    await expect(listed.innerText()).resolves.toContain(loan.loanId);
    await expect(page.getByTestId('total-packets').innerText()).resolves.toBe(String(now + 1));
    await expectAxeClean(page, 'the vault register as of before the release');
    await screenshotBothWidths(page, 'custody-life-register-as-of');
    expect(v.pageErrors).toEqual([]);
    expect(v.foreignRequests.filter((url) => /^https?:/.test(url))).toEqual([]);
  });
});
