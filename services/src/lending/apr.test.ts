import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, LENDING_POLICY, type RepaymentType } from '@goldledger/contracts';
import { installmentsFor } from '../testing/sanction-fixtures.js';
import { annualPercentageRate, scheduledPayments, type CashFlow, type Charge } from './apr.js';
import { buildInstallments, runLedger, totalForTerm } from './interest.js';

const YEAR = LENDING_POLICY.daysInYear;
const apr = (
  principalPaise: number,
  payments: CashFlow[],
  charges: Charge[] = [],
  disbursedOn = '2026-11-02',
) => annualPercentageRate({ disbursedOn, principalPaise, charges, payments, daysInYear: YEAR });

describe('the worked example of the APR (docs/interest.md, "Annual percentage rate (KFS)")', () => {
  // ₹1,00,000 at 18 % for 3 months, equal installments, from 2 Nov 2026.
  const terms = { principalPaise: 1_00_000_00, annualRateBps: 1800, disbursementDate: '2026-11-02' };
  const installments = buildInstallments(totalForTerm(terms, 3), 3, '2026-11-02', 2);
  const payments = scheduledPayments(terms, installments, LENDING_POLICY);

  it('has three installments of ₹34,869.14', () => {
    expect(installments).toEqual([
      { number: 1, dueDate: '2026-12-02', amountPaise: 34_869_14 },
      { number: 2, dueDate: '2027-01-02', amountPaise: 34_869_14 },
      { number: 3, dueDate: '2027-02-02', amountPaise: 34_869_14 },
    ]);
  });

  it('pays the first two in full, and ₹33,261.26 on 2 Feb closes the loan', () => {
    expect(payments).toEqual([
      {
        date: '2026-12-02',
        amountPaise: 34_869_14,
        installmentNumber: 1,
        scheduledPaise: 34_869_14,
        closes: false,
      },
      {
        date: '2027-01-02',
        amountPaise: 34_869_14,
        installmentNumber: 2,
        scheduledPaise: 34_869_14,
        closes: false,
      },
      {
        date: '2027-02-02',
        amountPaise: 33_261_26,
        installmentNumber: 3,
        scheduledPaise: 34_869_14,
        closes: true,
      },
    ]);
    const books = runLedger(terms, payments.slice(0, 2), '2027-02-02');
    expect(books.allocations).toEqual([
      { interestPaise: 1_479_45, principalPaise: 33_389_69 },
      { interestPaise: 1_018_80, principalPaise: 33_850_34 },
    ]);
    expect(books.principalOutstandingPaise).toBe(32_759_97);
    expect(books.interestOutstandingPaise).toBe(501_29);
  });

  it('solves to 1956.80 basis points, 19.57 % a year, the payments worth ₹1,00,000.00 on the loan date', () => {
    const a = apr(terms.principalPaise, payments);
    expect(a.aprBps).toBe(1956.8);
    expect(a.rate).toBeCloseTo(0.19568, 6);
    expect(a.disbursedPaise).toBe(1_00_000_00);
    expect(a.totalPaidPaise).toBe(1_02_999_54);
    expect(a.flows.map((f) => [f.days, Math.round(f.presentValuePaise)])).toEqual([
      [30, 34_360_69],
      [61, 33_843_09],
      [92, 31_796_22],
    ]);
    expect(a.flows.reduce((s, f) => s + f.presentValuePaise, 0)).toBeCloseTo(1_00_000_00, 4);
    expect(a.iterations).toBe(40);
  });

  it('is dearer than 18 %: at 18 % the payments are worth ₹1,00,218.02, more than was lent', () => {
    const worth = payments.reduce(
      (s, p, i) => s + p.amountPaise / Math.pow(1.18, [30, 61, 92][i]! / YEAR),
      0,
    );
    expect(Math.round(worth)).toBe(1_00_218_02);
  });

  it('with a ₹500 processing fee taken from the payout would be 2325.90 basis points', () => {
    const a = apr(terms.principalPaise, payments, [{ name: 'Processing fee', amountPaise: 500_00 }]);
    expect(a.disbursedPaise).toBe(99_500_00);
    expect(a.upfrontChargesPaise).toBe(500_00);
    expect(a.aprBps).toBe(2325.9);
  });

  it('would read 3107.25 basis points if the installments were taken as they stand (why they are not)', () => {
    const literal = installments.map((i) => ({ date: i.dueDate, amountPaise: i.amountPaise }));
    expect(apr(terms.principalPaise, literal).aprBps).toBe(3107.25);
  });
});

describe('the APR solver', () => {
  it('counts a charge paid later as a payment on its day', () => {
    const base = apr(1_00_000_00, [{ date: '2027-11-02', amountPaise: 1_10_000_00 }]);
    const later = apr(
      1_00_000_00,
      [{ date: '2027-11-02', amountPaise: 1_10_000_00 }],
      [{ name: 'Valuation fee', amountPaise: 1_000_00, dueOn: '2027-11-02' }],
    );
    expect(base.aprBps).toBe(1000);
    expect(later.aprBps).toBe(1100);
    expect(later.flows).toHaveLength(2);
  });

  it('refuses what has no rate: nothing paid out, no payments, a payment before the payout', () => {
    expect(() =>
      apr(500_00, [{ date: '2027-01-01', amountPaise: 600_00 }], [{ name: 'Fee', amountPaise: 500_00 }]),
    ).toThrow('Charges taken at disbursement leave nothing paid out');
    expect(() => apr(500_00, [])).toThrow('An APR needs at least one payment');
    expect(() => apr(500_00, [{ date: '2026-11-01', amountPaise: 600_00 }])).toThrow(
      'A payment cannot come before the loan is paid out',
    );
    expect(() => apr(500_00, [{ date: '2026-12-01', amountPaise: 0 }])).toThrow(
      'positive whole number of paise',
    );
  });
});

const date = fc.integer({ min: 0, max: 3_000 }).map((d) => addDays('2025-01-01', d));
/** Payments a month or more after the payout (sooner, a 30 % dearer loan has no finite yearly rate), in any order. */
const flows = (min = 1, max = 24) =>
  fc.array(
    fc.record({
      day: fc.integer({ min: 30, max: 1_830 }),
      amountPaise: fc.integer({ min: 1_00, max: 5_00_000_00 }),
    }),
    {
      minLength: min,
      maxLength: max,
    },
  );

describe('APR properties', () => {
  it('is 0 for a loan paid back exactly, however the payments are spread', () => {
    fc.assert(
      fc.property(
        date,
        fc.array(
          fc.record({ day: fc.integer({ min: 0, max: 1_830 }), part: fc.integer({ min: 1, max: 1_000 }) }),
          { minLength: 1, maxLength: 12 },
        ),
        (on, parts) => {
          const total = parts.reduce((s, p) => s + p.part, 0) * 100;
          const a = apr(
            total,
            parts.map((p) => ({ date: addDays(on, p.day), amountPaise: p.part * 100 })),
            [],
            on,
          );
          expect(a.aprBps).toBe(0);
          expect(a.rate).toBe(0);
        },
      ),
    );
  });

  it('does not depend on the order the payments are given in', () => {
    fc.assert(
      fc.property(date, flows(), fc.integer(), (on, fs, seed) => {
        const payments = fs.map((f) => ({ date: addDays(on, f.day), amountPaise: f.amountPaise }));
        const total = payments.reduce((s, p) => s + p.amountPaise, 0);
        const lent = Math.max(1, Math.floor(total * 0.8));
        const shuffled = [...payments].sort(
          (a, b) => ((a.amountPaise * 31 + seed) % 97) - ((b.amountPaise * 31 + seed) % 97),
        );
        const a = apr(lent, payments, [], on);
        const b = apr(lent, [...payments].reverse(), [], on);
        const c = apr(lent, shuffled, [], on);
        expect(b.rate).toBe(a.rate);
        expect(c.rate).toBe(a.rate);
        expect(c.flows).toEqual(a.flows);
      }),
    );
  });

  it('rises with every charge added, upfront or later', () => {
    fc.assert(
      fc.property(
        date,
        flows(1, 12),
        fc.integer({ min: 1_00, max: 10_000_00 }),
        fc.integer({ min: 0, max: 1_830 }),
        fc.boolean(),
        (on, fs, fee, feeDay, upfront) => {
          const payments = fs.map((f) => ({ date: addDays(on, f.day), amountPaise: f.amountPaise }));
          const total = payments.reduce((s, p) => s + p.amountPaise, 0);
          const lent = Math.floor(total / 1.3);
          fc.pre(lent > fee + 100_00);
          const charge: Charge = upfront
            ? { name: 'Processing fee', amountPaise: fee }
            : { name: 'Valuation fee', amountPaise: fee, dueOn: addDays(on, feeDay) };
          const without = apr(lent, payments, [], on);
          const withFee = apr(lent, payments, [charge], on);
          const withTwo = apr(lent, payments, [charge, { name: 'Stamp duty', amountPaise: 1_00 }], on);
          expect(withFee.rate).toBeGreaterThan(without.rate);
          expect(withTwo.rate).toBeGreaterThan(withFee.rate);
        },
      ),
    );
  });

  it('is at least the nominal rate for a loan kept to its schedule, in any structure (compounding only adds)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000_00, max: 20_00_000_00 }),
        fc.constantFrom(...LENDING_POLICY.rateOptionsBps),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom<RepaymentType>('emi', 'bullet', 'monthly_interest'),
        date,
        (principalPaise, annualRateBps, termMonths, structure, disbursementDate) => {
          const terms = { principalPaise, annualRateBps, disbursementDate };
          const schedule = installmentsFor(structure, terms, termMonths);
          const payments = scheduledPayments(terms, schedule, LENDING_POLICY);
          const a = apr(principalPaise, payments, [], disbursementDate);
          // A loan closed within the rebate window gives back a share of its interest: the floor is the rate less that share.
          const rebate = LENDING_POLICY.earlyClosureRebate;
          const days = a.flows.at(-1)!.days;
          const floor =
            days <= rebate.withinDays ? (annualRateBps * (10_000 - rebate.bps)) / 10_000 : annualRateBps;
          expect(a.aprBps).toBeGreaterThanOrEqual(floor);
          // …and about what compounding every block makes of the rate in a year: never far above it.
          const block = LENDING_POLICY.compoundingBlockDays;
          const effective = Math.pow(1 + (annualRateBps / 10_000) * (block / YEAR), YEAR / block) - 1;
          expect(a.rate).toBeLessThanOrEqual(effective + 0.002);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('closes the loan exactly: the scheduled payments leave nothing owed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000_00, max: 20_00_000_00 }),
        fc.constantFrom(...LENDING_POLICY.rateOptionsBps),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom<RepaymentType>('emi', 'bullet', 'monthly_interest'),
        (principalPaise, annualRateBps, termMonths, structure) => {
          const terms = { principalPaise, annualRateBps, disbursementDate: '2026-01-31' };
          const payments = scheduledPayments(
            terms,
            installmentsFor(structure, terms, termMonths),
            LENDING_POLICY,
          );
          expect(payments.filter((p) => p.closes)).toHaveLength(1);
          expect(payments.at(-1)!.closes).toBe(true);
          for (const p of payments.slice(0, -1)) expect(p.amountPaise).toBe(p.scheduledPaise);
        },
      ),
      { numRuns: 40 },
    );
  });
});
