import { describe, expect, it } from 'vitest';
import { LoanEvents, type LoanEvent } from '@goldledger/contracts';
import { fold } from '../platform/decider.js';
import { deciderSpec } from '../testing/decider-spec.js';
import { decideLoan, loanDecider, type LoanCommand } from './loan.decider.js';
import { evolveLoan, initialLoanState } from './loan.state.js';

const spec = deciderSpec(loanDecider);
const admin = { id: 'admin-1', name: 'Asha' };
const createCommand: Extract<LoanCommand, { type: 'CreateLoan' }> = {
  type: 'CreateLoan',
  loanId: 'GL260100001',
  customer: {
    customerStreamId: 'customer-1',
    customerId: 'CUS000001',
    name: 'Lakshmi Devi',
    email: null,
    aadharNumber: '500000000003',
    primaryMobile: '9000000003',
    secondaryMobile: null,
    emergencyContact: { mobile: '9000000099', relation: 'Son' },
    presentAddress: 'Chennai',
    permanentAddress: 'Chennai',
  },
  customerVerified: true,
  goldItems: [{ description: 'Chain', grossWeightMg: 25_000, netWeightMg: 24_000, purityKarat: 22 }],
  principalPaise: 100_000_00,
  annualRateBps: 1800,
  termMonths: 6,
  disbursementDate: '2026-01-31',
  goldRatePaisePerGram: 7_000_00,
  createdBy: { id: 'admin-1', name: 'Asha', role: 'admin', email: 'admin@demo.local' },
  renewalOf: null,
  today: '2026-01-31',
};
const created = decideLoan(createCommand, initialLoanState());
const pay = (
  amountRupees: number,
  date: string,
  extra: Partial<Extract<LoanCommand, { type: 'RecordPayment' }>> = {},
) =>
  ({
    type: 'RecordPayment',
    paymentId: crypto.randomUUID(),
    amountPaise: amountRupees * 100,
    method: 'handcash',
    paymentType: 'total',
    paymentDate: date,
    transactionId: null,
    bankName: null,
    enteredBy: admin,
    today: date,
    ...extra,
  }) as const;
const after = (events: LoanEvent[], command: LoanCommand) => {
  const state = fold(evolveLoan, initialLoanState(), events);
  return [...events, ...decideLoan(command, state)];
};

describe('a new loan', () => {
  it('is created with a schedule on the loan day, clamped at month ends, and valid events', () => {
    const [e] = created;
    expect(e!.type).toBe('LoanCreated');
    const data = LoanEvents.LoanCreated.parse(e!.data);
    expect(data.installments.map((i) => i.dueDate)).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
    ]);
    expect(data.installments.reduce((s, i) => s + i.amountPaise, 0)).toBe(data.totalPaymentPaise);
    expect(data.valuation.goldValuePaise).toBe(1_54_000_00); // 24 g × 22/24 × ₹7,000
  });

  it.each([
    [{ customerVerified: false }, 'Customer must be verified before adding a loan.'],
    [{ principalPaise: 99_00 }, 'Loan amount must be at least 100'],
    [{ termMonths: 0 }, 'Loan duration must be at least 1 month'],
    [{ annualRateBps: -100 }, 'Interest rate cannot be negative'],
    [{ goldItems: [] }, 'Please add at least one gold item with complete details'],
    [
      { goldItems: [{ description: ' ', grossWeightMg: 1000, netWeightMg: 900, purityKarat: 22 }] },
      'Please add at least one gold item with complete details',
    ],
    [{ disbursementDate: '2026-02-01' }, 'Loan date cannot be in the future'],
    [{ principalPaise: 1_40_000_00 }, /above the 85% loan-to-value limit/],
  ])('refuses %o with "%s"', (change, message) => {
    spec
      .given([])
      .when({ ...createCommand, ...change })
      .thenThrows(message);
  });
});

describe('an active loan', () => {
  it('takes a part payment interest first and moves to the next installment', () => {
    const events = after(created, pay(20_000, '2026-03-02'));
    const recorded = events.at(-1)!;
    expect(recorded.type).toBe('PaymentRecorded');
    const d = LoanEvents.PaymentRecorded.parse(recorded.data);
    expect(d.status).toBe('success');
    expect(d.installmentNumber).toBe(1);
    expect(d.allocation!.interestPaise + d.allocation!.principalPaise).toBe(20_000_00);
    expect(d.ledger.principalOutstandingPaise).toBe(100_000_00 - d.allocation!.principalPaise);
  });

  it('closes when a payment reaches the total due, in the same decision', () => {
    const state = fold(evolveLoan, initialLoanState(), created);
    const { totalDuePaise } = (() => {
      const { quoteLoan } = require_quote();
      return quoteLoan(state, '2026-04-15');
    })();
    const events = decideLoan(pay(totalDuePaise / 100, '2026-04-15'), state);
    expect(events.map((e) => e.type)).toEqual(['PaymentRecorded', 'LoanClosed']);
    spec
      .given([...created, ...events])
      .when(pay(100, '2026-04-16'))
      .thenThrows('Loan is already closed');
  });

  it.each([
    [pay(50, '2026-03-02'), /Amount must be at least ₹/],
    [pay(200_000, '2026-03-02'), /Amount cannot be more than the total due/],
    [
      pay(1_000, '2026-03-02', { method: 'online', bankName: 'SBI' }),
      'Transaction ID is required for online payments',
    ],
    [
      pay(1_000, '2026-03-02', { method: 'online', transactionId: 'T1' }),
      'Bank Name is required for online payments',
    ],
    [pay(1_000, '2026-01-30'), 'Repayment date cannot be before the loan date'],
    [pay(1_000, '2026-03-02', { today: '2026-03-01' }), 'Repayment date cannot be in the future'],
  ])('refuses a bad repayment %#', (command, message) => {
    spec.given(created).when(command).thenThrows(message);
  });

  it('holds an online payment as pending until an admin approves it', () => {
    const p = pay(5_000, '2026-03-02', { method: 'online', transactionId: 'UTR1', bankName: 'SBI' });
    const events = after(created, p);
    const d = LoanEvents.PaymentRecorded.parse(events.at(-1)!.data);
    expect(d.status).toBe('pending');
    expect(d.ledger.totalPaidPaise).toBe(0);
    const approved = after(events, {
      type: 'ApprovePayment',
      paymentId: p.paymentId,
      approvedBy: admin,
      today: '2026-03-03',
    });
    const a = LoanEvents.PaymentApproved.parse(approved.at(-1)!.data);
    expect(a.ledger.totalPaidPaise).toBe(5_000_00);
  });

  it('reverses a payment with a reason and reopens a loan it had closed', () => {
    const state = fold(evolveLoan, initialLoanState(), created);
    const { quoteLoan } = require_quote();
    const p = pay(quoteLoan(state, '2026-02-10').totalDuePaise / 100, '2026-02-10');
    const closed = after(created, p);
    const reversed = after(closed, {
      type: 'ReversePayment',
      paymentId: p.paymentId,
      reason: 'Cheque bounced',
      reversedBy: admin,
      today: '2026-02-11',
    });
    expect(reversed.slice(-2).map((e) => e.type)).toEqual(['PaymentReversed', 'LoanReopened']);
    const d = LoanEvents.PaymentReversed.parse(reversed.at(-2)!.data);
    expect(d.ledger.principalOutstandingPaise).toBe(100_000_00);
  });

  it('lets only an admin change the bank fields', () => {
    spec
      .given(created)
      .when({ type: 'EditLoan', depositedBank: 'SBI', byAdmin: false })
      .thenThrows('Only an admin can change the bank details of a loan');
    spec
      .given(created)
      .when({ type: 'EditLoan', depositedBank: 'SBI', byAdmin: true })
      .then([{ type: 'LoanDetailsEdited', data: { depositedBank: 'SBI' } }]);
    spec
      .given(created)
      .when({
        type: 'EditLoan',
        goldItems: [{ description: 'Ring', grossWeightMg: 0, netWeightMg: 0, purityKarat: 22 }],
        byAdmin: false,
      })
      .thenThrows('All gold items must have a description and valid weights');
  });
});

describe('rate upgrades', () => {
  const scheduler = { type: 'scheduler' as const, id: null, name: 'Scheduler' };
  it('wait for maturity, then climb the ladder every 3 months to 36 %', () => {
    spec.given(created).when({ type: 'UpgradeRate', today: '2026-07-30', upgradedBy: scheduler }).then([]);
    // Maturity is 31 July: the customer has that whole day to pay.
    spec.given(created).when({ type: 'UpgradeRate', today: '2026-07-31', upgradedBy: scheduler }).then([]);
    let events = after(created, { type: 'UpgradeRate', today: '2026-08-15', upgradedBy: scheduler });
    const first = LoanEvents.RateUpgraded.parse(events.at(-1)!.data);
    expect(first).toMatchObject({
      level: 1,
      upgradeDate: '2026-07-31',
      previousRateBps: 1800,
      newRateBps: 2400,
    });
    expect(first.nextUpgradeDate).toBe('2026-10-31');
    expect(first.installments.map((i) => i.dueDate)).toEqual(['2026-08-31', '2026-09-30', '2026-10-31']);
    expect(first.newTotalPaymentPaise).toBeGreaterThan(first.previousTotalPaymentPaise);
    // 31 Jan 2027 is a Sunday: the rate rises only after Monday 1 Feb.
    spec
      .given(after(events, { type: 'UpgradeRate', today: '2026-11-01', upgradedBy: scheduler }))
      .when({ type: 'UpgradeRate', today: '2027-02-01', upgradedBy: scheduler })
      .then([]);
    for (const date of ['2026-11-01', '2027-02-02']) {
      events = after(events, { type: 'UpgradeRate', today: date, upgradedBy: scheduler });
    }
    const last = LoanEvents.RateUpgraded.parse(events.at(-1)!.data);
    expect(last).toMatchObject({ level: 3, newRateBps: 3600, nextUpgradeDate: null });
    spec.given(events).when({ type: 'UpgradeRate', today: '2027-06-01', upgradedBy: scheduler }).then([]);
    spec
      .given(events)
      .when({
        type: 'UpgradeRate',
        today: '2027-06-01',
        upgradedBy: { type: 'admin', id: 'a', name: 'Asha' },
      })
      .thenThrows('This loan has reached the final upgrade level (36%).');
  });
});

describe('renewal and deletion', () => {
  it('renews only a closed loan, and deletes keeping the payment count', () => {
    spec
      .given(created)
      .when({
        type: 'MarkRenewed',
        renewedOn: '2026-03-01',
        newLoanStreamId: 'loan-x',
        newLoanId: 'GL260300001',
      })
      .thenThrows('Only closed loans can be renewed');
    const events = after(created, pay(2_000, '2026-03-02'));
    spec
      .given(events)
      .when({ type: 'DeleteLoan', reason: 'Entered twice' })
      .then([{ type: 'LoanDeleted', data: { reason: 'Entered twice', hadPayments: true, paymentCount: 1 } }]);
  });
});

// Keeps the imports of the quote helper next to where the tests use it.
import { quoteLoan as quote } from './loan.decider.js';
function require_quote() {
  return { quoteLoan: quote };
}

describe('the scheduler’s look at due dates', () => {
  it('records each installment falling due once, and overdue once after the grace', () => {
    // The first installment is due 2026-02-28 (a Saturday): overdue from 1 March.
    spec.given(created).when({ type: 'RecordDueDates', today: '2026-02-27' }).then([]);
    const due = after(created, { type: 'RecordDueDates', today: '2026-02-28' });
    expect(due.slice(1).map((e) => e.type)).toEqual(['InstallmentFellDue']);
    spec.given(due).when({ type: 'RecordDueDates', today: '2026-02-28' }).then([]);
    const overdue = after(due, { type: 'RecordDueDates', today: '2026-03-01' });
    expect(overdue.at(-1)).toMatchObject({
      type: 'InstallmentOverdue',
      data: { installmentNumber: 1, dueDate: '2026-02-28', overdueOn: '2026-03-01' },
    });
    spec.given(overdue).when({ type: 'RecordDueDates', today: '2026-03-02' }).then([]);
  });

  it('gives a due date on a Sunday until the next working day', () => {
    // 2026-05-31 is a Sunday: the 4th installment may be paid on Monday 1 June.
    let all = after(created, { type: 'RecordDueDates', today: '2026-05-31' });
    all = after(all, { type: 'RecordDueDates', today: '2026-06-01' });
    const overdue = all.filter((e) => e.type === 'InstallmentOverdue').map((e) => e.data);
    expect(overdue.find((d) => 'dueDate' in d && d.dueDate === '2026-05-31')).toBeUndefined();
    all = after(all, { type: 'RecordDueDates', today: '2026-06-02' });
    expect(all.at(-1)).toMatchObject({
      type: 'InstallmentOverdue',
      data: { dueDate: '2026-05-31', overdueOn: '2026-06-02' },
    });
  });

  it('skips paid installments', () => {
    const state = fold(evolveLoan, initialLoanState(), created);
    const firstTwo = state.installments[0]!.amountPaise + state.installments[1]!.amountPaise;
    const events = after(created, pay(firstTwo / 100, '2026-02-15'));
    const seen = after(events, { type: 'RecordDueDates', today: '2026-04-01' });
    expect(seen.filter((e) => e.type === 'InstallmentFellDue')).toHaveLength(0);
  });
});

describe('an auction', () => {
  const scheduler = { type: 'scheduler' as const, id: null, name: 'Scheduler' };
  // 18 %, 6 months from 31 Jan 2026: ready on 31 Jan 2026 + 6 + 1 + 3 × 3 months = 2027-05-31.
  it('becomes ready on the final auction date, not before', () => {
    spec
      .given(created)
      .when({ type: 'MarkReadyForAuction', today: '2027-05-30', by: 'scheduler', notes: null })
      .then([]);
    const ready = after(created, {
      type: 'MarkReadyForAuction',
      today: '2027-05-31',
      by: 'scheduler',
      notes: null,
    });
    expect(ready.at(-1)).toMatchObject({
      type: 'MarkedReadyForAuction',
      data: { readyOn: '2027-05-31', by: 'scheduler' },
    });
    spec
      .given(ready)
      .when({ type: 'MarkReadyForAuction', today: '2027-06-01', by: 'scheduler', notes: null })
      .then([]);
  });

  it('lets an admin list only a loan in default', () => {
    spec
      .given(created)
      .when({ type: 'MarkReadyForAuction', today: '2026-03-01', by: 'admin', notes: null })
      .thenThrows('Only a loan past maturity or with an overdue installment can be put up for auction');
    spec
      .given(created)
      .when({ type: 'MarkReadyForAuction', today: '2026-08-01', by: 'admin', notes: 'Customer unreachable' })
      .then([
        {
          type: 'MarkedReadyForAuction',
          data: {
            readyOn: '2026-08-01',
            by: 'admin',
            notes: 'Customer unreachable',
            outstandingPaise: fold(evolveLoan, initialLoanState(), created) && expect.any(Number),
          },
        },
      ]);
  });

  it('needs a date and a reserve of at least 90 % of the gold value, then sells and closes', () => {
    const ready = after(created, {
      type: 'MarkReadyForAuction',
      today: '2026-08-01',
      by: 'admin',
      notes: null,
    });
    const schedule = {
      type: 'ScheduleAuction' as const,
      today: '2026-08-02',
      goldRatePaisePerGram: 7_000_00,
      notes: null,
    };
    spec
      .given(ready)
      .when({ ...schedule, auctionDate: null, reservePricePaise: null })
      .thenThrows('Auction date is required');
    // 22 g fine at ₹7,000 = ₹1,54,000; 90 % is ₹1,38,600.
    spec
      .given(ready)
      .when({ ...schedule, auctionDate: '2026-08-20', reservePricePaise: 1_38_599_00 })
      .thenThrows(/Reserve price must be at least ₹1,38,600/);
    const scheduled = after(ready, { ...schedule, auctionDate: '2026-08-20', reservePricePaise: null });
    expect(scheduled.at(-1)).toMatchObject({
      type: 'AuctionScheduled',
      data: { reservePricePaise: 1_38_600_00 },
    });
    const sale = {
      type: 'MarkAuctioned' as const,
      today: '2026-08-20',
      auctionDate: null,
      goldRatePaisePerGram: 7_000_00,
      notes: null,
    };
    spec
      .given(scheduled)
      .when({ ...sale, salePaise: 1_00_000_00 })
      .thenThrows(/below the reserve price/);
    spec
      .given(scheduled)
      .when({ ...sale, salePaise: 1_50_000_00, auctionDate: '2026-07-31' })
      .thenThrows('Auction date cannot be before the loan was listed for auction (2026-08-01)');
    // Sold straight from the list: 90 % of today's gold value is the floor.
    spec
      .given(ready)
      .when({ ...sale, salePaise: 1_38_599_00 })
      .thenThrows(/below the reserve price of ₹1,38,600/);
    const sold = after(scheduled, { ...sale, salePaise: 1_50_000_00 });
    expect(sold.slice(-2).map((e) => e.type)).toEqual(['Auctioned', 'LoanClosed']);
    const auctioned = LoanEvents.Auctioned.parse(sold.at(-2)!.data);
    expect(auctioned.surplusPaise).toBe(1_50_000_00 - auctioned.outstandingPaise);
    expect(auctioned.shortfallPaise).toBe(0);
    expect(sold.at(-1)).toMatchObject({ data: { reason: 'auctioned', closedOn: '2026-08-20' } });
  });

  it('is cancelled by an admin or by a repayment', () => {
    const ready = after(created, {
      type: 'MarkReadyForAuction',
      today: '2026-08-01',
      by: 'admin',
      notes: null,
    });
    spec
      .given(ready)
      .when({ type: 'CancelAuction', notes: 'Customer came in' })
      .then([{ type: 'AuctionCancelled', data: { reason: 'admin', notes: 'Customer came in' } }]);
    const paid = after(ready, pay(20_000, '2026-08-02'));
    expect(paid.slice(-2).map((e) => e.type)).toEqual(['AuctionCancelled', 'PaymentRecorded']);
    spec
      .given(paid)
      .when({ type: 'CancelAuction', notes: null })
      .thenThrows('This loan is not on the auction list');
    // Only a person puts it back on the list; the scheduler leaves it alone.
    spec
      .given(paid)
      .when({ type: 'MarkReadyForAuction', today: '2027-06-01', by: 'scheduler', notes: null })
      .then([]);
    // A pending transfer does not take it off the list; its approval does.
    const online = pay(20_000, '2026-08-02', { method: 'online', transactionId: 'UTR9', bankName: 'SBI' });
    const pending = after(ready, online);
    expect(pending.at(-1)!.type).toBe('PaymentRecorded');
    const approved = after(pending, {
      type: 'ApprovePayment',
      paymentId: online.paymentId,
      approvedBy: admin,
      today: '2026-08-03',
    });
    expect(approved.slice(-2).map((e) => e.type)).toEqual(['AuctionCancelled', 'PaymentApproved']);
    void scheduler;
  });
});

describe('a repaid loan’s gold', () => {
  const closedOn = (date: string) => {
    const state = fold(evolveLoan, initialLoanState(), created);
    const due = quote(state, date).totalDuePaise;
    return after(created, pay(due / 100, date));
  };

  it('is pending return once the loan closes, and not before', () => {
    spec
      .given(created)
      .when({ type: 'MarkGoldReturned', notes: null, today: '2026-02-01' })
      .thenThrows('Gold is returned only for a repaid, closed loan');
    const closed = closedOn('2026-03-02'); // a Monday
    const state = fold(evolveLoan, initialLoanState(), closed);
    expect(state.goldReturn.status).toBe('pending');
  });

  it('is booked for a time not in the past, then handed back with the days late counted in working days', () => {
    const closed = closedOn('2026-03-02');
    spec
      .given(closed)
      .when({ type: 'ScheduleGoldReturn', scheduledAt: null, notes: null, today: '2026-03-03' })
      .thenThrows('Please choose a date and time for the return');
    spec
      .given(closed)
      .when({
        type: 'ScheduleGoldReturn',
        scheduledAt: '2026-03-01T05:00:00.000Z',
        notes: null,
        today: '2026-03-03',
      })
      .thenThrows('The return cannot be scheduled in the past');
    const scheduled = after(closed, {
      type: 'ScheduleGoldReturn',
      scheduledAt: '2026-03-05T05:30:00.000Z',
      notes: 'Customer prefers morning',
      today: '2026-03-03',
    });
    // 7 working days from Monday 2 March (Holi on 4 March, Sunday 8 March): due by 11 March.
    const onTime = after(scheduled, { type: 'MarkGoldReturned', notes: null, today: '2026-03-11' });
    expect(onTime.at(-1)).toMatchObject({ type: 'GoldReturned', data: { daysLate: 0 } });
    const late = after(scheduled, { type: 'MarkGoldReturned', notes: null, today: '2026-03-16' });
    expect(late.at(-1)).toMatchObject({ type: 'GoldReturned', data: { daysLate: 4 } }); // 12, 13, 14, 16
    spec
      .given(late)
      .when({ type: 'MarkGoldReturned', notes: null, today: '2026-03-17' })
      .thenThrows('The gold has already been returned');
  });

  it('gets each kind of reminder at most once a day', () => {
    const closed = closedOn('2026-03-02');
    const reminder = {
      type: 'RecordGoldReturnReminder' as const,
      reminderType: 'initial' as const,
      sentTo: ['9000000003'],
      today: '2026-03-05',
    };
    const sent = after(closed, reminder);
    expect(sent.at(-1)!.type).toBe('GoldReturnReminderSent');
    spec.given(sent).when(reminder).then([]);
  });
});

describe('payment reminders', () => {
  it('are recorded once per installment, kind, channel and day, and not for a paid installment', () => {
    const r = {
      type: 'RecordPaymentReminder' as const,
      installmentNumber: 1,
      kind: 'upcoming' as const,
      channel: 'sms' as const,
      sentTo: '9000000003',
      today: '2026-02-25',
    };
    const sent = after(created, r);
    expect(sent.at(-1)).toMatchObject({ type: 'PaymentReminderSent', data: { dueDate: '2026-02-28' } });
    spec.given(sent).when(r).then([]);
    expect(after(sent, { ...r, channel: 'email', sentTo: 'x@y.in' }).at(-1)!.type).toBe(
      'PaymentReminderSent',
    );
    const state = fold(evolveLoan, initialLoanState(), created);
    const paid = after(created, pay(state.installments[0]!.amountPaise / 100, '2026-02-20'));
    spec.given(paid).when(r).then([]);
  });
});

describe('a reversal after the gold went back', () => {
  it('is refused: the loan cannot be reopened without its gold', () => {
    const state = fold(evolveLoan, initialLoanState(), created);
    const p = pay(quote(state, '2026-03-02').totalDuePaise / 100, '2026-03-02');
    const returned = after(after(created, p), { type: 'MarkGoldReturned', notes: null, today: '2026-03-04' });
    spec
      .given(returned)
      .when({
        type: 'ReversePayment',
        paymentId: p.paymentId,
        reason: 'Cheque bounced',
        reversedBy: admin,
        today: '2026-03-05',
      })
      .thenThrows('The gold has been handed back: this loan can no longer be reopened by a reversal');
  });

  it('refuses a malformed return time as a message, not a crash', () => {
    const state = fold(evolveLoan, initialLoanState(), created);
    const closed = after(created, pay(quote(state, '2026-03-02').totalDuePaise / 100, '2026-03-02'));
    spec
      .given(closed)
      .when({ type: 'ScheduleGoldReturn', scheduledAt: 'tomorrow-ish', notes: null, today: '2026-03-03' })
      .thenThrows('Please choose a date and time for the return');
  });
});
