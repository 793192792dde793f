import { describe, expect, it } from 'vitest';
import {
  amountReducer,
  clampAmount,
  defaultAmount,
  initialAmountState,
  initialRepaymentDate,
  parseAmount,
  paymentBody,
  quoteNotes,
  repaymentDateUsable,
  rupeesExact,
  timelineSteps,
  upgradeLevelLabel,
  validateRepayment,
  visibleErrors,
  type AmountState,
  type RepayForm,
  type RepaymentQuote,
  type UpgradeTimelineEntry,
} from './repay';

function quote(over: Partial<RepaymentQuote> = {}): RepaymentQuote {
  return {
    loanId: 'GL261100001',
    repaymentDate: '2026-11-21',
    principalOutstanding: 50_000,
    totalPaid: 10_000,
    totalDue: 51_235,
    interest: 1_235,
    minimumDays: 7,
    minimumInterest: 50,
    minDaysApplied: false,
    minInterestApplied: false,
    rebate: 0,
    gracePeriodDays: 0,
    gracePeriodReason: null,
    minimumTotalDue: 1_235,
    monthlyPayment: 10_500,
    daysElapsed: 40,
    breakdown: [],
    ...over,
  };
}

const form = (over: Partial<RepayForm> = {}): RepayForm => ({
  amount: '51235',
  paymentMethod: 'handcash',
  transactionId: '',
  bankName: '',
  repaymentDate: '2026-11-21',
  ...over,
});
const limits = { loanDate: '2026-10-12', today: '2026-11-21' };

describe('the amount a payment type suggests', () => {
  it('is the whole balance for total: the quote has already netted out what was paid', () => {
    expect(defaultAmount(quote(), 'total')).toBe(51_235);
  });

  it('is the interest due for interest', () => {
    expect(defaultAmount(quote(), 'interest')).toBe(1_235);
  });

  it('is the principal outstanding (loan amount minus principal paid) for principal', () => {
    expect(defaultAmount(quote(), 'principal')).toBe(50_000);
  });

  it('is whole rupees and never below 0', () => {
    expect(defaultAmount(quote({ totalDue: 100.004999 }), 'total')).toBe(100);
    expect(defaultAmount(quote({ interest: 3091.68 }), 'interest')).toBe(3092);
    expect(defaultAmount(quote({ totalDue: -3 }), 'total')).toBe(0);
  });
});

describe('the amount field', () => {
  const q = quote();
  const typed: AmountState = { paymentType: 'total', amount: '7000', auto: false };

  it('follows the quote while auto-calculation is on', () => {
    expect(amountReducer(initialAmountState, { type: 'quote', quote: q })).toEqual({
      paymentType: 'total',
      amount: '51235',
      auto: true,
    });
  });

  it('re-suggests the amount when the payment type changes, while auto', () => {
    const s = amountReducer(initialAmountState, { type: 'quote', quote: q });
    expect(amountReducer(s, { type: 'paymentType', paymentType: 'interest', quote: q }).amount).toBe('1235');
  });

  it('switches auto-calculation off once the amount is typed by hand', () => {
    const s = amountReducer(initialAmountState, { type: 'typed', amount: '7000' });
    expect(s).toEqual(typed);
    // A new quote (another repayment date) or another type leaves the typed amount alone.
    expect(amountReducer(s, { type: 'quote', quote: quote({ totalDue: 60_000 }) }).amount).toBe('7000');
    const other = amountReducer(s, { type: 'paymentType', paymentType: 'principal', quote: q });
    expect(other).toEqual({ paymentType: 'principal', amount: '7000', auto: false });
  });

  it('Set Monthly puts the monthly payment in, as a chosen figure', () => {
    expect(amountReducer(initialAmountState, { type: 'setMonthly', quote: q })).toEqual({
      paymentType: 'total',
      amount: '10500',
      auto: false,
    });
  });

  it('Set Monthly stays within what the server accepts', () => {
    const small = quote({ totalDue: 4_000, minimumTotalDue: 300 });
    expect(amountReducer(initialAmountState, { type: 'setMonthly', quote: small }).amount).toBe('4000');
  });

  it('Set Full Balance, Set Interest Only and Set Principal Only pick the type and follow the quote', () => {
    expect(amountReducer(typed, { type: 'setFullBalance', quote: q })).toEqual({
      paymentType: 'total',
      amount: '51235',
      auto: true,
    });
    expect(amountReducer(typed, { type: 'setInterestOnly', quote: q })).toEqual({
      paymentType: 'interest',
      amount: '1235',
      auto: true,
    });
    expect(amountReducer(typed, { type: 'setPrincipalOnly', quote: q })).toEqual({
      paymentType: 'principal',
      amount: '50000',
      auto: true,
    });
  });

  it("Reset to Auto goes back to the type's suggestion", () => {
    const s: AmountState = { paymentType: 'interest', amount: '9', auto: false };
    expect(amountReducer(s, { type: 'resetToAuto', quote: q })).toEqual({
      paymentType: 'interest',
      amount: '1235',
      auto: true,
    });
  });

  it('keeps the typed text when there is no quote yet', () => {
    expect(amountReducer(typed, { type: 'resetToAuto', quote: null })).toEqual({ ...typed, auto: true });
  });
});

describe('clampAmount', () => {
  it('keeps an amount between the minimum and the total due', () => {
    const q = quote();
    expect(clampAmount(10, q)).toBe(1_235);
    expect(clampAmount(99_999, q)).toBe(51_235);
    expect(clampAmount(2_000, q)).toBe(2_000);
    // A monthly figure with paise (an old schedule) is set as whole rupees: ₹3,092, as the row says.
    expect(clampAmount(3091.68, q)).toBe(3_092);
  });
});

describe('validateRepayment', () => {
  it('accepts a cash payment between the minimum and the total due', () => {
    expect(validateRepayment(form(), quote(), limits)).toEqual({});
    expect(validateRepayment(form({ amount: '1,235' }), quote(), limits)).toEqual({});
  });

  it("refuses an amount under the minimum with the seeds' message", () => {
    expect(validateRepayment(form({ amount: '1000' }), quote({ minimumTotalDue: 1_200 }), limits)).toEqual({
      amount: 'Amount must be at least ₹1,200',
    });
  });

  it('takes whole rupees only', () => {
    expect(validateRepayment(form({ amount: '1234.55' }), quote(), limits).amount).toBe(
      'Enter the amount in whole rupees',
    );
    expect(validateRepayment(form({ amount: '1234.55' }), null, limits).amount).toBe(
      'Enter the amount in whole rupees',
    );
  });

  it('refuses an empty or unreadable amount the same way', () => {
    expect(validateRepayment(form({ amount: '' }), quote(), limits).amount).toBe(
      'Amount must be at least ₹1,235',
    );
    expect(validateRepayment(form({ amount: 'abc' }), quote(), limits).amount).toBe(
      'Amount must be at least ₹1,235',
    );
  });

  it('refuses more than the total due', () => {
    expect(validateRepayment(form({ amount: '51236' }), quote(), limits).amount).toBe(
      'Amount cannot be more than the total due of ₹51,235',
    );
  });

  it('needs a Transaction ID and a Bank Name for an online payment', () => {
    expect(
      validateRepayment(form({ paymentMethod: 'online', transactionId: '  ' }), quote(), limits),
    ).toEqual({
      transactionId: 'Transaction ID is required for online payments',
      bankName: 'Bank Name is required for online payments',
    });
    expect(
      validateRepayment(
        form({ paymentMethod: 'online', transactionId: 'UTR123', bankName: 'SBI' }),
        quote(),
        limits,
      ),
    ).toEqual({});
  });

  it('needs a repayment date between the loan date and today', () => {
    expect(validateRepayment(form({ repaymentDate: '' }), quote(), limits).repaymentDate).toBe(
      'Repayment date is required',
    );
    expect(validateRepayment(form({ repaymentDate: '2026-10-11' }), quote(), limits).repaymentDate).toBe(
      'Repayment date cannot be before the loan date',
    );
    expect(validateRepayment(form({ repaymentDate: '2026-11-22' }), quote(), limits).repaymentDate).toBe(
      'Repayment date cannot be in the future',
    );
  });

  it('without a quote, asks only for a positive amount', () => {
    expect(validateRepayment(form({ amount: '0' }), null, limits).amount).toBe('Amount must be more than 0');
    expect(validateRepayment(form({ amount: '5' }), null, limits)).toEqual({});
  });
});

describe('the repay form (what use-repay-form shows)', () => {
  const limits = { loanDate: '2026-10-01', today: '2026-11-21' };

  it('starts on today, or on the loan date for a loan dated ahead of today', () => {
    expect(initialRepaymentDate('2026-11-21', '2026-10-01')).toBe('2026-11-21');
    expect(initialRepaymentDate('2026-11-21', '2026-11-25')).toBe('2026-11-25');
  });

  it('asks a quote only for a full date from the loan date to today', () => {
    expect(repaymentDateUsable('2026-11-21', limits)).toBe(true);
    expect(repaymentDateUsable('2026-10-01', limits)).toBe(true);
    expect(repaymentDateUsable('2026-09-30', limits)).toBe(false);
    expect(repaymentDateUsable('2026-11-22', limits)).toBe(false);
    expect(repaymentDateUsable('2026-11', limits)).toBe(false);
    expect(repaymentDateUsable('', limits)).toBe(false);
  });

  it('says a date out of range at once, everything else only after a submit', () => {
    const checked = {
      amount: 'Amount must be more than 0',
      repaymentDate: 'Repayment date cannot be in the future',
    };
    expect(
      visibleErrors(checked, { repaymentDate: '2026-11-22' }, { submitted: false, dateUsable: false }),
    ).toEqual({
      repaymentDate: 'Repayment date cannot be in the future',
    });
    expect(
      visibleErrors(checked, { repaymentDate: '2026-11-21' }, { submitted: false, dateUsable: true }),
    ).toEqual({});
    expect(visibleErrors(checked, { repaymentDate: '' }, { submitted: false, dateUsable: false })).toEqual(
      {},
    );
    expect(
      visibleErrors(checked, { repaymentDate: '2026-11-21' }, { submitted: true, dateUsable: true }),
    ).toBe(checked);
  });

  it('notes the minimums, the grace period and the rebate that shaped a quote', () => {
    expect(quoteNotes(quote())).toEqual([]);
    expect(
      quoteNotes(
        quote({
          minDaysApplied: true,
          minInterestApplied: true,
          gracePeriodDays: 1,
          gracePeriodReason: 'Diwali',
          rebate: 25,
        }),
      ),
    ).toEqual([
      'Minimum 7 days of interest charged.',
      'Minimum interest of ₹50 applied.',
      'Grace period of 1 day: Diwali.',
      'Early-closure rebate of ₹25 deducted.',
    ]);
    expect(quoteNotes(quote({ gracePeriodDays: 2 }))).toEqual(['Grace period of 2 days.']);
  });
});

describe('paymentBody', () => {
  it('sends the contract fields, the transfer details only for online payments', () => {
    expect(paymentBody(form({ amount: '1,500', transactionId: 'X', bankName: 'Y' }), 'interest')).toEqual({
      amount: 1500,
      paymentMethod: 'handcash',
      transactionId: null,
      bankName: null,
      paymentType: 'interest',
      repaymentDate: '2026-11-21',
    });
    expect(
      paymentBody(form({ paymentMethod: 'online', transactionId: ' UTR1 ', bankName: ' SBI ' }), 'total'),
    ).toMatchObject({ transactionId: 'UTR1', bankName: 'SBI' });
  });
});

describe('helpers', () => {
  it('reads typed amounts with or without grouping', () => {
    expect(parseAmount('1,00,000')).toBe(100_000);
    expect(parseAmount(' 47,947 ')).toBe(47_947);
    expect(parseAmount('₹47,947')).toBe(47_947);
    expect(parseAmount(' 12.5 ')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
  });

  it('writes limits in en-IN whole rupees', () => {
    expect(rupeesExact(100_000)).toBe('₹1,00,000');
    expect(rupeesExact(1_234)).toBe('₹1,234');
  });
});

describe('the upgrade timeline', () => {
  const entry = (over: Partial<UpgradeTimelineEntry>): UpgradeTimelineEntry => ({
    title: 'Loan created',
    date: '2026-01-10',
    description: '',
    level: 0,
    isUpgrade: false,
    isFuture: false,
    interestRate: 18,
    previousTotalPayment: null,
    newTotalPayment: null,
    previousMonthlyPayment: null,
    newMonthlyPayment: null,
    upgradedBy: null,
    ...over,
  });
  const timeline = [
    entry({}),
    entry({ title: 'First upgrade', level: 1, isUpgrade: true, interestRate: 24, date: '2026-07-10' }),
    entry({ title: 'Second upgrade', level: 2, isUpgrade: true, isFuture: true, interestRate: 30 }),
    entry({ title: 'Third upgrade', level: 3, isUpgrade: true, isFuture: true, interestRate: 36 }),
    entry({ title: 'Ready for auction', level: 3, isFuture: true, interestRate: 36 }),
  ];

  it('marks the past, the rate in force now, the next upgrade and the rest ahead', () => {
    expect(timelineSteps(timeline).map((s) => s.state)).toEqual([
      'past',
      'current',
      'next',
      'future',
      'future',
    ]);
  });

  it('gives each upgrade the rate it rose from', () => {
    expect(timelineSteps(timeline).map((s) => s.fromRate)).toEqual([null, 18, 24, 30, null]);
  });

  it('has no next step on a loan with nothing ahead', () => {
    expect(timelineSteps(timeline.slice(0, 2)).map((s) => s.state)).toEqual(['past', 'current']);
  });

  it('names the levels as the seeds do, the 36% one as final', () => {
    expect(upgradeLevelLabel(0)).toBe('Original');
    expect(upgradeLevelLabel(1, 24)).toBe('First');
    expect(upgradeLevelLabel(2)).toBe('Second');
    expect(upgradeLevelLabel(3, 36)).toBe('Third (final, 36%)');
    expect(upgradeLevelLabel(6)).toBe('Level 6');
  });
});
