import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@goldledger/contracts';
import { loadLoan } from '../lending/loan-commands.js';
import { auctionReadyDate } from '../lending/loan.rules.js';
import { jpeg, largeJpeg, makeLoan, multipart, otherCustomer, png } from '../testing/photo-test-support.js';

/** The loans whose amount no document here shows: small, so one borrower's many stay within the LTV tiers. */
const SMALL = 20_000_00;
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';
import { displayDate } from './format.js';

// PDFs are read back with poppler (Debian poppler-utils; .ci/run installs it).
const work = mkdtempSync(path.join(tmpdir(), 'goldledger-pdf-'));
let n = 0;
function poppler(tool: 'pdftotext' | 'pdfinfo' | 'pdfimages', pdf: Buffer, args: string[] = []): string {
  const file = path.join(work, `doc-${(n += 1)}.pdf`);
  writeFileSync(file, pdf);
  const tail = tool === 'pdftotext' ? [file, '-'] : [file];
  return execFileSync(tool, [...args, ...tail], { encoding: 'utf8' });
}
const pdfText = (pdf: Buffer, args: string[] = []) => poppler('pdftotext', pdf, ['-layout', ...args]);
const count = (text: string, part: string) => text.split(part).length - 1;

let t: TestDatabase;
let api: TestApi;
const tokens = {} as Record<Role, string>;
/** A second customer, with a loan of their own. */
let other: Awaited<ReturnType<typeof otherCustomer>>;
let theirLoan: string;

beforeAll(async () => {
  t = await createTestDatabase('documents');
  api = await createTestApi(t);
  for (const role of ['admin', 'employee', 'customer'] as const) tokens[role] = await api.tokenFor(role);
  other = await otherCustomer(api);
  theirLoan = (await makeLoan(api, other.customerUuid)).loanUuid;
  await api.project();
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
  rmSync(work, { recursive: true, force: true });
});

const get = (url: string, token: string) =>
  api.app.inject({ method: 'GET', url, headers: { 'x-auth-token': token } });

async function pay(loanUuid: string, amount: number, paymentMethod = 'handcash') {
  const res = await api.app.inject({
    method: 'POST',
    url: `/api/loans/${loanUuid}/payment`,
    headers: { 'x-auth-token': tokens.employee },
    payload: {
      amount,
      paymentMethod,
      paymentType: 'total',
      repaymentDate: '2026-11-20',
      ...(paymentMethod === 'online' ? { transactionId: 'UPI-4471-0921', bankName: 'Canara Bank' } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.payment as { _id: string; installmentNumber: number; receiptNumber: string };
}

async function uploadPhotos(loanUuid: string, goldItemIndex: number, files: Buffer[]) {
  const body = await multipart(
    { goldItemIndex: String(goldItemIndex) },
    files.map((bytes, i) => ({ name: `photo-${i}.jpg`, bytes })),
  );
  const res = await api.app.inject({
    method: 'POST',
    url: `/api/loans/${loanUuid}/photos`,
    headers: { ...body.headers, 'x-auth-token': tokens.admin },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('the loan receipt', () => {
  it('is a PDF named LoanReceipt_{loanId}.pdf with the customer, loan id and amounts in en-IN', async () => {
    const { loanUuid, loanId } = await makeLoan(api);
    const payment = await pay(loanUuid, 20_000);
    const res = await get(`/api/loans/${loanUuid}/receipt`, tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="LoanReceipt_${loanId}.pdf"`);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Loan Receipt');
    expect(text).toContain(loanId);
    expect(text).toContain('Lakshmi Customer');
    expect(text).toContain('CUS000001');
    expect(text).toContain('₹1,00,000'); // the loan amount
    expect(text).toContain('₹20,000'); // the payment
    expect(text).toContain('18% a year');
    expect(text).toContain('6 months');
    expect(text).toMatch(/Remaining balance\s+₹\d{2},\d{3}/);
    // The payment's own receipt number, and the branch that issued it (issue 19).
    expect(text).toContain(payment.receiptNumber);
    expect(text).toContain('Phone +91 90000 00100');
    // The whole schedule: 6 installments, the first due a month after 2 Nov 2026.
    expect(text).toContain('02 Dec 2026');
    expect(text).toContain('02 May 2027');
  });

  it('is the owning customer’s too, and nobody else’s', async () => {
    const own = await makeLoan(api, undefined, SMALL);
    expect((await get(`/api/loans/${own.loanUuid}/receipt`, tokens.customer)).statusCode).toBe(200);
    const denied = await get(`/api/loans/${theirLoan}/receipt`, tokens.customer);
    expect(denied.statusCode).toBe(404);
    expect(denied.json().message).toBe('Loan not found');
    expect((await get(`/api/loans/${theirLoan}/receipt`, other.token)).statusCode).toBe(200);
    expect(
      (await get(`/api/loans/00000000-0000-4000-8000-000000000000/receipt`, tokens.admin)).statusCode,
    ).toBe(404);
  });
});

describe('a payment receipt', () => {
  it('is named by its receipt number and shows the branch, the payment, its split and the books right after it', async () => {
    const { loanUuid, loanId } = await makeLoan(api);
    const first = await pay(loanUuid, 20_000);
    const second = await pay(loanUuid, 15_000);
    const res = await get(`/api/loans/${loanUuid}/payments/${first._id}/receipt`, tokens.employee);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // A human number from the branch's counter of the month (issue 19), not a UUID.
    expect(first.receiptNumber).toMatch(/^RCPT-MAIN-\d{6}-\d{5}$/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Receipt_${first.receiptNumber}.pdf"`,
    );
    const text = pdfText(res.rawPayload);
    expect(text).toContain(`Receipt number ${first.receiptNumber}`);
    expect(text).toContain(loanId);
    // The lender's branch: name, address and phone.
    expect(text).toContain('GoldLedger Main Branch');
    expect(text).toContain('Main Road, Bengaluru, Karnataka 560001');
    expect(text).toContain('Phone +91 90000 00100');
    // How the ₹20,000 was applied: interest first, the rest to principal.
    const interest = Number(/Towards interest\s+₹([\d,]+)/.exec(text)![1]!.replace(/,/g, ''));
    const principal = Number(/Towards principal\s+₹([\d,]+)/.exec(text)![1]!.replace(/,/g, ''));
    expect(interest).toBeGreaterThan(0);
    expect(Math.abs(interest + principal - 20_000)).toBeLessThanOrEqual(1);
    expect(text).toContain('Lakshmi Customer');
    expect(text).toContain(displayDate('2026-11-20'));
    expect(text).toMatch(/Payment amount\s+₹20,000/);
    expect(text).toMatch(/Method\s+Cash/);
    expect(text).toMatch(/Total loan amount\s+₹1,00,000/);
    // As it stood after this payment: the second one is not in it.
    expect(text).toMatch(/Total paid\s+₹20,000/);
    expect(text).toMatch(/Remaining balance\s+₹8\d,\d{3}/);

    const later = pdfText(
      (await get(`/api/loans/${loanUuid}/payments/${second._id}/receipt`, tokens.admin)).rawPayload,
    );
    expect(later).toMatch(/Total paid\s+₹35,000/);
  });

  it('marks a pending online payment as not yet counted', async () => {
    const { loanUuid } = await makeLoan(api, undefined, SMALL);
    const online = await pay(loanUuid, 5_000, 'online');
    const text = pdfText(
      (await get(`/api/loans/${loanUuid}/payments/${online._id}/receipt`, tokens.admin)).rawPayload,
    );
    expect(text).toContain('Pending approval');
    expect(text).toMatch(/Total paid\s+₹0/);
    // Not counted yet, so not split yet.
    expect(text).not.toContain('Towards interest');
  });

  it('answers 404 "Payment not found" for a payment of another loan or none', async () => {
    const a = await makeLoan(api, undefined, SMALL);
    const b = await makeLoan(api, undefined, SMALL);
    const paymentOfB = await pay(b.loanUuid, 10_000);
    for (const paymentId of [paymentOfB._id, '00000000-0000-4000-8000-000000000000']) {
      const res = await get(`/api/loans/${a.loanUuid}/payments/${paymentId}/receipt`, tokens.admin);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Payment not found');
    }
  });

  it('is the owning customer’s too', async () => {
    const { loanUuid } = await makeLoan(api, undefined, SMALL);
    const p = await pay(loanUuid, 10_000);
    expect((await get(`/api/loans/${loanUuid}/payments/${p._id}/receipt`, tokens.customer)).statusCode).toBe(
      200,
    );
    expect((await get(`/api/loans/${loanUuid}/payments/${p._id}/receipt`, other.token)).statusCode).toBe(404);
  });
});

describe('the Loan Acknowledgement slip', () => {
  let loanUuid: string;
  let loanId: string;
  let withPhotos: Buffer;
  let withoutPhotos: Buffer;

  beforeAll(async () => {
    ({ loanUuid, loanId } = await makeLoan(api));
    const res = await get(`/api/loans/${loanUuid}/slip`, tokens.employee);
    expect(res.statusCode).toBe(200);
    withoutPhotos = res.rawPayload;
    const big = await largeJpeg(1600, 1200);
    expect(big.length).toBeGreaterThan(500 * 1024);
    await uploadPhotos(loanUuid, 0, [await jpeg(1200, 900), big]);
    await uploadPhotos(loanUuid, 1, [await png(640, 480)]);
    await uploadPhotos(loanUuid, -1, [await jpeg(800, 600, '#b08d2e')]);
    await uploadPhotos(loanUuid, -2, [await jpeg(600, 800, '#ffffff')]); // the bank receipt: not on the slip
    const slip = await get(`/api/loans/${loanUuid}/slip`, tokens.employee);
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toBe('application/pdf');
    expect(slip.headers['content-disposition']).toBe(`inline; filename="LoanSlip_${loanId}.pdf"`);
    withPhotos = slip.rawPayload;
  });

  it('is one A4 landscape page (842 × 595 pt) holding two copies', () => {
    const info = poppler('pdfinfo', withPhotos);
    expect(info).toMatch(/Pages:\s+1\n/);
    const [, w, h] = info.match(/Page size:\s+([\d.]+) x ([\d.]+) pts/)!;
    expect([Math.round(Number(w)), Math.round(Number(h))]).toEqual([842, 595]);
    const page1 = pdfText(withPhotos, ['-f', '1', '-l', '1']);
    expect(count(page1, loanId)).toBe(2);
    expect(page1).toContain('CUSTOMER COPY');
    expect(page1).toContain('OFFICE COPY');
    expect(count(page1, 'Lakshmi Customer')).toBe(2);
  });

  it('shows the customer, the loan in en-IN rupees, weights to 2 decimals and the final auction date', async () => {
    const text = pdfText(withPhotos);
    const { state } = await loadLoan(api.store, loanUuid);
    expect(count(text, '₹1,00,000')).toBe(2);
    expect(count(text, '****-****-0003')).toBe(2);
    expect(text).not.toContain('500000000003');
    // Necklace 12.345 g gross, 11.5 net; bangles 8.5 and 8.005: totals 20.845 → 20.85, 19.505 → 19.51.
    for (const weight of ['12.35', '11.50', '8.50', '8.01', '20.85', '19.51']) {
      expect(count(text, weight), weight).toBe(2);
    }
    // 6 months + 1 + 3 per ladder step above 18 % (24, 30, 36): 16 months after 2 Nov 2026.
    expect(auctionReadyDate(state)).toBe('2028-03-02');
    expect(text).toMatch(/Final auction date\s+02 Mar 2028/);
    expect(count(text, '02 Mar 2028')).toBe(4); // the table row and the terms, in each copy
  });

  it('embeds the item photos in both copies, large ones downscaled to 200 px, the bank receipt left out', () => {
    const rows = poppler('pdfimages', withPhotos, ['-list'])
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '')
      .map((line) => line.trim().split(/\s+/));
    // page num type width height …: 4 photos drawn in each copy (the bank receipt is not).
    expect(rows.filter((r) => r[2] === 'image')).toHaveLength(8);
    const sizes = rows.map((r) => `${r[3]}x${r[4]}`);
    expect(sizes.filter((s) => s === '200x150')).toHaveLength(2); // the 1600 × 1200 noise photo
    expect(sizes.filter((s) => s === '1200x900')).toHaveLength(2); // small enough to go in as it is
    expect(sizes).not.toContain('600x800');
    expect(withPhotos.length).toBeGreaterThan(withoutPhotos.length + 10_000);
  });

  it('keeps a full set of photos, 5 per item and the group photo, on one page', async () => {
    const { loanUuid: full } = await makeLoan(api);
    const five = await Promise.all([0, 1, 2, 3, 4].map((i) => jpeg(400, 300, `#c9a2${i}${i}`)));
    await uploadPhotos(full, 0, five);
    await uploadPhotos(full, 1, five);
    await uploadPhotos(full, -1, [five[0]!]);
    const slip = (await get(`/api/loans/${full}/slip`, tokens.admin)).rawPayload;
    expect(poppler('pdfinfo', slip)).toMatch(/Pages:\s+1\n/);
    expect(poppler('pdfimages', slip, ['-list']).trim().split('\n').slice(2)).toHaveLength(22);
  });

  it('is for staff only', async () => {
    expect((await get(`/api/loans/${loanUuid}/slip`, tokens.customer)).statusCode).toBe(403);
  });
});
