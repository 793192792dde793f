import { describe, expect, it } from 'vitest';
import type { LoanOrCustomerEvent } from '../runtime/known-events.js';
import { created, customerUpdated, ledger, loanEvents, LOAN } from '../testing/loan-events.js';
import { evolveGoldReturnRow, type GoldReturnRow } from './gold-returns.projector.js';

const fold = (events: LoanOrCustomerEvent[], from?: GoldReturnRow) =>
  events.reduce<GoldReturnRow | undefined>((row, e) => evolveGoldReturnRow(row, e), from);

function repaidLoan() {
  const e = loanEvents();
  const history = [
    e('LoanCreated', created),
    e('PaymentRecorded', {
      paymentId: 'a3bb189e-8bf9-4888-9912-ace4e6543002',
      amountPaise: 101_500_00,
      method: 'handcash',
      paymentType: 'total',
      paymentDate: '2026-11-21',
      transactionId: null,
      bankName: null,
      status: 'success',
      installmentNumber: 1,
      enteredBy: { id: 'u2', name: 'Ravi Employee' },
      allocation: { interestPaise: 1_500_00, principalPaise: 100_000_00 },
      ledger: ledger({ principalOutstandingPaise: 0, interestOutstandingPaise: 0 }),
    }),
    e('LoanClosed', {
      closedOn: '2026-11-21',
      reason: 'repaid',
      totalInterestPaise: 1_500_00,
      excessPaise: 0,
    }),
  ];
  return { e, history };
}

describe('a gold return', () => {
  it('is not owed while the loan is open', () => {
    const e = loanEvents();
    const row = fold([e('LoanCreated', created)]);
    expect(row).toMatchObject({ loan_uuid: LOAN, loan_id: 'GL261100001', status: null, closed_on: null });
    expect(row?.total_net_mg).toBe(30_000);
  });

  it('is pending once a repayment closes the loan, with the customer and items from the loan', () => {
    const { history } = repaidLoan();
    expect(fold(history)).toMatchObject({
      status: 'pending',
      closed_on: '2026-11-21',
      customer_name: 'Lakshmi Customer',
      customer_mobile: '9000000003',
      customer_email: 'lakshmi@example.com',
      gold_items: created.goldItems,
      reminders: [],
      search_text: 'lakshmi customer\n9000000003\nlakshmi@example.com\ngl261100001',
    });
  });

  it('is scheduled, reminded and returned with the days late the event recorded', () => {
    const { e, history } = repaidLoan();
    const row = fold([
      ...history,
      e('GoldReturnScheduled', { scheduledAt: '2026-11-25T10:30:00+05:30', notes: 'Customer will come' }),
      e('GoldReturnReminderSent', {
        reminderType: 'initial',
        sentTo: ['9000000003', 'lakshmi@example.com'],
        sentOn: '2026-11-24',
      }),
      e('GoldReturned', { returnedOn: '2026-12-05', notes: null, daysLate: 2 }),
    ]);
    expect(row).toMatchObject({
      status: 'returned',
      scheduled_at: '2026-11-25T05:00:00.000Z',
      returned_on: '2026-12-05',
      days_late: 2,
      notes: 'Customer will come',
      reminders: [{ type: 'initial', sentTo: ['9000000003', 'lakshmi@example.com'], sentDate: '2026-11-24' }],
    });
  });

  it.each([
    ['reopened', 'LoanReopened', { reason: 'Payment reversed: bounced' }],
    [
      'renewed',
      'LoanRenewed',
      { renewedOn: '2026-11-22', newLoanStreamId: 'loan-x', newLoanId: 'GL261100002' },
    ],
    ['deleted', 'LoanDeleted', { reason: null, hadPayments: true, paymentCount: 1 }],
  ] as const)('leaves the list when the loan is %s', (_, type, data) => {
    const { e, history } = repaidLoan();
    const row = fold([...history, e(type, data as never)]);
    expect(row).toMatchObject({ status: null, closed_on: null, reminders: [] });
  });

  it('is not owed for a loan closed by auction', () => {
    const e = loanEvents();
    const row = fold([
      e('LoanCreated', created),
      e('LoanClosed', {
        closedOn: '2027-06-21',
        reason: 'auctioned',
        totalInterestPaise: 9_000_00,
        excessPaise: 0,
      }),
    ]);
    expect(row?.status).toBeNull();
  });

  it("follows the customer's later edits and ignores replays", () => {
    const { history } = repaidLoan();
    const row = fold([...history, customerUpdated('Lakshmi Raman', '9888877777')]);
    expect(row).toMatchObject({
      customer_name: 'Lakshmi Raman',
      customer_mobile: '9888877777',
      customer_email: null,
    });
    expect(fold([history[0]!], row)).toBe(row);
  });
});

describe('a gold return’s release record (issue 18)', () => {
  it('follows the customer told, compensation accrued and paid, and the unclaimed mark; a reopening starts it again', () => {
    const { e, history } = repaidLoan();
    const row = fold([
      ...history,
      e('CustomerToldGoldReady', {
        toldOn: '2026-11-23',
        channel: 'sms',
        toldBy: { id: 'u1', name: 'Asha' },
        notes: null,
        customerDelayFrom: '2026-11-24',
      }),
      e('GoldReturnScheduled', {
        scheduledAt: '2026-12-02T05:30:00.000Z',
        notes: null,
        scheduledOn: '2026-11-25',
      }),
      e('ReleaseCompensationAccrued', {
        days: ['2026-12-03', '2026-12-04'],
        throughDate: '2026-12-04',
        ratePaisePerDay: 5_000_00,
        amountPaise: 10_000_00,
        accruedTotalPaise: 10_000_00,
        owedPaise: 10_000_00,
      }),
      e('ReleaseCompensationPaid', {
        payoutId: 'a3bb189e-8bf9-4888-9912-ace4e6543099',
        amountPaise: 10_000_00,
        method: 'bank',
        reference: 'UTR7',
        paidOn: '2026-12-05',
        paidBy: { id: 'u1', name: 'Asha' },
        days: 2,
        owedAfterPaise: 0,
      }),
      e('GoldUnclaimed', { unclaimedOn: '2028-11-21', closedOn: '2026-11-21', afterMonths: 24 }),
    ]);
    expect(row?.release).toMatchObject({
      settledThrough: '2026-12-04',
      accruedDays: 2,
      accruedPaise: 10_000_00,
      paidPaise: 10_000_00,
      customerDelays: [{ from: '2026-11-24', until: '2026-12-02' }],
      toldReady: [{ toldOn: '2026-11-23', channel: 'sms' }],
      unclaimedOn: '2028-11-21',
    });
    expect(row?.release.payouts).toHaveLength(1);
    expect(row?.unclaimed_on).toBe('2028-11-21');
    const reopened = fold([e('LoanReopened', { reason: 'payment reversed' })], row);
    expect(reopened).toMatchObject({ status: null, unclaimed_on: null });
    // Money accrued and paid stays; the days and the customer's delay start again.
    expect(reopened?.release).toMatchObject({
      accruedPaise: 10_000_00,
      customerDelays: [],
      settledThrough: null,
    });
  });
});
