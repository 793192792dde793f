import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, LENDING_POLICY, type LoanEvent } from '@goldledger/contracts';
import { DomainError } from '../../platform/decider.js';
import { admin, amplyPledged, createCommand } from '../../testing/loan-decider-fixtures.js';
import { deriveBooks } from '../loan-books.js';
import { decideLoan, type LoanCommand } from '../loan.decider.js';
import { quoteLoan } from '../loan.rules.js';
import { bookPayments, evolveLoan, initialLoanState, type LoanState } from '../loan.state.js';

/**
 * The ledger's invariant, for every loan at every event (issue 15): the sum of the
 * successful payments = the total paid = interest paid + principal paid + excess, the
 * excess of a repaid loan is what is recorded as owed back (never less than was refunded),
 * and the payments' recorded splits add up to the books. Histories are random: payments
 * (some back-dated, some by an admin beyond the window), online payments approved or
 * rejected, reversals, rate upgrades and refunds, in any order, through the real decider.
 */
export const NUM_RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 500);

const Step = fc.record({
  advanceDays: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 40 })),
  action: fc.oneof(
    {
      arbitrary: fc.record({
        kind: fc.constant('pay' as const),
        online: fc.boolean(),
        backDays: fc.integer({ min: 0, max: 12 }),
        byAdmin: fc.boolean(),
        /** Share of the total due, in thousandths; above 1000: the whole total due. */
        share: fc.integer({ min: 0, max: 1300 }),
      }),
      weight: 5,
    },
    { arbitrary: fc.record({ kind: fc.constant('approve' as const), pick: fc.nat() }), weight: 2 },
    fc.record({ kind: fc.constant('reject' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('upgrade' as const) }),
    fc.record({ kind: fc.constant('refund' as const), share: fc.integer({ min: 1, max: 1000 }) }),
  ),
});

const Loan = fc.record({
  principalPaise: fc.integer({ min: 100_00, max: 1_00_000_00 }),
  annualRateBps: fc.constantFrom(...LENDING_POLICY.rateOptionsBps),
  termMonths: fc.constantFrom(...LENDING_POLICY.termOptionsMonths),
  startOffsetDays: fc.integer({ min: 0, max: 300 }),
  // Every repayment structure (issue 17): upgrades rebuild each one's schedule its own way.
  repaymentType: fc.constantFrom('emi' as const, 'bullet' as const, 'monthly_interest' as const),
});

const sumSuccess = (s: LoanState) =>
  s.payments.filter((p) => p.status === 'success').reduce((sum, p) => sum + p.amountPaise, 0);

interface Tally {
  events: number;
  closures: number;
  refundsDue: number;
  reallocations: number;
}

/** Applies one decision's events one by one, checking the invariant after each. */
function applyChecked(state: LoanState, events: LoanEvent[], tally: Tally): LoanState {
  let s = state;
  for (const e of events) {
    s = evolveLoan(s, e);
    tally.events += 1;
    if ('ledger' in e.data) {
      const l = e.data.ledger;
      expect(l.totalPaidPaise, `${e.type}: total paid = Σ successful payments`).toBe(sumSuccess(s));
      expect(l.interestPaidPaise + l.principalPaidPaise + (l.excessPaise ?? 0), `${e.type}: split`).toBe(
        l.totalPaidPaise,
      );
      expect(l.principalPaidPaise, `${e.type}: principal paid`).toBeLessThanOrEqual(s.principalPaise);
      expect(l.excessPaise ?? 0).toBeGreaterThanOrEqual(0);
    }
    if (e.type === 'LoanClosed') {
      tally.closures += 1;
      expect(e.data.excessPaise).toBeGreaterThanOrEqual(0);
    }
    if (e.type === 'RefundDue') tally.refundsDue += 1;
    if (e.type === 'PaymentsReallocated') tally.reallocations += 1;
  }
  return s;
}

/**
 * After a whole decision: the loan is closed exactly when its books say so, the refund
 * owed matches, and the payments' recorded splits (re-split in the same decision when one
 * is dated before another, a closing or an upgrade changed them) add up to the books.
 */
function checkDecision(s: LoanState, today: string) {
  const books = deriveBooks(s, bookPayments(s), today);
  {
    const l = books.ledger;
    const paid = s.payments.filter((p) => p.status === 'success');
    const sum = (f: (x: NonNullable<LoanState['payments'][number]['split']>) => number) =>
      paid.reduce((acc, p) => acc + f(p.split!), 0);
    expect(
      sum((x) => x.interestPaise),
      'Σ interest splits',
    ).toBe(l.interestPaidPaise);
    expect(
      sum((x) => x.principalPaise),
      'Σ principal splits',
    ).toBe(l.principalPaidPaise);
    expect(
      sum((x) => x.excessPaise),
      'Σ excess splits',
    ).toBe(l.excessPaise);
  }
  expect(s.status === 'closed', 'closed exactly when the books close').toBe(books.closing !== null);
  expect(books.ledger.totalPaidPaise).toBe(sumSuccess(s));
  const refundable = books.closing ? books.ledger.excessPaise : 0;
  expect(s.refund.excessPaise, 'excess recorded as owed back').toBe(refundable);
  expect(s.refund.refundedPaise).toBeLessThanOrEqual(s.refund.excessPaise);
}

describe('the ledger invariant over random histories (fast-check)', () => {
  it(`holds after every event of ${NUM_RUNS} generated histories`, () => {
    const total: Tally = { events: 0, closures: 0, refundsDue: 0, reallocations: 0 };
    fc.assert(
      fc.property(Loan, fc.array(Step, { minLength: 4, maxLength: 30, size: '+1' }), (loan, steps) => {
        const disbursementDate = addDays('2026-01-05', loan.startOffsetDays);
        let today = disbursementDate;
        let s = openedOn(loan, disbursementDate);
        for (const step of steps) {
          today = addDays(today, step.advanceDays);
          const command = commandFor(s, step.action, today);
          if (!command) continue;
          let events: LoanEvent[];
          try {
            events = decideLoan(command, s);
          } catch (e) {
            if (!(e instanceof DomainError)) throw e;
            if (e.code !== 'excess_confirmation_required') continue;
            // The admin saw the excess and confirms it.
            const confirmed = { ...command, confirmExcessPaise: Math.round(Number(e.details.excess) * 100) };
            events = decideLoan(confirmed as LoanCommand, s);
          }
          s = applyChecked(s, events, total);
          checkDecision(s, today);
        }
      }),
      { numRuns: NUM_RUNS },
    );
    // The generator reaches the cases that matter, not just partial payments.
    console.info(`ledger property: ${NUM_RUNS} histories, ${JSON.stringify(total)}`);
    expect(total.closures).toBeGreaterThan(20);
    expect(total.refundsDue).toBeGreaterThan(5);
    expect(total.reallocations).toBeGreaterThan(5);
  }, 120_000);
});

/**
 * Orders that must not matter: the same payments recorded in any order leave the same
 * books and the same split of each payment, because the allocation follows business
 * dates, not the order in which staff typed them in. (Payments here stay below the
 * closing amount, so none is refused for arriving after the loan closed, and fall on
 * distinct days: two payments of one day are split in the order they were recorded.)
 */
describe('the books do not depend on the order payments were recorded in (fast-check)', () => {
  it(`gives the same split for ${NUM_RUNS} sets of payments recorded in two orders`, () => {
    fc.assert(
      fc.property(
        Loan,
        // Distinct dates: payments of one day are taken in the order they were recorded.
        fc.uniqueArray(
          fc.record({ day: fc.integer({ min: 0, max: 45 }), permille: fc.integer({ min: 60, max: 120 }) }),
          { minLength: 2, maxLength: 4, selector: (p) => p.day },
        ),
        fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
        (loan, payments, sortKeys) => {
          const disbursementDate = addDays('2026-01-05', loan.startOffsetDays);
          const today = addDays(disbursementDate, 46);
          const opened = openedOn(loan, disbursementDate);
          const commands = payments.map(
            (p, i) =>
              ({
                type: 'RecordPayment',
                paymentId: `00000000-0000-4000-8000-00000000000${i}`,
                amountPaise: Math.max(100_00, Math.round((loan.principalPaise * p.permille) / 1000)),
                method: 'handcash',
                paymentType: 'total',
                paymentDate: addDays(disbursementDate, p.day),
                transactionId: null,
                bankName: null,
                enteredBy: admin,
                today,
                byAdmin: true,
                backdateReason: 'Receipts entered from the branch book',
              }) satisfies LoanCommand,
          );
          fc.pre(commands.reduce((sum, c) => sum + c.amountPaise, 0) <= loan.principalPaise / 2);
          const shuffled = commands
            .map((c, i) => ({ c, key: sortKeys[i]! * 10 + i }))
            .sort((a, b) => a.key - b.key)
            .map((x) => x.c);
          const record = (cs: LoanCommand[]) =>
            cs.reduce((s, c) => decideLoan(c, s).reduce(evolveLoan, s), opened);
          const books = (s: LoanState) => ({
            status: s.status,
            ledger: deriveBooks(s, bookPayments(s), today).ledger,
            splits: Object.fromEntries(s.payments.map((p) => [p.paymentId, p.split])),
          });
          const inOrder = record(commands);
          const reordered = record(shuffled);
          expect(inOrder.status).toBe('active');
          expect(books(reordered)).toEqual(books(inOrder));
        },
      ),
      { numRuns: NUM_RUNS },
    );
  }, 120_000);
});

const fold = (events: LoanEvent[]) => events.reduce(evolveLoan, initialLoanState());

/** The generated loan, opened on its disbursement date. */
const openedOn = (loan: typeof Loan extends fc.Arbitrary<infer T> ? T : never, disbursementDate: string) =>
  fold(
    decideLoan(
      {
        ...createCommand,
        ...amplyPledged,
        principalPaise: loan.principalPaise,
        annualRateBps: loan.annualRateBps,
        termMonths: loan.termMonths,
        repaymentType: loan.repaymentType,
        disbursementDate,
        today: disbursementDate,
      },
      initialLoanState(),
    ),
  );

function commandFor(s: LoanState, a: Action, today: string): LoanCommand | null {
  const pick = (status: 'pending' | 'success', n: number) => {
    const ps = s.payments.filter((p) => p.status === status);
    return ps.length ? ps[n % ps.length]! : null;
  };
  switch (a.kind) {
    case 'pay': {
      if (s.status !== 'active') return null;
      const date = maxOf(addDays(today, -a.backDays), s.disbursementDate);
      const q = quoteLoan(s, date);
      const amount =
        a.share > 1000
          ? q.totalDuePaise
          : Math.min(
              q.totalDuePaise,
              Math.max(q.minimumTotalDuePaise, Math.round((q.totalDuePaise * a.share) / 1000)),
            );
      if (amount <= 0) return null;
      return {
        type: 'RecordPayment',
        paymentId: crypto.randomUUID(),
        amountPaise: amount,
        method: a.online ? 'online' : 'handcash',
        paymentType: 'total',
        paymentDate: date,
        transactionId: a.online ? `UTR${s.payments.length}` : null,
        bankName: a.online ? 'SBI' : null,
        enteredBy: admin,
        today,
        byAdmin: a.byAdmin,
        backdateReason: a.byAdmin ? 'Receipt entered late' : null,
      } satisfies LoanCommand;
    }
    case 'approve': {
      const p = pick('pending', a.pick);
      return p
        ? ({ type: 'ApprovePayment', paymentId: p.paymentId, approvedBy: admin, today } as const)
        : null;
    }
    case 'reject':
    case 'reverse': {
      const p = pick(a.kind === 'reject' ? 'pending' : 'success', a.pick);
      if (!p) return null;
      return {
        type: 'ReversePayment',
        paymentId: p.paymentId,
        reason: a.kind === 'reject' ? 'Transfer never arrived' : 'Entered by mistake',
        reversedBy: admin,
        today,
      } as const;
    }
    case 'upgrade':
      return {
        type: 'UpgradeRate',
        today,
        upgradedBy: { type: 'admin', id: admin.id, name: admin.name },
        // Before the due date an admin upgrades only with a confirmed reason.
        earlyReason: 'Customer asked to move to the next slab',
      } as const;
    case 'refund': {
      const owed = s.refund.excessPaise - s.refund.refundedPaise;
      if (owed <= 0) return null;
      return {
        type: 'RecordRefundPaid',
        refundId: crypto.randomUUID(),
        amountPaise: Math.max(1, Math.round((owed * a.share) / 1000)),
        method: 'bank_transfer',
        reference: 'NEFT1',
        paidOn: today,
        paidBy: admin,
        today,
      } as const;
    }
  }
}

type Action = (typeof Step extends fc.Arbitrary<infer T> ? T : never)['action'];
const maxOf = (a: string, b: string) => (a > b ? a : b);
