import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, fillInstallments, LENDING_POLICY, type LoanEvent } from '@goldledger/contracts';
import { DomainError } from '../../platform/decider.js';
import { admin, amplyPledged, createCommand, payPaise } from '../../testing/loan-decider-fixtures.js';
import { runLedger } from '../interest.js';
import { decideLoan, type LoanCommand } from '../loan.decider.js';
import { quoteLoan, termsOf } from '../loan.rules.js';
import {
  evolveLoan,
  initialLoanState,
  installmentPlaceIn,
  scheduleUpgradesOf,
  successfulPayments,
  type LoanState,
} from '../loan.state.js';

/**
 * Issue 19: after any history of payments and rate upgrades, every installment and every
 * payment is labelled by its place in a schedule, `1 ≤ n ≤ of`, and the installment due is
 * the `n`th of the schedule in force (the last upgrade's), never "13 of 6".
 */
const NUM_RUNS = Number(process.env.PLACE_PROPERTY_RUNS ?? 300);

const Step = fc.record({
  advanceDays: fc.integer({ min: 0, max: 45 }),
  action: fc.oneof(
    {
      arbitrary: fc.record({ kind: fc.constant('pay' as const), share: fc.integer({ min: 0, max: 1100 }) }),
      weight: 3,
    },
    { arbitrary: fc.record({ kind: fc.constant('upgrade' as const) }), weight: 2 },
  ),
});

const Loan = fc.record({
  principalPaise: fc.integer({ min: 100_00, max: 1_00_000_00 }),
  annualRateBps: fc.constantFrom(...LENDING_POLICY.rateOptionsBps),
  termMonths: fc.constantFrom(...LENDING_POLICY.termOptionsMonths),
  repaymentType: fc.constantFrom('emi' as const, 'bullet' as const, 'monthly_interest' as const),
});

function command(
  s: LoanState,
  a: (typeof Step extends fc.Arbitrary<infer T> ? T : never)['action'],
  today: string,
) {
  if (a.kind === 'upgrade') {
    return {
      type: 'UpgradeRate',
      today,
      upgradedBy: { type: 'admin', id: admin.id, name: admin.name },
      earlyReason: 'Customer asked to move to the next slab',
    } as const satisfies LoanCommand;
  }
  const q = quoteLoan(s, today);
  const amount =
    a.share > 1000
      ? q.totalDuePaise
      : Math.min(
          q.totalDuePaise,
          Math.max(q.minimumTotalDuePaise, Math.round((q.totalDuePaise * a.share) / 1000)),
        );
  if (amount <= 0) return null;
  return payPaise(amount, today, { byAdmin: true, backdateReason: null });
}

function checkPlaces(s: LoanState, today: string, tally: { upgradedDue: number }) {
  const inRange = (number: number, what: string) => {
    const p = installmentPlaceIn(s, number);
    expect(p.n, `${what} ${number}: n ≥ 1`).toBeGreaterThanOrEqual(1);
    expect(p.n, `${what} ${number}: n ≤ of`).toBeLessThanOrEqual(p.of);
    return p;
  };
  for (const i of s.installments) inRange(i.number, 'installment');
  for (const p of s.payments) inRange(p.installmentNumber, 'payment of installment');
  if (s.status !== 'active') return;
  const paid = runLedger(termsOf(s), successfulPayments(s), today).totalPaidPaise;
  const due = fillInstallments(s.installments, paid).find((i) => i.status === 'unpaid');
  if (!due) return;
  const place = inRange(due.number, 'due installment');
  const upgrades = scheduleUpgradesOf(s);
  const last = upgrades.at(-1);
  if (!last) {
    expect(place).toEqual({ n: due.number, of: s.installments.length, upgradedOn: null });
    return;
  }
  // Due means in the schedule in force: the last upgrade's, counted from its first number.
  tally.upgradedDue += 1;
  expect(place.upgradedOn).toBe(s.lastUpgradeDate);
  expect(place.n).toBe(due.number - last.firstNumber + 1);
  expect(place.of).toBe(s.installments.filter((i) => i.number >= last.firstNumber).length);
}

describe('installment labels over random histories of payments and upgrades (fast-check)', () => {
  it(`place every installment and payment within its schedule in ${NUM_RUNS} histories`, () => {
    const tally = { upgradedDue: 0 };
    fc.assert(
      fc.property(Loan, fc.array(Step, { minLength: 2, maxLength: 20 }), (loan, steps) => {
        let today = '2026-01-05';
        let s = decideLoan(
          { ...createCommand, ...amplyPledged, ...loan, disbursementDate: today, today },
          initialLoanState(),
        ).reduce(evolveLoan, initialLoanState());
        for (const step of steps) {
          today = addDays(today, step.advanceDays);
          if (s.status !== 'active') break;
          const c = command(s, step.action, today);
          if (!c) continue;
          let events: LoanEvent[];
          try {
            events = decideLoan(c, s);
          } catch (e) {
            if (e instanceof DomainError) continue;
            throw e;
          }
          s = events.reduce(evolveLoan, s);
          checkPlaces(s, today, tally);
        }
      }),
      { numRuns: NUM_RUNS },
    );
    // The generator reaches upgraded loans with something still due, not just fresh ones.
    expect(tally.upgradedDue).toBeGreaterThan(50);
  }, 120_000);
});
