import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_BRANCH_DETAILS,
  LENDING_POLICY,
  LOAN_PHOTOS_STREAM_TYPE,
  LoanEvents,
  loanPhotosStreamId,
  loanStreamId,
  type RepaymentType,
} from '@goldledger/contracts';
import { FileSystemBlobStore } from '../photos/blob-store.js';
import { loadLoanPhotos } from '../photos/photo-commands.js';
import { assignBranches, openBranch, tokenOfUser } from '../testing/branch-test-support.js';
import { jpeg, makeLoan, otherCustomer } from '../testing/photo-test-support.js';
import { sanctionedLoanCreated } from '../testing/sanction-fixtures.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';
import { aprPercent } from './disclosure-format.js';
import { displayDate } from './format.js';
import { keyFacts } from './key-facts.js';

// PDFs are read back with poppler (Debian poppler-utils; .ci/run installs it), and drawn as
// PNGs into tests/e2e/artifacts/disclosures for a person to look at.
const work = mkdtempSync(path.join(tmpdir(), 'goldledger-disclosures-'));
const ARTIFACTS = path.resolve(import.meta.dirname, '../../../tests/e2e/artifacts/disclosures');
let n = 0;
function poppler(tool: 'pdftotext' | 'pdfinfo' | 'pdfimages', pdf: Buffer, args: string[] = []): string {
  const file = path.join(work, `doc-${(n += 1)}.pdf`);
  writeFileSync(file, pdf);
  const tail = tool === 'pdftotext' ? [file, '-'] : [file];
  return execFileSync(tool, [...args, ...tail], { encoding: 'utf8' });
}
const pdfText = (pdf: Buffer) => poppler('pdftotext', pdf, ['-layout']).replace(/\u00a0/g, ' ');
const pages = (pdf: Buffer) => Number(poppler('pdfinfo', pdf).match(/Pages:\s+(\d+)/)![1]);
const count = (text: string, part: string) => text.split(part).length - 1;
function drawn(pdf: Buffer, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '70', file, path.join(ARTIFACTS, name)]);
}

let t: TestDatabase;
let api: TestApi;
const tokens = {} as Record<'admin' | 'customer' | 'auditor' | 'north' | 'other', string>;
let northId: string;
/** A loan of the seeds' kind, made before issue 17, at the main branch. */
let legacy: { loanUuid: string; loanId: string };
/** Loans as issue 17 sanctions them, at the North branch, by repayment structure. */
const sanctioned = {} as Record<RepaymentType, { loanUuid: string; loanId: string }>;
let theirs: string;

/** A photo of the loan's first item, uploaded before the loan was written (the wizard names the loan's id first). */
async function itemPhoto(loanUuid: string): Promise<string> {
  const photoId = randomUUID();
  const bytes = await jpeg(900, 900, '#c9a227');
  const blobKey = `loan-photos/${loanUuid}/${photoId}.jpg`;
  const blobs = new FileSystemBlobStore(api.blobDir);
  await blobs.put(blobKey, bytes, 'image/jpeg');
  await blobs.put(`loan-photos/${loanUuid}/${photoId}.thumb.jpg`, bytes, 'image/jpeg');
  await api.store.append(
    loanPhotosStreamId(loanUuid),
    [
      {
        type: 'PhotoUploaded',
        data: {
          photoId,
          goldItemIndex: 0,
          description: 'Necklace, front',
          originalName: 'necklace.jpg',
          blobKey,
          thumbnailKey: `loan-photos/${loanUuid}/${photoId}.thumb.jpg`,
          contentType: 'image/jpeg',
          size: bytes.length,
          width: 900,
          height: 900,
          uploadedBy: { id: api.users.employee, name: 'Ravi Employee' },
        },
        occurredAt: new Date('2026-11-02T05:00:00Z'),
      },
    ],
    { streamType: LOAN_PHOTOS_STREAM_TYPE, expectedVersion: 'no_stream' },
  );
  return photoId;
}

beforeAll(async () => {
  t = await createTestDatabase('disclosures');
  api = await createTestApi(t);
  for (const role of ['admin', 'customer', 'auditor'] as const) tokens[role] = await api.tokenFor(role);
  northId = await openBranch(api, { code: 'NORTH', name: 'North Branch', phone: '+91 80 4000 1111' });
  await assignBranches(api, api.users.employee, [northId]);
  tokens.north = await tokenOfUser(api, api.users.employee);
  const other = await otherCustomer(api);
  tokens.other = other.token;
  theirs = (await makeLoan(api, other.customerUuid)).loanUuid;
  const made = await makeLoan(api);
  const { events } = await api.store.readStream(loanStreamId(made.loanUuid));
  const customer = LoanEvents.LoanCreated.parse(events[0]!.data).customer;
  // A loan as one made before issue 17 was recorded: none of the sanction fields, cash, the
  // seeds' single 24K rate (every loan made through the API now carries them all).
  legacy = { loanUuid: randomUUID(), loanId: 'GL261100899' };
  const old: Record<string, unknown> = {
    ...(events[0]!.data as Record<string, unknown>),
    loanId: legacy.loanId,
  };
  for (const key of [
    'policyVersion',
    'purpose',
    'repaymentType',
    'disbursementMode',
    'disbursementReference',
    'appraisal',
    'ltv',
    'topUpOf',
    'borrowerRequest',
  ]) {
    delete old[key];
  }
  old.disbursementMethod = 'cash';
  old.goldItems = (old.goldItems as Array<Record<string, unknown>>).map(
    ({ description, grossWeightMg, netWeightMg, purityKarat }) => ({
      description,
      grossWeightMg,
      netWeightMg,
      purityKarat,
    }),
  );
  const goldValuePaise =
    Math.round(
      (old.goldItems as Array<{ netWeightMg: number; purityKarat: number }>).reduce(
        (sum, i) => sum + (i.netWeightMg * i.purityKarat) / 24,
        0,
      ) * 7_000,
    ) / 10;
  old.valuation = {
    goldRatePaisePerGram: 7_000_00,
    goldValuePaise: Math.round(goldValuePaise),
    eligiblePaise: Math.floor(goldValuePaise * 0.85),
    ltvCapBps: 8500,
  };
  await api.store.append(
    loanStreamId(legacy.loanUuid),
    [{ type: 'LoanCreated', data: old, occurredAt: new Date('2026-11-02T06:00:00Z') }],
    { streamType: 'loan', expectedVersion: 'no_stream' },
  );
  for (const [k, structure] of (['emi', 'bullet', 'monthly_interest'] as const).entries()) {
    const loanUuid = randomUUID();
    const loanId = `GL26110090${k + 1}`;
    const photoId = await itemPhoto(loanUuid);
    const created = sanctionedLoanCreated({
      loanId,
      structure,
      customer,
      branchId: northId,
      photoIds: { 0: photoId },
    });
    await api.store.append(
      loanStreamId(loanUuid),
      [{ type: 'LoanCreated', data: created, occurredAt: new Date('2026-11-02T06:30:00Z') }],
      { streamType: 'loan', expectedVersion: 'no_stream' },
    );
    sanctioned[structure] = { loanUuid, loanId };
  }
  await api.project();
}, 60_000);
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
  rmSync(work, { recursive: true, force: true });
});

const get = (url: string, token: string) =>
  api.app.inject({ method: 'GET', url, headers: { 'x-auth-token': token } });

async function createdOf(loanUuid: string) {
  const { events } = await api.store.readStream(loanStreamId(loanUuid));
  return LoanEvents.LoanCreated.parse(events[0]!.data);
}

describe('the Key Facts Statement', () => {
  it.each(['emi', 'bullet', 'monthly_interest'] as const)(
    'of a %s loan states the loan, its APR and computation, charges, schedule, ladder, release, auction and complaints',
    async (structure) => {
      const { loanUuid, loanId } = sanctioned[structure];
      const res = await get(`/api/loans/${loanUuid}/key-facts`, tokens.north);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="KeyFacts_${loanId}.pdf"`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      drawn(res.rawPayload, `kfs-${structure}`);
      const text = pdfText(res.rawPayload);
      /** Words one space apart: a long value wraps inside its column. */
      const words = text.replace(/\s+/g, ' ');
      const created = await createdOf(loanUuid);
      const k = keyFacts({ created, branch: DEFAULT_BRANCH_DETAILS, policy: LENDING_POLICY, charges: [] });
      expect(text).toContain('Key Facts Statement');
      expect(text).toMatch(new RegExp(`Loan ID\\s+${loanId}`));
      expect(text).toContain('Lakshmi Customer');
      expect(text).toContain('****-****-0003');
      expect(text).not.toContain('500000000003');
      expect(text).toMatch(/Loan amount\s+₹1,20,000/);
      // The label's start: a long one wraps in its column.
      expect(text).toMatch(
        {
          emi: /Repayment\s+Equal monthly installments \(EMI\)/,
          bullet: /Repayment\s+Bullet: principal and all/,
          monthly_interest: /Repayment\s+Interest every month, principal at/,
        }[structure],
      );
      if (structure === 'bullet') expect(text).toMatch(/UPI, reference[\s\S]*UPI-302611020417/);
      else expect(text).toMatch(/Bank transfer, reference UTR-[\s\S]*SBIN0026110200931/);
      expect(text).toMatch(/Interest rate\s+18% a year, fixed for the tenure/);
      expect(text).toMatch(new RegExp(`APR\\s+${aprPercent(k.apr.aprBps).replace('.', '\\.')} a year`));
      expect(text).toContain(`${k.apr.aprBps.toFixed(2)} basis points`);
      expect(text).toContain('None. No processing, valuation, documentation, insurance or other fee');
      expect(count(text, 'closes the loan')).toBeGreaterThanOrEqual(1);
      for (const row of k.schedule) expect(text).toContain(displayDate(row.dueDate));
      expect(text).toMatch(/Still open after\s+Rate from the loan date/);
      expect(text).toContain('24% a year');
      expect(text).toContain('36% a year');
      expect(words).toContain('Within 7 working days of the loan being repaid in full');
      expect(text).toContain('₹5,000');
      expect(words).toContain(`still unpaid on ${displayDate(k.auctionReadyOn)}`);
      expect(words).toContain("after 30 days' written notice to the borrower");
      expect(words).toContain("at least 90% of the gold's value at the day's price (85% after two auctions");
      expect(text).toContain('North Branch');
      expect(text).toContain('+91 80 4000 1111');
      expect(text).toContain('https://cms.rbi.org.in');
      expect(text).toContain(`Key Facts Statement · ${loanId} · lending policy version 1`);
    },
  );

  it('is the same PDF every time, whatever happens to the loan after sanction', async () => {
    const url = `/api/loans/${legacy.loanUuid}/key-facts`;
    const first = (await get(url, tokens.admin)).rawPayload;
    const pay = await api.app.inject({
      method: 'POST',
      url: `/api/loans/${legacy.loanUuid}/payment`,
      headers: { 'x-auth-token': tokens.admin },
      payload: {
        amount: 20_000,
        paymentMethod: 'handcash',
        paymentType: 'total',
        repaymentDate: '2026-11-20',
      },
    });
    expect(pay.statusCode, pay.body).toBe(201);
    api.clock.set(new Date('2026-12-15T06:00:00Z'));
    const again = (await get(url, tokens.customer)).rawPayload;
    expect(again.equals(first)).toBe(true);
    drawn(first, 'kfs-before-issue-17');
    const text = pdfText(first);
    expect(text).toMatch(/Amount paid out\s+₹1,00,000 \(Cash\)/);
    expect(text).toMatch(/Purpose\s+Consumption/);
    expect(text).toContain('GoldLedger Main Branch');
  });
});

describe('the appraisal certificate', () => {
  it.each(['emi', 'bullet', 'monthly_interest'] as const)(
    'of a %s loan is one PDF with the borrower’s copy and the lender’s, each item with its photo, purity, weights, deductions, price and value',
    async (structure) => {
      const { loanUuid, loanId } = sanctioned[structure];
      const res = await get(`/api/loans/${loanUuid}/appraisal-certificate`, tokens.customer);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="AppraisalCertificate_${loanId}.pdf"`,
      );
      drawn(res.rawPayload, `certificate-${structure}`);
      expect(pages(res.rawPayload)).toBe(2);
      // Words only, one space apart: the price basis wraps inside its cell.
      const text = pdfText(res.rawPayload).replace(/\s+/g, ' ');
      expect(count(text, "BORROWER'S COPY")).toBe(1);
      expect(count(text, "LENDER'S COPY")).toBe(1);
      expect(text.indexOf("BORROWER'S COPY")).toBeLessThan(text.indexOf("LENDER'S COPY"));
      for (const part of [
        'Ornament: Necklace with kundan pendant',
        'Coin: Lakshmi coin',
        '916 (22K)',
        '833 (20K)',
        'Gross 25.40 g',
        'Net 23.15 g',
        'Stones 1.85 g: Kundan stones set in the pendant',
        'Other 0.40 g: Lac filling in the beads',
        '(prices of 916 scaled to 833)',
        '₹2,05,398',
        '₹3,97,728',
        'Appraiser',
        'Branch officer',
      ])
        expect(count(text, part), part).toBe(2);
      expect(count(text, 'no photo')).toBe(4); // items 2 and 3, in each copy
      // The necklace's photo, embedded once and drawn in both copies.
      const images = poppler('pdfimages', res.rawPayload, ['-list']).trim().split('\n').slice(2);
      expect(images).toHaveLength(2);
    },
  );

  it('of a loan made before item-wise appraisal is built from its items and recorded valuation, and says so', async () => {
    const res = await get(`/api/loans/${legacy.loanUuid}/appraisal-certificate`, tokens.admin);
    expect(res.statusCode).toBe(200);
    drawn(res.rawPayload, 'certificate-before-issue-17');
    const text = pdfText(res.rawPayload);
    expect(count(text, 'made before item-wise appraisal was recorded')).toBe(2);
    expect(count(text, 'Gross less net weight (no reason recorded)')).toBe(4); // 2 items, 2 copies
    expect(count(text, 'no photo')).toBe(4);
    expect(count(text, 'Ornament: Necklace')).toBe(2);
  });

  it('shows "no photo" for an item whose photo was deleted since', async () => {
    const { loanUuid } = sanctioned.emi;
    const { photos } = await loadLoanPhotos(api.store, loanUuid);
    const del = await api.app.inject({
      method: 'DELETE',
      url: `/api/loans/${loanUuid}/photos/${photos[0]!.photoId}`,
      headers: { 'x-auth-token': tokens.admin },
    });
    expect(del.statusCode, del.body).toBe(200);
    const text = pdfText(
      (await get(`/api/loans/${loanUuid}/appraisal-certificate`, tokens.admin)).rawPayload,
    );
    expect(count(text, 'no photo')).toBe(6);
  });
});

describe('who may fetch them', () => {
  const paths = ['key-facts', 'appraisal-certificate'];

  it('the loan’s own customer, staff of its branch and auditors; not another customer nor another branch’s staff', async () => {
    for (const doc of paths) {
      const north = sanctioned.monthly_interest.loanUuid;
      expect((await get(`/api/loans/${north}/${doc}`, tokens.customer)).statusCode, doc).toBe(200);
      expect((await get(`/api/loans/${north}/${doc}`, tokens.auditor)).statusCode, doc).toBe(200);
      expect((await get(`/api/loans/${north}/${doc}`, tokens.north)).statusCode, doc).toBe(200);
      expect((await get(`/api/loans/${theirs}/${doc}`, tokens.other)).statusCode, doc).toBe(200);
      for (const [url, token] of [
        [`/api/loans/${north}/${doc}`, tokens.other],
        [`/api/loans/${theirs}/${doc}`, tokens.customer],
        [`/api/loans/${legacy.loanUuid}/${doc}`, tokens.north],
        [`/api/loans/${randomUUID()}/${doc}`, tokens.admin],
      ] as const) {
        const res = await get(url, token!);
        expect(res.statusCode, `${doc} ${url}`).toBe(404);
        expect(res.json().message).toBe('Loan not found');
      }
      expect((await api.app.inject({ method: 'GET', url: `/api/loans/${north}/${doc}` })).statusCode).toBe(
        401,
      );
    }
  });
});
