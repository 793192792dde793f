import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  DelinquencyClass,
  LENDING_POLICY,
  ltvBandEdgesBps,
  type BranchScope,
  type PortfolioFigures,
} from '@goldledger/contracts';
import { runLedger } from '../../lending/interest.js';
import {
  foldFacts,
  ltvBandOf,
  portfolioOf,
  type PortfolioFact,
  type PortfolioInputs,
} from './portfolio.fold.js';

const DAY = '2026-04-30';
const BRANCHES = ['b-north', 'b-south', 'b-east'];
const EDGES = ltvBandEdgesBps(LENDING_POLICY);

const inputs = (priced = true, scope: BranchScope = { kind: 'all' }): PortfolioInputs => ({
  day: DAY,
  scope,
  policyOf: () => LENDING_POLICY,
  // ₹7,000 a gram of 999, the other purities in proportion.
  priceOf: priced ? (fineness) => Math.round((7_000_00 * fineness) / 999) : null,
  ltvEdgesBps: EDGES,
  branchName: (id) => id.toUpperCase(),
});

const report = (facts: readonly PortfolioFact[], priced = true, scope?: BranchScope) =>
  portfolioOf(foldFacts(facts), inputs(priced, scope));

const snapshot = fc.record({
  asOf: fc.constantFrom(DAY, '2026-04-15', '2026-03-31'),
  principalPaise: fc.integer({ min: 0, max: 5_00_000_00 }),
  interestPaise: fc.integer({ min: 0, max: 50_000_00 }),
});
const items = fc.array(
  fc.record({
    netWeightMg: fc.integer({ min: 1_000, max: 200_000 }),
    purity: fc.constantFrom(999, 916, 750, undefined),
    purityKarat: fc.constantFrom(22, 18, undefined),
  }),
  { minLength: 1, maxLength: 3 },
);

/** One loan's life in its own order: created, then money, class and status events. */
const loanLife = (n: number) => {
  const loan = `loan-${n}`;
  const later = fc.oneof(
    fc.record({
      kind: fc.constant('payment' as const),
      paymentId: fc.constantFrom('p1', 'p2', 'p3'),
      amountPaise: fc.integer({ min: 1, max: 2_00_000_00 }),
      date: fc.integer({ min: 0, max: 89 }).map((d) => addDays('2026-02-01', d)),
      success: fc.boolean(),
      ledger: snapshot,
    }),
    fc.record({
      kind: fc.constantFrom('approved' as const, 'reversed' as const),
      paymentId: fc.constantFrom('p1', 'p2', 'p3'),
      ledger: snapshot,
    }),
    fc.record({ kind: fc.constant('ledger' as const), ledger: snapshot }),
    fc.record({
      kind: fc.constant('rate' as const),
      annualRateBps: fc.integer({ min: 1200, max: 3600 }),
      ledger: snapshot,
    }),
    fc.record({ kind: fc.constant('class' as const), to: fc.constantFrom(...DelinquencyClass.options) }),
    fc.record({
      kind: fc.constant('status' as const),
      status: fc.constantFrom('active', 'closed', 'renewed', 'deleted'),
    }),
    fc.record({ kind: fc.constant('items' as const), items }),
  );
  return fc
    .tuple(
      fc.record({
        kind: fc.constant('created' as const),
        branchId: fc.constantFrom(...BRANCHES),
        principalPaise: fc.integer({ min: 10_000_00, max: 5_00_000_00 }),
        annualRateBps: fc.integer({ min: 1200, max: 3600 }),
        disbursementDate: fc.integer({ min: 0, max: 120 }).map((d) => addDays('2026-01-15', d)),
        policyVersion: fc.constant(1),
        items,
      }),
      fc.array(later, { maxLength: 8 }),
    )
    .map(([created, rest]) =>
      [created, ...rest].map((f, i) => ({ ...f, loan, pos: i + 1 }) as PortfolioFact),
    );
};

const book = fc
  .integer({ min: 1, max: 8 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => loanLife(i))));

/** The facts in the order `keys` sorts them: any order at all, a loan's own events included. */
const shuffled = (facts: readonly PortfolioFact[], keys: readonly number[]) =>
  facts
    .map((f, i) => ({ f, k: keys[i % Math.max(1, keys.length)]! * 1000 + i }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.f);

const sums = (parts: readonly { loans: number; principalPaise: number; interestPaise: number }[]) =>
  parts.reduce(
    (s, p) => ({
      loans: s.loans + p.loans,
      principalPaise: s.principalPaise + p.principalPaise,
      interestPaise: s.interestPaise + p.interestPaise,
    }),
    { loans: 0, principalPaise: 0, interestPaise: 0 },
  );
const totalsOf = (f: PortfolioFigures) => ({
  loans: f.loans,
  principalPaise: f.principalPaise,
  interestPaise: f.interestPaise,
});

describe('the portfolio fold', () => {
  it('has class totals, LTV bands and branches that each add up to the whole book', () => {
    fc.assert(
      fc.property(book, (lives) => {
        const { total, branches } = report(lives.flat());
        expect(sums(total.classes)).toEqual(totalsOf(total));
        expect(sums(total.ltvBands)).toEqual(totalsOf(total));
        expect(sums(branches)).toEqual(totalsOf(total));
        for (const b of branches) {
          expect(sums(b.classes)).toEqual(totalsOf(b));
          expect(sums(b.ltvBands)).toEqual(totalsOf(b));
        }
        expect(total.classes.map((c) => c.class)).toEqual(DelinquencyClass.options);
        const npa = total.classes.find((c) => c.class === 'npa')!.principalPaise;
        expect(total.npaRatioBps).toBe(
          total.principalPaise > 0 ? Math.round((npa * 10_000) / total.principalPaise) : null,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same report whatever order the events are read in (each keeps its stream position)', () => {
    fc.assert(
      fc.property(book, fc.array(fc.nat({ max: 1000 }), { minLength: 1, maxLength: 60 }), (lives, keys) => {
        expect(report(shuffled(lives.flat(), keys))).toEqual(report(lives.flat()));
      }),
      { numRuns: 300 },
    );
  });

  it('narrowed to a branch, is that branch of the whole book', () => {
    fc.assert(
      fc.property(book, fc.constantFrom(...BRANCHES), (lives, branchId) => {
        const whole = report(lives.flat());
        const one = report(lives.flat(), true, { kind: 'branches', branchIds: [branchId] });
        const line = whole.branches.find((b) => b.branchId === branchId);
        expect(one.branches).toEqual(line ? [line] : []);
        expect(totalsOf(one.total)).toEqual(
          line ? totalsOf(line) : { loans: 0, principalPaise: 0, interestPaise: 0 },
        );
      }),
      { numRuns: 200 },
    );
  });
});

/** A loan's facts in stream order: positions 1, 2, 3… */
const inOrder = (...facts: Unpositioned[]) => facts.map((f, i) => ({ ...f, pos: i + 1 }) as PortfolioFact);
type Unpositioned = PortfolioFact extends infer F ? (F extends unknown ? Omit<F, 'pos'> : never) : never;

describe('a loan on the day', () => {
  const created: Unpositioned = {
    kind: 'created',
    loan: 'loan-a',
    branchId: 'b-north',
    principalPaise: 1_00_000_00,
    annualRateBps: 1800,
    disbursementDate: '2026-03-01',
    policyVersion: 1,
    // 20 g of 22K at ₹6,413 a gram: ₹1,28,260.
    items: [{ netWeightMg: 20_000, purityKarat: 22 }],
  };

  it('accrues interest from disbursement to the day by the interest model when no snapshot is dated that day', () => {
    const { total } = report(inOrder(created));
    const ledger = runLedger(
      { principalPaise: 1_00_000_00, annualRateBps: 1800, disbursementDate: '2026-03-01' },
      [],
      DAY,
    );
    expect(total.principalPaise).toBe(1_00_000_00);
    expect(total.interestPaise).toBe(ledger.interestOutstandingPaise);
    expect(total.interestPaise).toBeGreaterThan(0);
  });

  it('takes the ledger snapshot of the day as it stands, and counts payments dated by then otherwise', () => {
    const paid: Unpositioned = {
      kind: 'payment',
      loan: 'loan-a',
      paymentId: 'p1',
      amountPaise: 30_000_00,
      date: '2026-04-10',
      success: true,
      ledger: { asOf: '2026-04-10', principalPaise: 71_479_45, interestPaise: 0 },
    };
    const expected = runLedger(
      { principalPaise: 1_00_000_00, annualRateBps: 1800, disbursementDate: '2026-03-01' },
      [{ date: '2026-04-10', amountPaise: 30_000_00 }],
      DAY,
    );
    expect(totalsOf(report(inOrder(created, paid)).total)).toMatchObject({
      principalPaise: expected.principalOutstandingPaise,
      interestPaise: expected.interestOutstandingPaise,
    });
    const sameDay = { ...paid, ledger: { asOf: DAY, principalPaise: 70_000_00, interestPaise: 12_34 } };
    expect(totalsOf(report(inOrder(created, sameDay)).total)).toMatchObject({
      principalPaise: 70_000_00,
      interestPaise: 12_34,
    });
  });

  it('leaves out a pending or reversed payment, and a closed, renewed or deleted loan', () => {
    const pending = {
      kind: 'payment' as const,
      loan: 'loan-a',
      paymentId: 'p1',
      amountPaise: 30_000_00,
      date: '2026-04-10',
      success: false,
      ledger: { asOf: '2026-04-10', principalPaise: 1_00_000_00, interestPaise: 2_00_00 },
    };
    const untouched = report(inOrder(created)).total;
    expect(report(inOrder(created, pending)).total).toEqual(untouched);
    const approved: Unpositioned = {
      kind: 'approved',
      loan: 'loan-a',
      paymentId: 'p1',
      ledger: pending.ledger,
    };
    const reversed: Unpositioned = {
      kind: 'reversed',
      loan: 'loan-a',
      paymentId: 'p1',
      ledger: pending.ledger,
    };
    expect(report(inOrder(created, pending, approved)).total.principalPaise).toBeLessThan(1_00_000_00);
    expect(report(inOrder(created, pending, approved, reversed)).total).toEqual(untouched);
    for (const status of ['closed', 'renewed', 'deleted'] as const)
      expect(report(inOrder(created, { kind: 'status', loan: 'loan-a', status })).total.loans).toBe(0);
    expect(
      report(
        inOrder(
          created,
          { kind: 'status', loan: 'loan-a', status: 'closed' },
          { kind: 'status', loan: 'loan-a', status: 'active' },
        ),
      ).total.loans,
    ).toBe(1);
  });

  it('is in the class of its latest change, standard before any', () => {
    const cls = (facts: Unpositioned[]) =>
      report(inOrder(...facts))
        .total.classes.filter((c) => c.loans > 0)
        .map((c) => c.class);
    expect(cls([created])).toEqual(['standard']);
    expect(
      cls([
        created,
        { kind: 'class', loan: 'loan-a', to: 'sma_1' },
        { kind: 'class', loan: 'loan-a', to: 'npa' },
      ]),
    ).toEqual(['npa']);
    // Read in any order, the later position still wins.
    const twice = inOrder(
      created,
      { kind: 'class', loan: 'loan-a', to: 'sma_1' },
      { kind: 'class', loan: 'loan-a', to: 'npa' },
    );
    expect(report([...twice].reverse()).total.classes.find((c) => c.class === 'npa')!.loans).toBe(1);
    const { total } = report(inOrder(created, { kind: 'class', loan: 'loan-a', to: 'npa' }));
    expect(total.npaRatioBps).toBe(10_000);
  });

  it('is not in the book before its disbursement date', () => {
    expect(
      report(inOrder({ ...created, disbursementDate: addDays(DAY, 1) } as Unpositioned)).total.loans,
    ).toBe(0);
  });

  it('has no LTV bands or gold value on a day without a valuation price', () => {
    const { total } = report(inOrder(created), false);
    expect(total.goldValuePaise).toBeNull();
    expect(total.ltvBands).toEqual([]);
    expect(total.loans).toBe(1);
  });
});

describe('the LTV bands', () => {
  it('are the comfort edge and the policy caps, a loan exactly on an edge within it', () => {
    expect(EDGES).toEqual([6000, 7500, 8000, 8500]);
    expect(ltvBandOf(60_00, 100_00, EDGES)).toBe(0);
    expect(ltvBandOf(60_01, 100_00, EDGES)).toBe(1);
    expect(ltvBandOf(85_00, 100_00, EDGES)).toBe(3);
    expect(ltvBandOf(85_01, 100_00, EDGES)).toBe(4);
    expect(ltvBandOf(1, 0, EDGES)).toBe(4);
  });
});
