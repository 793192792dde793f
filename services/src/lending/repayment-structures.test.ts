import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, LENDING_POLICY, type LoanEvent, type RepaymentType } from '@goldledger/contracts';
import { fold } from '../platform/decider.js';
import { amplyPledged, createCommand, pay } from '../testing/loan-decider-fixtures.js';
import { buildInstallments, quoteRepayment, runLedger, totalForTerm } from './interest.js';
import { decideLoan, type LoanCommand } from './loan.decider.js';
import { quoteLoan } from './loan.rules.js';
import { evolveLoan, initialLoanState } from './loan.state.js';
import { checkTenure, maturityOf, scheduleFor } from './repayment-structures.js';

/** The worked examples of docs/interest.md, "Repayment structures". */
const example = {
  principalPaise: 1_00_000_00,
  annualRateBps: 1800,
  disbursementDate: '2026-01-10',
  termMonths: 12,
  policy: LENDING_POLICY,
};

describe('a ₹1,00,000 bullet loan at 18 % for 12 months from 10 January 2026', () => {
  const s = scheduleFor({ ...example, repaymentType: 'bullet' });

  it('asks everything once, at maturity: ₹1,19,565.78 on 10 January 2027', () => {
    expect(s.installments).toEqual([{ number: 1, dueDate: '2027-01-10', amountPaise: 1_19_565_78 }]);
    expect(s.totalPaymentPaise).toBe(1_19_565_78);
    expect(s.monthlyPaymentPaise).toBe(1_19_565_78);
    expect(s.repayableAtMaturityPaise).toBe(1_19_565_78);
  });

  it('is what closing the loan costs on its maturity date, the unpaid interest compounded every 30 days', () => {
    const quote = quoteRepayment(example, [], '2027-01-10');
    expect(quote.totalDuePaise).toBe(1_19_565_78);
    expect(quote.interestPaise).toBe(19_565_78);
    expect(quote.breakdown).toHaveLength(13); // twelve 30-day blocks and the last 5 days
    // Simple interest would be ₹18,000: the blocks' compounding adds ₹1,565.78.
    expect(quote.interestPaise - 18_000_00).toBe(1_565_78);
  });
});

describe('a ₹1,00,000 monthly-interest loan at 18 % for 12 months from 10 January 2026', () => {
  const s = scheduleFor({ ...example, repaymentType: 'monthly_interest' });

  it("asks each month's interest on the loan's day, and the principal with the last interest at maturity", () => {
    expect(s.installments.map((i) => [i.dueDate, i.amountPaise])).toEqual([
      ['2026-02-10', 1_529_50],
      ['2026-03-10', 1_380_82],
      ['2026-04-10', 1_529_50],
      ['2026-05-10', 1_479_45],
      ['2026-06-10', 1_529_50],
      ['2026-07-10', 1_480_16],
      ['2026-08-10', 1_530_18],
      ['2026-09-10', 1_530_81],
      ['2026-10-10', 1_481_42],
      ['2026-11-10', 1_531_39],
      ['2026-12-10', 1_481_98],
      ['2027-01-10', 1_01_531_93],
    ]);
    expect(s.monthlyPaymentPaise).toBe(1_529_50);
    expect(s.totalPaymentPaise).toBe(1_18_016_64);
  });

  it('counts, for LTV, what maturity would cost if no interest were paid (as a bullet loan)', () => {
    expect(s.repayableAtMaturityPaise).toBe(1_19_565_78);
  });

  it('charges a 30-day month exactly its days of simple interest: nothing compounds when paid', () => {
    // 10 April → 10 May is 30 days, one whole block: ₹1,00,000 × 18 % × 30/365.
    expect(s.installments[3]!.amountPaise).toBe(Math.round((1_00_000_00 * 0.18 * 30) / 365));
  });
});

describe('an EMI loan', () => {
  it('keeps the seeds’ schedule: the total for the term in equal installments', () => {
    const s = scheduleFor({ ...example, repaymentType: 'emi' });
    const total = totalForTerm(example, 12);
    expect(s.installments).toEqual(buildInstallments(total, 12, '2026-01-10', 10));
    expect(s.totalPaymentPaise).toBe(total);
    expect(s.monthlyPaymentPaise).toBe(9_963_82);
    expect(s.repayableAtMaturityPaise).toBe(1_19_565_78);
  });
});

describe('the tenure caps', () => {
  it.each([
    ['bullet', 13, 'A bullet loan can run at most 12 months'],
    ['monthly_interest', 13, 'A monthly-interest loan can run at most 12 months'],
    ['emi', 61, 'Loan duration must be at most 60 months'],
  ] as const)('refuse a %s loan of %i months with "%s"', (type, months, message) => {
    expect(() => checkTenure(type, months, LENDING_POLICY)).toThrow(message);
    expect(() => checkTenure(type, months - 1, LENDING_POLICY)).not.toThrow();
  });

  it('come from the policy', () => {
    const policy = {
      ...LENDING_POLICY,
      maxTermMonthsByRepayment: { ...LENDING_POLICY.maxTermMonthsByRepayment, bullet: 6 },
    };
    expect(() => checkTenure('bullet', 7, policy)).toThrow('A bullet loan can run at most 6 months');
    expect(() => checkTenure('monthly_interest', 12, policy)).not.toThrow();
  });
});

const Loan = fc.record({
  repaymentType: fc.constantFrom<RepaymentType>('emi', 'bullet', 'monthly_interest'),
  principalPaise: fc.integer({ min: 100_00, max: 1_00_000_00 }),
  annualRateBps: fc.constantFrom(0, ...LENDING_POLICY.rateOptionsBps),
  termMonths: fc.integer({ min: 1, max: 12 }),
  startOffsetDays: fc.integer({ min: 0, max: 700 }),
});
type Loan = typeof Loan extends fc.Arbitrary<infer T> ? T : never;

const opened = (l: Loan) => {
  const disbursementDate = addDays('2025-06-01', l.startOffsetDays);
  const command: LoanCommand = {
    ...createCommand,
    ...amplyPledged,
    repaymentType: l.repaymentType,
    principalPaise: l.principalPaise,
    annualRateBps: l.annualRateBps,
    termMonths: l.termMonths,
    disbursementDate,
    today: disbursementDate,
  };
  return decideLoan(command, initialLoanState());
};

/** Pays each installment on its due date (never above what closing costs), through the decider. */
function payOnSchedule(created: LoanEvent[]) {
  let events = created;
  let state = fold(evolveLoan, initialLoanState(), events);
  const paidOn: string[] = [];
  for (const i of state.installments) {
    if (state.status !== 'active') break;
    // At most the exact closing amount (the counter's whole-rupee total plus the paise it leaves off).
    const q = quoteLoan(state, i.dueDate);
    const amount = Math.min(i.amountPaise, q.totalDuePaise + q.roundingPaise);
    const more = decideLoan({ ...pay(0, i.dueDate), amountPaise: amount }, state);
    events = [...events, ...more];
    state = more.reduce(evolveLoan, state);
    paidOn.push(i.dueDate);
  }
  return { events, state, paidOn };
}

// Hundreds of generated loans each: seconds on a busy machine, so the default 5 s is too tight.
describe('every structure (fast-check)', () => {
  it('has installments that add up to the total payment, the last on the maturity date', () => {
    fc.assert(
      fc.property(Loan, (l) => {
        const data = opened(l)[0]!.data as Extract<LoanEvent, { type: 'LoanCreated' }>['data'];
        const sum = data.installments.reduce((s, i) => s + i.amountPaise, 0);
        expect(sum).toBe(data.totalPaymentPaise);
        expect(data.installments.at(-1)!.dueDate).toBe(maturityOf(data.disbursementDate, l.termMonths));
        expect(data.installments.every((i) => i.amountPaise > 0)).toBe(true);
        expect(data.repaymentType).toBe(l.repaymentType);
        if (l.repaymentType === 'bullet') expect(data.installments).toHaveLength(1);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('is closed, with nothing left and nothing paid beyond, by paying every installment on its due date', () => {
    fc.assert(
      fc.property(Loan, (l) => {
        const { events, state, paidOn } = payOnSchedule(opened(l));
        expect(state.status).toBe('closed');
        const closed = events.find((e) => e.type === 'LoanClosed')!.data as { excessPaise: number };
        expect(closed.excessPaise).toBe(0);
        expect(events.some((e) => e.type === 'RefundDue')).toBe(false);
        // Bullet and monthly interest close exactly on the last installment, at its full amount.
        if (l.repaymentType !== 'emi') {
          expect(paidOn).toHaveLength(state.installments.length);
          expect(state.closedOn).toBe(state.installments.at(-1)!.dueDate);
          const paid = state.payments.reduce((s, p) => s + p.amountPaise, 0);
          expect(paid).toBe(state.totalPaymentPaise);
        }
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('repays a monthly-interest loan’s principal only at maturity', () => {
    fc.assert(
      fc.property(
        Loan.map((l) => ({ ...l, repaymentType: 'monthly_interest' as const })),
        (l) => {
          const { state } = payOnSchedule(opened(l));
          const [last, ...before] = [...state.payments].reverse();
          for (const p of before) expect(p.split).toMatchObject({ principalPaise: 0, excessPaise: 0 });
          expect(last!.split!.principalPaise).toBe(l.principalPaise);
          for (const i of state.installments.slice(0, -1)) {
            const books = runLedger(
              state,
              state.payments.map((p) => ({ date: p.date, amountPaise: p.amountPaise })),
              i.dueDate,
            );
            expect(books.principalOutstandingPaise).toBe(l.principalPaise);
            expect(books.interestOutstandingPaise).toBe(0);
          }
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);
});
