import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, LENDING_POLICY, nextLoanClass, type LoanEvent } from '@goldledger/contracts';
import { DomainError } from '../platform/decider.js';
import { admin, amplyPledged, createCommand, payPaise } from '../testing/loan-decider-fixtures.js';
import {
  borrowerNpaLoans,
  classWithBorrower,
  loanOwnDelinquency,
  ownDelinquencyOn,
  paidByPaise,
  pastDueOfLoan,
} from './delinquency.rules.js';
import { runLedger } from './interest.js';
import { decideLoan, type LoanCommand } from './loan.decider.js';
import { termsOf } from './loan.rules.js';
import { evolveLoan, initialLoanState, successfulPayments, type LoanState } from './loan.state.js';

/**
 * Delinquency over random histories (issue 18): loans of every structure, paid in random
 * amounts on random days (some reversed, some rate upgrades), classified by the real decider
 * on random days, alone and borrower-wise.
 */
const NUM_RUNS = Number(process.env.DELINQUENCY_PROPERTY_RUNS ?? 150);
const START = '2026-01-05';

const Loan = fc.record({
  principalPaise: fc.integer({ min: 10_000_00, max: 1_00_000_00 }),
  termMonths: fc.constantFrom(3, 6, 12),
  repaymentType: fc.constantFrom('emi' as const, 'bullet' as const, 'monthly_interest' as const),
});
type LoanShape = typeof Loan extends fc.Arbitrary<infer T> ? T : never;

const Step = fc.record({
  advanceDays: fc.oneof(
    fc.integer({ min: 0, max: 5 }),
    fc.integer({ min: 5, max: 45 }),
    fc.integer({ min: 60, max: 130 }),
  ),
  action: fc.oneof(
    {
      arbitrary: fc.record({ kind: fc.constant('pay' as const), permille: fc.integer({ min: 5, max: 400 }) }),
      weight: 4,
    },
    {
      arbitrary: fc.record({ kind: fc.constant('classify' as const), borrowerNpa: fc.boolean() }),
      weight: 4,
    },
    // Pays what is past due, and sometimes a paisa less.
    { arbitrary: fc.record({ kind: fc.constant('clear' as const), short: fc.boolean() }), weight: 2 },
    fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('upgrade' as const) }),
  ),
});
type Action = (typeof Step extends fc.Arbitrary<infer T> ? T : never)['action'];

function opened(loan: LoanShape, loanId = createCommand.loanId): LoanState {
  const events = decideLoan(
    {
      ...createCommand,
      ...amplyPledged,
      loanId,
      principalPaise: loan.principalPaise,
      termMonths: loan.termMonths,
      repaymentType: loan.repaymentType,
      disbursementDate: START,
      today: START,
    },
    initialLoanState(),
  );
  return events.reduce(evolveLoan, initialLoanState());
}

function commandFor(s: LoanState, a: Action, today: string, borrowerNpaLoanId: string): LoanCommand | null {
  const payment = (amountPaise: number): LoanCommand => payPaise(amountPaise, today);
  switch (a.kind) {
    case 'clear': {
      const { arrearsPaise } = pastDueOfLoan(s, today);
      return arrearsPaise > 100_00 ? payment(arrearsPaise - (a.short ? 1 : 0)) : null;
    }
    case 'pay':
      return payment(Math.max(100_00, Math.round((s.principalPaise * a.permille) / 1000)));
    case 'classify':
      return {
        type: 'ClassifyDelinquency',
        today,
        borrowerNpaLoanId: a.borrowerNpa ? borrowerNpaLoanId : null,
      };
    case 'reverse': {
      const ps = s.payments.filter((p) => p.status === 'success');
      const p = ps[a.pick % Math.max(1, ps.length)];
      return p
        ? { type: 'ReversePayment', paymentId: p.paymentId, reason: 'bounced', reversedBy: admin, today }
        : null;
    }
    case 'upgrade':
      return { type: 'UpgradeRate', today, upgradedBy: { type: 'scheduler', id: null, name: 'Scheduler' } };
  }
}

/** Runs the steps through the decider; `check` sees each classification's state before and after. */
function walk(
  loan: LoanShape,
  steps: ReadonlyArray<{ advanceDays: number; action: Action }>,
  check: (before: LoanState, after: LoanState, today: string, events: LoanEvent[]) => void = () => {},
): { state: LoanState; today: string } {
  let s = opened(loan);
  let today = START;
  for (const step of steps) {
    today = addDays(today, step.advanceDays);
    const command = commandFor(s, step.action, today, 'GL269900001');
    if (!command) continue;
    let events: LoanEvent[];
    try {
      events = decideLoan(command, s);
    } catch (e) {
      if (e instanceof DomainError) continue;
      throw e;
    }
    const next = events.reduce(evolveLoan, s);
    if (command.type === 'ClassifyDelinquency') check(s, next, today, events);
    s = next;
  }
  return { state: s, today };
}

describe('delinquency over random payment histories (fast-check)', () => {
  it('never takes a loan out of NPA on its own while it has arrears', () => {
    let leftNpa = 0;
    fc.assert(
      fc.property(Loan, fc.array(Step, { minLength: 5, maxLength: 40 }), (loan, steps) => {
        // Alone: no other loan of the borrower is ever NPA.
        const alone = steps.map((st) =>
          st.action.kind === 'classify' ? { ...st, action: { ...st.action, borrowerNpa: false } } : st,
        );
        walk(loan, alone, (before, after, today, events) => {
          if (before.delinquency.class !== 'npa' || after.delinquency.class === 'npa') return;
          leftNpa += 1;
          const owed = pastDueOfLoan(after, today);
          expect(owed.arrearsPaise, `left NPA on ${today} with arrears`).toBe(0);
          expect(events[0]).toMatchObject({ data: { to: 'standard', reason: 'arrears_cleared' } });
        });
      }),
      { numRuns: NUM_RUNS },
    );
    console.info(`delinquency property: ${leftNpa} loans left NPA, every one with no arrears`);
    expect(leftNpa).toBeGreaterThan(3);
  }, 120_000);

  it('keeps a loan that was NPA on its own NPA while it has arrears, whatever the borrower’s other loan does', () => {
    fc.assert(
      fc.property(Loan, fc.array(Step, { minLength: 5, maxLength: 40 }), (loan, steps) => {
        walk(loan, steps, (before, after, today) => {
          const own = ownDelinquencyOn(before, today);
          if (before.delinquency.class === 'npa' && before.delinquency.ownNpa && own.daysPastDue > 0)
            expect(after.delinquency.class, `NPA with ${own.daysPastDue} days past due on ${today}`).toBe(
              'npa',
            );
        });
      }),
      { numRuns: NUM_RUNS },
    );
  }, 120_000);

  it('finds the same own class as a look on every single day would', () => {
    fc.assert(
      fc.property(Loan, fc.array(Step, { minLength: 3, maxLength: 25 }), (loan, steps) => {
        const { state, today } = walk(loan, steps);
        if (state.status !== 'active') return;
        let daily: ReturnType<typeof nextLoanClass> = 'standard';
        for (let d = START; d <= today; d = addDays(d, 1))
          daily = nextLoanClass(daily, pastDueOfLoan(state, d).daysPastDue, LENDING_POLICY);
        expect(ownDelinquencyOn(state, today).ownClass).toBe(daily);
      }),
      { numRuns: Math.ceil(NUM_RUNS / 3) },
    );
  }, 120_000);

  it('counts as paid what the ledger counts', () => {
    fc.assert(
      fc.property(
        Loan,
        fc.array(Step, { minLength: 3, maxLength: 25 }),
        fc.integer({ min: 0, max: 400 }),
        (loan, steps, askDays) => {
          const { state } = walk(loan, steps);
          const day = addDays(START, askDays);
          expect(paidByPaise(state, day)).toBe(
            runLedger(termsOf(state), successfulPayments(state), day).totalPaidPaise,
          );
        },
      ),
      { numRuns: NUM_RUNS },
    );
  }, 120_000);
});

describe('borrower-wise classification (fast-check)', () => {
  it('gives each loan the same class whatever order the borrower’s loans are processed in', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ loan: Loan, steps: fc.array(Step, { minLength: 3, maxLength: 20 }) }), {
          minLength: 2,
          maxLength: 4,
        }),
        fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
        (histories, keys) => {
          const walked = histories.map((h) => walk(h.loan, h.steps));
          // One day for all, on or after every loan's last look.
          const day = walked.map((w) => w.today).reduce((a, b) => (a > b ? a : b), addDays(START, 420));
          const loans = walked.map(({ state }, i) => ({
            state: { ...state, loanId: `GL26990000${i + 1}` },
            today: day,
          }));
          const classify = (order: number[]) => {
            const own = order.map((i) => ({
              loanId: loans[i]!.state.loanId,
              ownClass: loanOwnDelinquency(loans[i]!.state, loans[i]!.today).ownClass,
            }));
            const npaOf = borrowerNpaLoans(own);
            const result: Record<string, string> = {};
            for (const i of order) {
              const { state, today } = loans[i]!;
              const events = decideLoan(
                { type: 'ClassifyDelinquency', today, borrowerNpaLoanId: npaOf.get(state.loanId) ?? null },
                state,
              );
              result[state.loanId] = events.reduce(evolveLoan, state).delinquency.class;
            }
            return { result, own };
          };
          const inOrder = classify(loans.map((_, i) => i));
          const shuffled = classify(
            loans
              .map((_, i) => ({ i, k: keys[i]! }))
              .sort((a, b) => a.k - b.k || a.i - b.i)
              .map((x) => x.i),
          );
          expect(shuffled.result).toEqual(inOrder.result);
          // Another loan NPA of its own makes a loan NPA; none leaves each with its own class.
          for (const o of inOrder.own) {
            const loan = loans.find((l) => l.state.loanId === o.loanId)!.state;
            const otherNpa = inOrder.own.some((x) => x.loanId !== o.loanId && x.ownClass === 'npa');
            if (loan.status === 'active')
              expect(inOrder.result[o.loanId]).toBe(classWithBorrower(o.ownClass, otherNpa ? 'other' : null));
          }
        },
      ),
      { numRuns: Math.ceil(NUM_RUNS / 3) },
    );
  }, 120_000);
});
