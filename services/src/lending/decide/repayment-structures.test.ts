import { describe, expect, it } from 'vitest';
import { LoanEvents, type LoanEvent } from '@goldledger/contracts';
import { fold } from '../../platform/decider.js';
import { after, createCommand, pay, spec } from '../../testing/loan-decider-fixtures.js';
import { decideLoan } from '../loan.decider.js';
import { auctionReadyDate, inDefault, quoteLoan } from '../loan.rules.js';
import { evolveLoan, initialLoanState } from '../loan.state.js';

/**
 * The decider's handlers on bullet and monthly-interest loans: ₹1,00,000 at 18 % for 6
 * months from 31 January 2026 (maturity 31 July), as the shared EMI loan of the fixtures.
 */
const bullet = decideLoan({ ...createCommand, repaymentType: 'bullet' }, initialLoanState());
const monthly = decideLoan({ ...createCommand, repaymentType: 'monthly_interest' }, initialLoanState());
const stateOf = (events: LoanEvent[]) => fold(evolveLoan, initialLoanState(), events);
const scheduler = { type: 'scheduler' as const, id: null, name: 'Scheduler' };
const payPaise = (amountPaise: number, date: string) => ({ ...pay(0, date), amountPaise });
const dues = (events: LoanEvent[]) =>
  events.filter((e) => e.type === 'InstallmentFellDue' || e.type === 'InstallmentOverdue');

describe('opening a loan of each structure', () => {
  it('records the structure, and refuses a bullet or monthly-interest loan above 12 months', () => {
    expect(LoanEvents.LoanCreated.parse(bullet[0]!.data).repaymentType).toBe('bullet');
    expect(LoanEvents.LoanCreated.parse(monthly[0]!.data).repaymentType).toBe('monthly_interest');
    spec
      .given([])
      .when({ ...createCommand, repaymentType: 'bullet', termMonths: 13 })
      .thenThrows('A bullet loan can run at most 12 months');
    spec
      .given([])
      .when({ ...createCommand, repaymentType: 'monthly_interest', termMonths: 13 })
      .thenThrows('A monthly-interest loan can run at most 12 months');
    expect(decideLoan({ ...createCommand, termMonths: 13 }, initialLoanState())).toHaveLength(1);
  });

  it('dates a monthly-interest loan’s installments on the loan’s day, clamped to month ends', () => {
    expect(stateOf(monthly).installments.map((i) => i.dueDate)).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
    ]);
    expect(stateOf(bullet).installments.map((i) => i.dueDate)).toEqual(['2026-07-31']);
  });
});

describe('due dates and overdue marks', () => {
  it('leave a bullet loan alone until maturity, then mark its one installment due and overdue', () => {
    expect(dues(after(bullet, { type: 'RecordDueDates', today: '2026-07-30' }))).toEqual([]);
    const due = after(bullet, { type: 'RecordDueDates', today: '2026-07-31' });
    expect(dues(due)).toEqual([
      {
        type: 'InstallmentFellDue',
        data: {
          installmentNumber: 1,
          dueDate: '2026-07-31',
          amountDuePaise: stateOf(bullet).totalPaymentPaise,
        },
      },
    ]);
    expect(inDefault(stateOf(due), '2026-07-31')).toBe(false);
    const overdue = after(due, { type: 'RecordDueDates', today: '2026-08-01' });
    expect(overdue.at(-1)).toMatchObject({ type: 'InstallmentOverdue', data: { overdueOn: '2026-08-01' } });
    expect(inDefault(stateOf(overdue), '2026-08-01')).toBe(true);
  });

  it("mark a monthly-interest loan's unpaid interest overdue, and not once it is paid", () => {
    const s = stateOf(monthly);
    const first = s.installments[0]!;
    const late = after(monthly, { type: 'RecordDueDates', today: '2026-03-02' });
    expect(dues(late).map((e) => e.type)).toEqual(['InstallmentFellDue', 'InstallmentOverdue']);
    expect(inDefault(stateOf(late), '2026-03-02')).toBe(true);
    const paid = after(monthly, payPaise(first.amountPaise, first.dueDate));
    expect(dues(after(paid, { type: 'RecordDueDates', today: '2026-03-02' }))).toEqual([]);
  });

  it('keeps the auction-ready date of the ladder for every structure', () => {
    expect(auctionReadyDate(stateOf(bullet))).toBe(auctionReadyDate(stateOf(monthly)));
    expect(auctionReadyDate(stateOf(bullet))).toBe('2027-05-31'); // maturity + 1 + 3 × 3 months
  });
});

describe('payment reminders', () => {
  it('name the month’s interest of a monthly-interest loan, and nothing once it is paid', () => {
    const r = {
      type: 'RecordPaymentReminder' as const,
      installmentNumber: 1,
      kind: 'upcoming' as const,
      channel: 'sms' as const,
      sentTo: '9000000003',
      today: '2026-02-25',
    };
    const first = stateOf(monthly).installments[0]!;
    expect(after(monthly, r).at(-1)).toMatchObject({
      type: 'PaymentReminderSent',
      data: { dueDate: '2026-02-28', amountDuePaise: first.amountPaise },
    });
    spec
      .given(after(monthly, payPaise(first.amountPaise, '2026-02-25')))
      .when(r)
      .then([]);
  });
});

describe('a rate upgrade', () => {
  const upgradeAfterMaturity = (events: LoanEvent[]) =>
    after(events, { type: 'UpgradeRate', today: '2026-08-01', upgradedBy: scheduler });

  it('gives an unpaid bullet loan one installment on the next upgrade date: what closing costs then', () => {
    const events = upgradeAfterMaturity(bullet);
    const upgraded = LoanEvents.RateUpgraded.parse(events.at(-1)!.data);
    expect(upgraded).toMatchObject({
      upgradeDate: '2026-07-31',
      newRateBps: 2400,
      nextUpgradeDate: '2026-10-31',
    });
    const s = stateOf(events);
    expect(upgraded.installments).toEqual([
      // The schedule keeps the exact closing cost; the counter's whole-rupee total is its paise less.
      {
        number: 2,
        dueDate: '2026-10-31',
        amountPaise: quoteLoan(s, '2026-10-31').totalDuePaise + quoteLoan(s, '2026-10-31').roundingPaise,
      },
    ]);
    expect(upgraded.newMonthlyPaymentPaise).toBe(upgraded.newTotalPaymentPaise);
    // Paid on that date, it closes the loan exactly.
    const closed = after(events, payPaise(upgraded.newTotalPaymentPaise, '2026-10-31'));
    expect(closed.find((e) => e.type === 'LoanClosed')).toMatchObject({ data: { excessPaise: 0 } });
  });

  it("gives a monthly-interest loan each month's interest at the new rate and the rest on the next upgrade date", () => {
    // The interest paid on time for five months; the last installment (principal) is not.
    let events = monthly;
    for (const i of stateOf(monthly).installments.slice(0, 5)) {
      events = after(events, payPaise(i.amountPaise, i.dueDate));
    }
    events = upgradeAfterMaturity(events);
    const upgraded = LoanEvents.RateUpgraded.parse(events.at(-1)!.data);
    // The five paid installments are kept; new ones go on from number 7.
    expect(upgraded.installments.map((i) => [i.number, i.dueDate])).toEqual([
      [1, '2026-02-28'],
      [2, '2026-03-31'],
      [3, '2026-04-30'],
      [4, '2026-05-31'],
      [5, '2026-06-30'],
      [7, '2026-08-31'],
      [8, '2026-09-30'],
      [9, '2026-10-31'],
    ]);
    const [first, second, last] = upgraded.installments.slice(5);
    // The first asks the interest the books show then: the new rate from the loan date on.
    let s = stateOf(events);
    expect(first!.amountPaise).toBe(quoteLoan(s, '2026-08-31').interestPaise);
    expect(last!.amountPaise).toBeGreaterThan(1_00_000_00);
    // Paid on their dates, the principal goes only with the last, and the loan closes exactly.
    for (const i of [first!, second!]) {
      events = after(events, payPaise(i.amountPaise, i.dueDate));
      s = stateOf(events);
      expect(s.payments.at(-1)!.split).toMatchObject({ principalPaise: 0 });
    }
    events = after(events, payPaise(last!.amountPaise, last!.dueDate));
    expect(events.find((e) => e.type === 'LoanClosed')).toMatchObject({
      data: { closedOn: '2026-10-31', excessPaise: 0 },
    });
  });
});
