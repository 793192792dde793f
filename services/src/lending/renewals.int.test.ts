// Over 400 lines: the renewal, top-up and review cases share one book (the review is read
// over the loans the earlier cases made), and each file pays for a database of its own.
import { randomUUID } from 'node:crypto';
import { addDays, loanStreamId, loanTopUpsStreamId, type LoanEvent } from '@goldledger/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCustomer } from '../customers/customer-commands.js';
import { lendingApiKit } from '../testing/lending-api-kit.js';
import { recordTestPrices } from '../testing/renewal-test-kit.js';
import { BANK_PAYOUT } from '../testing/gold-prices-kit.js';
import { checkNewLoan } from './loan-commands.js';
import { decideLoan } from './loan.decider.js';
import { initialLoanState } from './loan.state.js';

/**
 * Issue 17, point 8, end to end on the API: a renewal and a top-up need the borrower's
 * code (recorded on the new loan), a standard loan, interest paid first on a bullet loan,
 * and fit within LTV of a fresh appraisal at today's valuation price (₹6,500 a gram of
 * 22K: the kit's chain, 28.5 g net, is worth ₹1,85,250). The review report then finds
 * each pattern RBI's 2024 review named. Today is Saturday 21 November 2026.
 */
const { kit, call, eventCount, verifiedCustomer, confirmLoanFor, loanBody } = lendingApiKit('renewals');
const TODAY = '2026-11-21';
const PRICE_PAISE = 6_500_00;
const REQUIRED =
  "The customer must confirm this loan: send the loan code to the customer's mobile and enter it (valid for 10 minutes once entered).";

beforeAll(async () => {
  // Prices first: every renewal and top-up is appraised at the day's valuation price. A few
  // days ahead too, for the review's case that renews two days later.
  await recordTestPrices(kit.api.store, {
    from: addDays(TODAY, -40),
    to: addDays(TODAY, 5),
    pricePaise: PRICE_PAISE,
  });
});

interface Opened {
  _id: string;
  loanId: string;
  customer: { id: string; mobile: string };
}

/** A verified customer's loan, opened by `as` (confirmed by them), optionally dated back. */
async function openLoan(
  extra: Record<string, unknown> = {},
  as: 'admin' | 'employee' = 'employee',
): Promise<Opened> {
  // The employee who registers the customer holds their confirmation of one loan already.
  const id = await verifiedCustomer(as === 'employee' ? [] : ['admin']);
  const { state } = await loadCustomer(kit.api.store, id);
  const res = await call(as, 'POST', `/api/${as}/loans`, loanBody(id, extra));
  expect(res.statusCode, res.body).toBe(201);
  const { _id, loanId } = res.json().data as { _id: string; loanId: string };
  return { _id, loanId, customer: { id, mobile: state!.profile.primaryMobile } };
}

/** Pays everything due today: the loan closes. */
async function close(loan: Opened): Promise<number> {
  const quote = (await call('admin', 'POST', `/api/loans/${loan._id}/calculate-early-repayment`, {})).json();
  const paid = await call('admin', 'POST', `/api/loans/${loan._id}/payment`, { amount: quote.totalDue });
  expect(paid.statusCode, paid.body).toBe(201);
  return quote.totalDue as number;
}

const renewal = { amount: 90_000, interestRate: 24, term: 6 };
const renew = (loan: Opened, body: object = renewal) =>
  call('admin', 'POST', `/api/admin/loans/${loan._id}/renew`, { ...BANK_PAYOUT, ...body });
const topUp = (loan: Opened, body: object, as: 'admin' | 'employee' = 'employee') =>
  call(as, 'POST', `/api/loans/${loan._id}/top-up`, { ...BANK_PAYOUT, ...body });

async function createdEvent(loanUuid: string) {
  const { events } = await kit.api.store.readStream(loanStreamId(loanUuid));
  return (events[0] as unknown as Extract<LoanEvent, { type: 'LoanCreated' }>).data;
}

async function refusedWith(
  res: Promise<{ statusCode: number; body: string; json: () => any }>,
  status: number,
  message: string,
) {
  const before = await eventCount();
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(status);
  expect(answer.json().message).toBe(message);
  expect(await eventCount()).toBe(before);
}

const loans: Record<string, Opened> = {};
/** What closed the loan renewed the same day. */
let closingPaid = 0;

describe('a renewal', () => {
  it('needs the borrower’s code: refused without it, and their request is recorded with it', async () => {
    const loan = await openLoan();
    loans.renewedSameDay = loan;
    closingPaid = await close(loan);
    await refusedWith(renew(loan), 409, REQUIRED);
    await confirmLoanFor(loan.customer, 'admin');
    const verifiedAt = kit.api.clock.now().toISOString();
    const res = await renew(loan);
    expect(res.statusCode, res.body).toBe(201);
    const renewed = res.json().data as { _id: string; loanId: string };
    loans.renewal = { ...loan, _id: renewed._id, loanId: renewed.loanId };
    const created = await createdEvent(renewed._id);
    expect(created.renewalOf).toEqual({ loanStreamId: loanStreamId(loan._id), loanId: loan.loanId });
    expect(created.borrowerRequest).toEqual({ verifiedAt, channel: 'sms' });
    // The fresh appraisal at today's price: 28.5 g of 22K at ₹6,500.
    expect(created.appraisal).toMatchObject({
      valuedOn: TODAY,
      previousDay: '2026-11-20',
      goldValuePaise: 1_85_250_00,
      items: [
        { index: 0, purity: 916, netWeightMg: 28_500, pricePerGramPaise: PRICE_PAISE, bound: 'average30' },
      ],
    });
  });

  it('is refused above the LTV of the fresh value, with the most that can be lent', async () => {
    const loan = await openLoan();
    await close(loan);
    // 85 % of ₹1,85,250 is ₹1,57,462.50.
    await refusedWith(
      renew(loan, { ...renewal, amount: 1_60_000 }),
      422,
      "Loan amount ₹1,60,000 is above the 85% loan-to-value limit: the gold is worth ₹1,85,250 at today's valuation price, so at most ₹1,57,462 can be lent",
    );
  });

  it('of a loan past due more than 90 days is refused, as a top-up of it was while it was open', async () => {
    // Dated 1 June: its first installment fell due on 1 July, 143 days before today.
    const loan = await openLoan(
      { customLoanDate: '2026-06-01', loanDateReason: 'Paper loan entered late' },
      'admin',
    );
    await refusedWith(
      topUp(loan, { amount: 5_000, interestRate: 18, term: 3 }),
      409,
      `Loan ${loan.loanId} is 143 days past due: only a standard loan (at most 90 days past due) can be topped up`,
    );
    await close(loan);
    await refusedWith(
      renew(loan),
      409,
      `Loan ${loan.loanId} was 143 days past due when it closed: only a standard loan (at most 90 days past due) can be renewed`,
    );
    const quote = await call('admin', 'POST', `/api/loans/${loan._id}/renewal-quote`, { kind: 'renewal' });
    expect(quote.json().data).toMatchObject({ eligible: false, daysPastDue: 143, maxDaysPastDue: 90 });
  });
});

/**
 * A bullet loan as the repayment-structures work records one (principal and interest at
 * maturity, one installment): written to its stream here, since this branch's loan form
 * opens EMI loans only. 30 days old, so interest has accrued.
 */
async function bulletLoan(): Promise<Opened> {
  // Registered by the employee: their confirmation of one loan stays unused here (no loan is opened through the API).
  const id = await verifiedCustomer([]);
  const { state } = await loadCustomer(kit.api.store, id);
  const deps = { store: kit.api.store, clock: kit.api.clock };
  const { command } = await checkNewLoan(deps, {
    customerRef: id,
    goldItems: [{ description: 'Bangle', grossWeightMg: 30_000, netWeightMg: 28_500, purityKarat: 22 }],
    principalPaise: 50_000_00,
    annualRateBps: 1800,
    termMonths: 6,
    ...BANK_PAYOUT,
    loanDate: addDays(TODAY, -30),
    createdBy: { id: kit.api.users.employee, name: 'Esha Employee', role: 'employee', email: null },
  });
  const loanUuid = randomUUID();
  const loanId = 'GL261099001';
  const [created] = decideLoan(command(loanId), initialLoanState()) as [
    Extract<LoanEvent, { type: 'LoanCreated' }>,
  ];
  const data = {
    ...created.data,
    repaymentType: 'bullet' as const,
    installments: [{ number: 1, dueDate: '2027-04-22', amountPaise: created.data.totalPaymentPaise }],
    monthlyPaymentPaise: created.data.totalPaymentPaise,
  };
  await kit.api.store.append(
    loanStreamId(loanUuid),
    [{ type: 'LoanCreated', data, occurredAt: kit.api.clock.now() }],
    {
      streamType: 'loan',
      expectedVersion: 'no_stream',
    },
  );
  return { _id: loanUuid, loanId, customer: { id, mobile: state!.profile.primaryMobile } };
}

describe('a top-up', () => {
  it('of a bullet loan is refused until its accrued interest is paid, then made', async () => {
    const loan = await bulletLoan();
    const quote = (
      await call('employee', 'POST', `/api/loans/${loan._id}/renewal-quote`, { kind: 'top_up' })
    ).json().data;
    expect(quote.repaymentType).toBe('bullet');
    expect(quote.accruedInterest).toBeGreaterThan(700);
    const interest = quote.accruedInterest as number;
    const message = `Loan GL261099001 is a bullet loan: its accrued interest of ₹${interest.toLocaleString('en-IN', { minimumFractionDigits: 2 })} must be paid before a top-up`;
    expect(quote.refusals).toEqual([message]);
    await refusedWith(topUp(loan, { amount: 10_000, interestRate: 18, term: 3 }), 409, message);
    const paid = await call('employee', 'POST', `/api/loans/${loan._id}/payment`, {
      amount: interest,
      paymentType: 'interest',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await confirmLoanFor(loan.customer, 'employee');
    const res = await topUp(loan, { amount: 10_000, interestRate: 18, term: 3 });
    expect(res.statusCode, res.body).toBe(201);
    const created = await createdEvent(res.json().data._id);
    expect(created.topUpOf).toEqual({ loanStreamId: loanStreamId(loan._id), loanId: 'GL261099001' });
  });

  it('is a new loan with its own number, linked to its parent, within LTV of parent and top-ups together', async () => {
    const parent = await openLoan();
    loans.parent = parent;
    // ₹1,00,000 owed already; 85 % of ₹1,85,250 leaves ₹57,462.50.
    await refusedWith(
      topUp(parent, { amount: 60_000, interestRate: 18, term: 3 }),
      422,
      "A top-up of ₹60,000 on top of ₹1,00,000 already owed on this gold is above the 85% loan-to-value limit: the gold is worth ₹1,85,250 at today's valuation price, so at most ₹57,462 more can be lent",
    );
    await refusedWith(topUp(parent, { amount: 50_000, interestRate: 18, term: 3 }), 409, REQUIRED);
    await confirmLoanFor(parent.customer, 'employee');
    const res = await topUp(parent, { amount: 50_000, interestRate: 18, term: 3 });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data as { _id: string; loanId: string; amount: number };
    expect(res.json().message).toBe(
      `Top-up loan ${made.loanId} created on the gold of loan ${parent.loanId}.`,
    );
    expect(made.loanId).not.toBe(parent.loanId);
    expect(made.loanId).toMatch(/^GL2611\d{5}$/);
    loans.topUp = { ...parent, _id: made._id, loanId: made.loanId };
    const created = await createdEvent(made._id);
    expect(created).toMatchObject({
      topUpOf: { loanStreamId: loanStreamId(parent._id), loanId: parent.loanId },
      borrowerRequest: { channel: 'sms' },
      appraisal: { valuedOn: TODAY, goldValuePaise: 1_85_250_00 },
      principalPaise: 50_000_00,
    });
    const { events } = await kit.api.store.readStream(loanTopUpsStreamId(parent._id));
    expect(events.map((e) => e.data)).toEqual([
      {
        topUpLoanStreamId: loanStreamId(made._id),
        topUpLoanId: made.loanId,
        principalPaise: 50_000_00,
        sanctionedOn: TODAY,
      },
    ]);
    // Now ₹1,50,000 is owed on the gold: ₹7,462.50 more at most.
    const quote = (
      await call('employee', 'POST', `/api/loans/${parent._id}/renewal-quote`, { kind: 'top_up' })
    ).json().data;
    expect(quote.ltv).toEqual({ capPercent: 85, existing: 150_000, maxAmount: 7_462 });
    await confirmLoanFor(parent.customer, 'employee');
    await refusedWith(
      topUp(parent, { amount: 10_000, interestRate: 18, term: 3 }),
      422,
      "A top-up of ₹10,000 on top of ₹1,50,000 already owed on this gold is above the 85% loan-to-value limit: the gold is worth ₹1,85,250 at today's valuation price, so at most ₹7,462 more can be lent",
    );
    // A top-up is topped up through its parent.
    await refusedWith(
      topUp(loans.topUp, { amount: 1_000, interestRate: 18, term: 3 }),
      409,
      `Loan ${made.loanId} is itself a top-up of ${parent.loanId}: top up ${parent.loanId} instead`,
    );
  });

  it('values gold added with it along with the loan’s own', async () => {
    const parent = await openLoan();
    const ring = { description: 'Ring', grossWeight: 10, netWeight: 9.5, purity: 916, itemType: 'ornament' };
    const quote = (
      await call('employee', 'POST', `/api/loans/${parent._id}/renewal-quote`, {
        kind: 'top_up',
        addedItems: [ring],
      })
    ).json().data;
    // 38 g of 22K at ₹6,500 is ₹2,47,000: 85 % is ₹2,09,950, less the ₹1,00,000 owed.
    expect(quote.appraisal.goldValue).toBe(247_000);
    expect(quote.ltv).toEqual({ capPercent: 85, existing: 100_000, maxAmount: 109_950 });
    await confirmLoanFor(parent.customer, 'employee');
    const res = await topUp(parent, { amount: 1_00_000, interestRate: 18, term: 6, addedItems: [ring] });
    expect(res.statusCode, res.body).toBe(201);
    const created = await createdEvent(res.json().data._id);
    expect(created.goldItems.map((i) => i.description)).toEqual(['Gold chain', 'Ring']);
  });

  it('keeps the parent’s gold pledged: repaid, its gold is not returned while the top-up is open', async () => {
    const parent = loans.parent!;
    await close(parent);
    await refusedWith(
      call('admin', 'POST', `/api/gold-returns/${parent._id}/mark-returned`, {}),
      409,
      `The gold of this loan also secures its open top-up ${loans.topUp!.loanId}: it can be returned only once that loan is closed`,
    );
    await refusedWith(
      renew(parent),
      409,
      `Loan ${parent.loanId} has an open top-up (${loans.topUp!.loanId}) on the same gold: close it before renewing`,
    );
  });
});

describe('the gold loan review', () => {
  it('flags quick closures, renewals against part payment and top-ups without fresh appraisal', async () => {
    // Closed after 7 days (flagged) and after 8 (not).
    const seven = await openLoan({ customLoanDate: addDays(TODAY, -7) });
    const eight = await openLoan({ customLoanDate: addDays(TODAY, -8) });
    await close(seven);
    await close(eight);
    // A top-up written without an appraisal, as an import of an older book would be.
    const legacy = await openLoan();
    const legacyTopUp = randomUUID();
    const { appraisal: _none, ...parentCreated } = await createdEvent(legacy._id);
    await kit.api.store.append(
      loanStreamId(legacyTopUp),
      [
        {
          type: 'LoanCreated',
          data: {
            ...parentCreated,
            loanId: 'GL261099002',
            principalPaise: 10_000_00,
            topUpOf: { loanStreamId: loanStreamId(legacy._id), loanId: legacy.loanId },
          },
          occurredAt: kit.api.clock.now(),
        },
      ],
      { streamType: 'loan', expectedVersion: 'no_stream' },
    );
    // Renewed two days after it closed: paid off from the borrower's own money (not flagged).
    const later = await openLoan();
    await close(later);
    kit.api.clock.advance(2 * 86_400_000);
    await confirmLoanFor(later.customer, 'admin');
    expect((await renew(later)).statusCode).toBe(201);

    const res = await call(
      'admin',
      'GET',
      '/api/admin/reports/gold-loan-review?from=2026-11-01&to=2026-11-30',
    );
    expect(res.statusCode, res.body).toBe(200);
    const review = res.json().data;
    expect(review).toMatchObject({ from: '2026-11-01', to: '2026-11-30', quickClosureDays: 7 });
    const quick = review.quickClosures.map((r: { loanId: string; days: number }) => [r.loanId, r.days]);
    expect(quick).toEqual(
      expect.arrayContaining([
        [loans.renewedSameDay!.loanId, 0],
        [seven.loanId, 7],
      ]),
    );
    expect(quick.map(([id]: [string]) => id)).not.toContain(eight.loanId);
    const sameDay = review.partPaymentRenewals.find(
      (r: { oldLoanId: string }) => r.oldLoanId === loans.renewedSameDay!.loanId,
    );
    expect(sameDay).toMatchObject({
      loanId: loans.renewal!.loanId,
      pattern: 'closed_same_day',
      renewedOn: TODAY,
      newAmount: 90_000,
      paidOnDay: closingPaid,
      borrowerOwn: Math.round((closingPaid - 90_000) * 100) / 100,
    });
    expect(review.partPaymentRenewals.map((r: { oldLoanId: string }) => r.oldLoanId)).not.toContain(
      later.loanId,
    );
    expect(review.topUpsWithoutAppraisal).toEqual([
      expect.objectContaining({
        loanId: 'GL261099002',
        parentLoanId: legacy.loanId,
        appraisedOn: null,
        amount: 10_000,
      }),
    ]);
    expect(review.counts).toEqual({
      quickClosures: review.quickClosures.length,
      partPaymentRenewals: review.partPaymentRenewals.length,
      topUpsWithoutAppraisal: 1,
    });

    const auditor = await kit.api.tokenFor('auditor');
    const asAuditor = await kit.api.app.inject({
      method: 'GET',
      url: '/api/admin/reports/gold-loan-review?from=2026-11-01&to=2026-11-30',
      headers: { 'x-auth-token': auditor },
    });
    expect(asAuditor.statusCode).toBe(200);
    expect((await call('employee', 'GET', '/api/admin/reports/gold-loan-review')).statusCode).toBe(403);
    const backwards = await call(
      'admin',
      'GET',
      '/api/admin/reports/gold-loan-review?from=2026-11-30&to=2026-11-01',
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('From date must not be after the to date');
  });
});
