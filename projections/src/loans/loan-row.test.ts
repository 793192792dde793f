import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANCH_ID, fineGoldMg } from '@goldledger/contracts';
import { CUSTOMER_STREAM as CUSTOMER, LOAN, ledger } from '../testing/loan-events.js';
import { PAYMENT, PAYMENT2, created, fold, loanEvent, newLoan, recorded } from '../testing/loan-book.js';
import { installmentRowsOf } from './loan-book.derived.js';
import { evolveLoanRow } from './loan-row.evolve.js';

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
      branch_id: DEFAULT_BRANCH_ID,
    });
  });

  it('belongs to the branch LoanCreated names, the default branch when it names none', () => {
    expect(newLoan().branch_id).toBe(DEFAULT_BRANCH_ID);
    const elsewhere = '3f0b8c1e-5d2a-4c7e-9b1f-2a3c4d5e6f70';
    const row = fold([loanEvent('LoanCreated', { ...created, branchId: elsewhere })])!;
    expect(row.branch_id).toBe(elsewhere);
    expect(installmentRowsOf(row).every((i) => i.branch_id === elsewhere)).toBe(true);
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
    // Where the upgrade's schedule starts: after the replaced schedule's highest number (issue 19).
    const replaced = fold([], newLoan())!.installments;
    expect(row.schedule_upgrades).toEqual([
      { level: 1, upgradeDate: '2027-02-21', firstNumber: Math.max(...replaced.map((i) => i.number)) + 1 },
    ]);
  });
});
