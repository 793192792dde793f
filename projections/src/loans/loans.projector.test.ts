import { describe, expect, it } from 'vitest';
import {
  LoanEvents,
  type LoanEventData,
  type LoanEventType,
  type RecordedEvent,
  fineGoldMg,
} from '@goldledger/contracts';
import {
  evolveLoanRow,
  evolvePaymentRow,
  installmentRowsOf,
  totalsDelta,
  type LoanPaymentRow,
  type LoanRow,
} from './loans.projector.js';

const LOAN = '2b1f0c3e-8a0d-4f5e-9c1a-0d2e3f4a5b6c';
const CUSTOMER = 'customer-7c9e6679-7425-40de-944b-e07fc1f90ae7';
const PAYMENT = 'a3bb189e-8bf9-4888-9912-ace4e6543002';
const PAYMENT2 = 'b3bb189e-8bf9-4888-9912-ace4e6543003';

let position = 0;
function loanEvent<K extends LoanEventType>(
  type: K,
  data: LoanEventData<K>,
  over: Partial<RecordedEvent> = {},
): RecordedEvent {
  position += 1;
  return {
    eventId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    streamId: `loan-${LOAN}`,
    streamType: 'loan',
    streamPosition: position,
    position: { transactionId: String(position), globalPosition: String(position) },
    type,
    schemaVersion: 1,
    // Parsed so the fixtures stay valid against the contract.
    data: LoanEvents[type].parse(data) as Record<string, unknown>,
    metadata: { actor: { id: 'u1', role: 'employee', name: 'Ravi' } },
    occurredAt: '2026-11-21T04:30:00.000Z',
    recordedAt: '2026-11-21T04:30:00.100Z',
    ...over,
  };
}

const ledger = (over: Partial<LoanEventData<'PaymentRecorded'>['ledger']> = {}) => ({
  asOf: '2026-12-21',
  principalOutstandingPaise: 100_000_00,
  interestOutstandingPaise: 1_500_00,
  totalPaidPaise: 0,
  interestPaidPaise: 0,
  principalPaidPaise: 0,
  ...over,
});

const created: LoanEventData<'LoanCreated'> = {
  loanId: 'GL261100001',
  customer: {
    customerStreamId: CUSTOMER,
    customerId: 'CUS000042',
    name: 'Meena Iyer',
    email: 'Meena@Example.com',
    aadharNumber: '234523452345',
    primaryMobile: '9876543210',
    secondaryMobile: null,
    emergencyContact: { mobile: '9876500000', relation: 'Brother' },
    presentAddress: '12 MG Road, Pune',
    permanentAddress: '12 MG Road, Pune',
  },
  goldItems: [
    { description: 'Chain', grossWeightMg: 20_000, netWeightMg: 18_000, purityKarat: 22 },
    { description: 'Ring', grossWeightMg: 5_000, netWeightMg: 4_800, purityKarat: 18 },
  ],
  principalPaise: 100_000_00,
  annualRateBps: 1800,
  termMonths: 3,
  disbursementDate: '2026-11-21',
  totalPaymentPaise: 104_500_00,
  monthlyPaymentPaise: 34_833_33,
  installments: [
    { number: 1, dueDate: '2026-12-21', amountPaise: 34_833_33 },
    { number: 2, dueDate: '2027-01-21', amountPaise: 34_833_33 },
    { number: 3, dueDate: '2027-02-21', amountPaise: 34_833_34 },
  ],
  valuation: {
    goldRatePaisePerGram: 7000_00,
    goldValuePaise: 150_000_00,
    eligiblePaise: 127_500_00,
    ltvCapBps: 8500,
  },
  createdBy: { id: 'u1', name: 'Ravi', role: 'employee', email: 'ravi@demo.local' },
  renewalOf: null,
};

const recorded = (
  over: Partial<LoanEventData<'PaymentRecorded'>> = {},
): LoanEventData<'PaymentRecorded'> => ({
  paymentId: PAYMENT,
  amountPaise: 40_000_00,
  method: 'handcash',
  paymentType: 'total',
  paymentDate: '2026-12-20',
  transactionId: null,
  bankName: null,
  status: 'success',
  installmentNumber: 1,
  enteredBy: { id: 'u1', name: 'Ravi' },
  allocation: { interestPaise: 1_500_00, principalPaise: 38_500_00 },
  ledger: ledger({
    principalOutstandingPaise: 61_500_00,
    interestOutstandingPaise: 0,
    totalPaidPaise: 40_000_00,
    interestPaidPaise: 1_500_00,
    principalPaidPaise: 38_500_00,
  }),
  ...over,
});

/** Folds events in order, numbering them after the row's version as the store would. */
const fold = (events: RecordedEvent[], start?: LoanRow) =>
  events.reduce<LoanRow | undefined>(
    (row, e, i) => evolveLoanRow(row, { ...e, streamPosition: (start?.version ?? 0) + i + 1 }),
    start,
  );

const newLoan = () => {
  position = 0;
  return fold([loanEvent('LoanCreated', created)])!;
};

describe('a created loan', () => {
  it('copies the customer, the gold, the terms and the schedule, with nothing paid', () => {
    const row = newLoan();
    expect(row).toMatchObject({
      loan_uuid: LOAN,
      loan_id: 'GL261100001',
      version: 1,
      customer_stream_id: CUSTOMER,
      customer_id: 'CUS000042',
      name: 'Meena Iyer',
      email: 'Meena@Example.com',
      aadhar_number: '234523452345',
      principal_paise: 100_000_00,
      original_rate_bps: 1800,
      current_rate_bps: 1800,
      term_months: 3,
      disbursement_date: '2026-11-21',
      maturity_date: '2027-02-21',
      total_payment_paise: 104_500_00,
      monthly_payment_paise: 34_833_33,
      total_paid_paise: 0,
      principal_outstanding_paise: 100_000_00,
      interest_outstanding_paise: 0,
      status: 'active',
      list_status: 'active',
      upgrade_level: 0,
      next_upgrade_date: null,
      created_by: { id: 'u1', name: 'Ravi', role: 'employee', email: 'ravi@demo.local' },
      created_at: '2026-11-21T04:30:00.000Z',
      payment_count: 0,
      pending_payment_ids: [],
    });
    expect(row.installments.map((i) => [i.number, i.amountPaidPaise, i.status])).toEqual([
      [1, 0, 'unpaid'],
      [2, 0, 'unpaid'],
      [3, 0, 'unpaid'],
    ]);
  });

  it('weighs fine gold as net weight × karat / 24 (18 g at 22K + 4.8 g at 18K = 20.1 g)', () => {
    expect(newLoan().fine_gold_mg).toBe(20_100);
    expect(fineGoldMg([{ description: 'x', grossWeightMg: 10, netWeightMg: 10, purityKarat: 22 }])).toBe(9);
  });

  it('is found by name, email, mobile, loan id and customer id in lower case, but not by Aadhar', () => {
    const text = newLoan().search_text;
    for (const s of ['meena iyer', 'meena@example.com', '9876543210', 'gl261100001', 'cus000042'])
      expect(text).toContain(s);
    expect(text).not.toContain('234523452345');
  });

  it('lays out one installment row per installment, pending while the loan is active', () => {
    expect(installmentRowsOf(newLoan())[2]).toEqual({
      loan_uuid: LOAN,
      number: 3,
      due_date: '2027-02-21',
      amount_paise: 34_833_34,
      amount_paid_paise: 0,
      status: 'unpaid',
      loan_active: true,
    });
  });

  it('ignores a replay of its own creation', () => {
    const row = newLoan();
    const replay = { ...loanEvent('LoanCreated', created), streamPosition: 1 };
    expect(evolveLoanRow(row, replay)).toBe(row);
  });
});

describe('a payment', () => {
  it('taken in cash copies the ledger and fills the installments in order', () => {
    const row = fold([loanEvent('PaymentRecorded', recorded())], newLoan())!;
    expect(row).toMatchObject({
      total_paid_paise: 40_000_00,
      principal_outstanding_paise: 61_500_00,
      interest_outstanding_paise: 0,
      ledger_as_of: '2026-12-21',
      payment_count: 1,
      pending_payment_ids: [],
      version: 2,
    });
    expect(row.installments.map((i) => [i.amountPaidPaise, i.status])).toEqual([
      [34_833_33, 'paid'],
      [5_166_67, 'unpaid'],
      [0, 'unpaid'],
    ]);
  });

  it('taken online waits for approval, then counts', () => {
    const pending = fold(
      [
        loanEvent(
          'PaymentRecorded',
          recorded({
            method: 'online',
            status: 'pending',
            allocation: null,
            transactionId: 'UTR1',
            ledger: ledger(),
          }),
        ),
      ],
      newLoan(),
    )!;
    expect(pending).toMatchObject({ payment_count: 1, pending_payment_ids: [PAYMENT], total_paid_paise: 0 });
    const approved = fold(
      [
        loanEvent('PaymentApproved', {
          paymentId: PAYMENT,
          approvedBy: { id: 'a1', name: 'Asha' },
          allocation: { interestPaise: 1_500_00, principalPaise: 38_500_00 },
          ledger: recorded().ledger,
        }),
      ],
      pending,
    )!;
    expect(approved).toMatchObject({
      payment_count: 1,
      pending_payment_ids: [],
      total_paid_paise: 40_000_00,
    });
    expect(approved.installments[0]?.status).toBe('paid');
  });

  it('reversed no longer counts and gives the balance back', () => {
    const row = fold(
      [
        loanEvent('PaymentRecorded', recorded()),
        loanEvent('PaymentRecorded', recorded({ paymentId: PAYMENT2, status: 'pending', allocation: null })),
        loanEvent('PaymentReversed', {
          paymentId: PAYMENT,
          reason: 'Counterfeit note',
          reversedBy: { id: 'a1', name: 'Asha' },
          ledger: ledger(),
        }),
        loanEvent('PaymentReversed', {
          paymentId: PAYMENT2,
          reason: 'Transfer never arrived',
          reversedBy: { id: 'a1', name: 'Asha' },
          ledger: ledger(),
        }),
      ],
      newLoan(),
    )!;
    expect(row).toMatchObject({
      payment_count: 0,
      pending_payment_ids: [],
      total_paid_paise: 0,
      principal_outstanding_paise: 100_000_00,
    });
    expect(row.installments.every((i) => i.status === 'unpaid')).toBe(true);
  });
});

describe("a payment's own row", () => {
  const rec = () =>
    loanEvent('PaymentRecorded', recorded({ method: 'online', status: 'pending', allocation: null }));

  it('is made when the payment is recorded, pending without an allocation', () => {
    expect(evolvePaymentRow(undefined, rec())).toMatchObject({
      payment_id: PAYMENT,
      loan_uuid: LOAN,
      amount_paise: 40_000_00,
      method: 'online',
      payment_type: 'total',
      payment_date: '2026-12-20',
      status: 'pending',
      installment_number: 1,
      entered_by: { id: 'u1', name: 'Ravi' },
      interest_paise: null,
      principal_paise: null,
    });
  });

  it('turns success with its allocation when approved, and reversed with the reason', () => {
    const approved = evolvePaymentRow(
      evolvePaymentRow(undefined, rec()),
      loanEvent('PaymentApproved', {
        paymentId: PAYMENT,
        approvedBy: { id: 'a1', name: 'Asha' },
        allocation: { interestPaise: 100, principalPaise: 200 },
        ledger: ledger(),
      }),
    ) as LoanPaymentRow;
    expect(approved).toMatchObject({
      status: 'success',
      interest_paise: 100,
      principal_paise: 200,
      approved_by: { id: 'a1', name: 'Asha' },
      approved_at: '2026-11-21T04:30:00.000Z',
    });
    const reversed = evolvePaymentRow(
      approved,
      loanEvent('PaymentReversed', {
        paymentId: PAYMENT,
        reason: 'Bounced',
        reversedBy: { id: 'a1', name: 'Asha' },
        ledger: ledger(),
      }),
    );
    expect(reversed).toMatchObject({ status: 'reversed', reversal_reason: 'Bounced', interest_paise: 100 });
  });

  it('is not made by other events', () => {
    expect(evolvePaymentRow(undefined, loanEvent('LoanCreated', created))).toBeUndefined();
  });
});

describe('edited loan details', () => {
  it('change only the fields sent, and clear those sent as null', () => {
    const withBank = fold(
      [
        loanEvent('LoanDetailsEdited', {
          depositedBank: 'SBI',
          renewalDate: '2027-05-21',
          bankMobileNumber: '9000000009',
          bankLoanAmountPaise: 80_000_00,
        }),
      ],
      newLoan(),
    )!;
    const edited = fold(
      [
        loanEvent('LoanDetailsEdited', {
          goldItems: [{ description: 'Bangle', grossWeightMg: 30_000, netWeightMg: 24_000, purityKarat: 24 }],
          bankMobileNumber: null,
        }),
      ],
      withBank,
    )!;
    expect(edited).toMatchObject({
      deposited_bank: 'SBI',
      renewal_date: '2027-05-21',
      bank_mobile_number: null,
      bank_loan_amount_paise: 80_000_00,
      fine_gold_mg: 24_000,
      gold_items: [{ description: 'Bangle', grossWeightMg: 30_000, netWeightMg: 24_000, purityKarat: 24 }],
    });
  });
});

describe('a rate upgrade', () => {
  it('moves the level, rate, totals and schedule, keeping what was paid', () => {
    const row = fold(
      [
        loanEvent('PaymentRecorded', recorded()),
        loanEvent('RateUpgraded', {
          level: 1,
          upgradeDate: '2027-02-21',
          previousRateBps: 1800,
          newRateBps: 2400,
          previousTotalPaymentPaise: 104_500_00,
          newTotalPaymentPaise: 106_000_00,
          previousMonthlyPaymentPaise: 34_833_33,
          newMonthlyPaymentPaise: 22_000_00,
          installments: [
            { number: 1, dueDate: '2026-12-21', amountPaise: 34_833_33 },
            { number: 2, dueDate: '2027-03-21', amountPaise: 22_000_00 },
            { number: 3, dueDate: '2027-04-21', amountPaise: 22_000_00 },
            { number: 4, dueDate: '2027-05-21', amountPaise: 27_166_67 },
          ],
          nextUpgradeDate: '2027-05-21',
          upgradedBy: { type: 'scheduler', id: null, name: 'Rate upgrade job' },
          ledger: ledger({ totalPaidPaise: 40_000_00, interestOutstandingPaise: 3_000_00 }),
        }),
      ],
      newLoan(),
    )!;
    expect(row).toMatchObject({
      upgrade_level: 1,
      last_upgrade_date: '2027-02-21',
      next_upgrade_date: '2027-05-21',
      original_rate_bps: 1800,
      current_rate_bps: 2400,
      total_payment_paise: 106_000_00,
      monthly_payment_paise: 22_000_00,
      interest_outstanding_paise: 3_000_00,
    });
    expect(row.installments.map((i) => [i.number, i.dueDate, i.amountPaidPaise, i.status])).toEqual([
      [1, '2026-12-21', 34_833_33, 'paid'],
      [2, '2027-03-21', 5_166_67, 'unpaid'],
      [3, '2027-04-21', 0, 'unpaid'],
      [4, '2027-05-21', 0, 'unpaid'],
    ]);
  });
});

describe('closing, reopening, renewing and deleting', () => {
  const closed = () =>
    fold(
      [
        loanEvent(
          'PaymentRecorded',
          recorded({ amountPaise: 101_000_00, ledger: ledger({ totalPaidPaise: 101_000_00 }) }),
        ),
        loanEvent('LoanClosed', {
          closedOn: '2026-12-20',
          reason: 'repaid',
          totalInterestPaise: 1_000_00,
          excessPaise: 0,
        }),
      ],
      newLoan(),
    )!;

  it('a closed loan owes nothing, has every installment settled and leaves the active tab', () => {
    const row = closed();
    expect(row).toMatchObject({
      status: 'closed',
      list_status: 'closed',
      closed_on: '2026-12-20',
      close_reason: 'repaid',
      principal_outstanding_paise: 0,
      interest_outstanding_paise: 0,
    });
    expect(row.installments.every((i) => i.status === 'paid')).toBe(true);
    expect(installmentRowsOf(row).every((i) => !i.loan_active)).toBe(true);
  });

  it('a reopened loan is active again with the schedule filled from what is paid', () => {
    const row = fold(
      [
        loanEvent('PaymentReversed', {
          paymentId: PAYMENT,
          reason: 'Cheque bounced',
          reversedBy: { id: 'a1', name: 'Asha' },
          ledger: ledger(),
        }),
        loanEvent('LoanReopened', { reason: 'Closing payment reversed' }),
      ],
      closed(),
    )!;
    expect(row).toMatchObject({
      status: 'active',
      list_status: 'active',
      closed_on: null,
      total_paid_paise: 0,
    });
    expect(row.installments.every((i) => i.status === 'unpaid')).toBe(true);
  });

  it('a renewed loan is listed with the closed ones and points at its successor', () => {
    const row = fold(
      [
        loanEvent('LoanRenewed', {
          renewedOn: '2026-12-21',
          newLoanStreamId: 'loan-x',
          newLoanId: 'GL261200001',
        }),
      ],
      closed(),
    )!;
    expect(row).toMatchObject({
      status: 'renewed',
      list_status: 'closed',
      closed_on: '2026-12-20',
      renewed_to: { loanStreamId: 'loan-x', loanId: 'GL261200001', renewedOn: '2026-12-21' },
    });
  });

  it('a deleted loan stays as a row but is hidden from every list', () => {
    const row = fold(
      [loanEvent('LoanDeleted', { reason: 'Entered twice', hadPayments: false, paymentCount: 0 })],
      newLoan(),
    )!;
    expect(row).toMatchObject({
      status: 'deleted',
      list_status: 'hidden',
      deleted_at: '2026-11-21T04:30:00.000Z',
    });
    expect(installmentRowsOf(row).every((i) => !i.loan_active)).toBe(true);
  });

  it('events of a loan never created make no row', () => {
    expect(evolveLoanRow(undefined, loanEvent('LoanReopened', { reason: 'x' }))).toBeUndefined();
  });

  it('refuses an event that breaks its contract (the runner parks it)', () => {
    const bad = { ...loanEvent('LoanReopened', { reason: 'x' }), type: 'LoanClosed', streamPosition: 99 };
    expect(() => evolveLoanRow(newLoan(), bad)).toThrow();
  });
});

describe("a customer's edit", () => {
  const updated = (over: object = {}): RecordedEvent => ({
    eventId: '00000000-0000-4000-8000-0000000000ff',
    streamId: CUSTOMER,
    streamType: 'customer',
    streamPosition: 3,
    position: { transactionId: '9', globalPosition: '99' },
    type: 'CustomerUpdated',
    schemaVersion: 1,
    data: {
      aadharNumber: '234523452399',
      name: 'Meena R. Iyer',
      email: null,
      primaryMobile: '9123456780',
      secondaryMobile: '9000011111',
      emergencyContact: { mobile: '9000022222', relation: 'Sister' },
      presentAddress: '4 FC Road, Pune',
      permanentAddress: '12 MG Road, Pune',
      ...over,
    },
    metadata: {},
    occurredAt: '2026-11-22T04:30:00.000Z',
    recordedAt: '2026-11-22T04:30:00.000Z',
  });

  it('is mirrored into the loan row and its search text', () => {
    const row = evolveLoanRow(newLoan(), updated())!;
    expect(row).toMatchObject({
      name: 'Meena R. Iyer',
      email: null,
      aadhar_number: '234523452399',
      primary_mobile: '9123456780',
      secondary_mobile: '9000011111',
      emergency_contact: { mobile: '9000022222', relation: 'Sister' },
      present_address: '4 FC Road, Pune',
      version: 1,
    });
    expect(row.search_text).toContain('meena r. iyer');
    expect(row.search_text).toContain('9000011111');
    expect(row.search_text).not.toContain('meena@example.com');
  });

  it('other customer events leave the loan as it was', () => {
    const row = newLoan();
    expect(evolveLoanRow(row, { ...updated(), type: 'CustomerVerified', data: { channel: 'sms' } })).toBe(
      row,
    );
  });
});

describe('the book totals', () => {
  it('count a new loan under its tab, and move it when it closes or is deleted', () => {
    const open = newLoan();
    expect(totalsDelta(undefined, open)).toEqual([
      { list_status: 'active', loans: 1, principal_paise: 100_000_00 },
    ]);
    const closedRow = { ...open, status: 'closed' as const, list_status: 'closed' as const };
    expect(totalsDelta(open, closedRow)).toEqual([
      { list_status: 'closed', loans: 1, principal_paise: 100_000_00 },
      { list_status: 'active', loans: -1, principal_paise: -100_000_00 },
    ]);
    expect(totalsDelta(open, { ...open, total_paid_paise: 5 })).toEqual([]);
  });
});
