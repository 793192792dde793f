import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemValuePaise, LENDING_POLICY } from '@goldledger/contracts';
import { fold } from '../platform/decider.js';
import { after, created, pay } from '../testing/loan-decider-fixtures.js';
import { dayPrices } from '../testing/ltv-prices.js';
import { runLedger } from './interest.js';
import { termsOf } from './loan.rules.js';
import { evolveLoan, initialLoanState, successfulPayments, type LoanState } from './loan.state.js';
import { goldToAddMg, ltvCapOf, ltvStatus, marginCallDeadline, measureLtv, owedOn } from './ltv.js';

/** The shared loan: ₹1,00,000 at 18 % for 6 months from 31 Jan 2026, 24 g net of 22K. */
const loan = fold(evolveLoan, initialLoanState(), created);

describe('what a loan owes for its LTV', () => {
  it('is the outstanding principal and the interest accrued to the day for an EMI loan', () => {
    // 30 days at 18 %: 1,00,000 × 0.18 × 30 / 365 = ₹1,479.45.
    expect(owedOn(loan, '2026-03-02')).toEqual({
      owedPaise: 101_479_45,
      principalPaise: 100_000_00,
      interestPaise: 1_479_45,
      repayableAtMaturityPaise: null,
    });
    const afterPayment = fold(evolveLoan, initialLoanState(), after(created, pay(20_000, '2026-03-02')));
    const ledger = runLedger(termsOf(afterPayment), successfulPayments(afterPayment), '2026-03-02');
    expect(owedOn(afterPayment, '2026-03-02').owedPaise).toBe(
      ledger.principalOutstandingPaise + ledger.interestOutstandingPaise,
    );
    expect(owedOn(afterPayment, '2026-03-02').owedPaise).toBe(101_479_45 - 20_000_00);
  });

  it('is the amount repayable at maturity still unpaid for bullet and monthly-interest loans', () => {
    for (const repaymentType of ['bullet', 'monthly_interest'] as const) {
      const s: LoanState = { ...loan, repaymentType, totalPaymentPaise: 109_000_00 };
      expect(owedOn(s, '2026-03-02')).toEqual({
        owedPaise: 109_000_00,
        principalPaise: 100_000_00,
        interestPaise: 1_479_45,
        repayableAtMaturityPaise: 109_000_00,
      });
      const paid = fold(evolveLoan, s, after(created, pay(20_000, '2026-03-02')).slice(created.length));
      expect(owedOn(paid, '2026-03-02').owedPaise).toBe(89_000_00);
      // Long past maturity the balance has outgrown the total: the balance counts.
      const late = owedOn(s, '2027-06-30');
      expect(late.owedPaise).toBe(late.principalPaise + late.interestPaise);
      expect(late.owedPaise).toBeGreaterThan(109_000_00);
    }
  });
});

describe('the cap a loan is held to', () => {
  it('is the cap recorded at sanction when there is one', () => {
    expect(ltvCapOf({ ...loan, ltvCapBps: 8000 })).toBe(8000);
  });

  it("is the policy's tier for the loan's own principal for loans sanctioned before caps were recorded", () => {
    const before = { ...loan, ltvCapBps: null };
    expect(ltvCapOf(before)).toBe(8500);
    expect(ltvCapOf({ ...before, principalPaise: 3_00_000_00 })).toBe(8000);
    expect(ltvCapOf({ ...before, principalPaise: 6_00_000_00 })).toBe(7500);
    expect(ltvCapOf({ ...before, purpose: 'income_generating' })).toBe(
      LENDING_POLICY.incomeGeneratingLtvCapBps,
    );
  });
});

describe('the LTV at a day’s prices', () => {
  it('is within the cap while 85 % of the gold covers what is owed', () => {
    // 24 g of 22K at ₹6,000: ₹1,44,000; 85 % is ₹1,22,400.
    const f = measureLtv(loan, dayPrices('2026-03-02', { 916: 6_000 }));
    expect(f).toMatchObject({
      goldValuePaise: 144_000_00,
      allowedPaise: 122_400_00,
      capBps: 8500,
      ltvBps: 7047,
      within: true,
      shortfallPaise: 0,
      goldToAddMg: 0,
      referencePurity: 916,
      referencePricePaise: 6_000_00,
    });
    expect(f.items).toEqual([
      {
        index: 0,
        description: 'Chain',
        purity: 916,
        netWeightMg: 24_000,
        pricedFrom: 916,
        bound: 'average30',
        pricePerGramPaise: 6_000_00,
        valuePaise: 144_000_00,
      },
    ]);
    expect(ltvStatus(loan, f)).toBe('within');
  });

  it('names the amount to pay and the 22K gold to add when prices fall 20 %', () => {
    // ₹4,800 a gram: ₹1,15,200 of gold, 85 % is ₹97,920 against ₹1,01,479.45 owed.
    const f = measureLtv(loan, dayPrices('2026-03-02', { 916: 4_800 }));
    expect(f.within).toBe(false);
    expect(f.allowedPaise).toBe(97_920_00);
    expect(f.shortfallPaise).toBe(101_479_45 - 97_920_00);
    expect(f.ltvBps).toBe(8809);
    // ceil(1,01,479.45 / 0.85) = ₹1,19,387.59; ₹4,187.59 more at ₹4,800 a gram = 872.415 g → 873 mg… up.
    expect(f.goldToAddMg).toBe(873);
    expect(ltvStatus(loan, f)).toBe('over_cap');
    expect(
      ltvStatus({ marginCall: { raisedOn: '2026-03-02', shortfallPaise: 1, escalatedOn: null } }, f),
    ).toBe('margin_call');
    expect(
      ltvStatus({ marginCall: { raisedOn: '2026-03-02', shortfallPaise: 1, escalatedOn: '2026-03-17' } }, f),
    ).toBe('escalated');
  });

  it('values each item at its own purity’s price', () => {
    const mixed: LoanState = {
      ...loan,
      goldItems: [
        { description: 'Chain', grossWeightMg: 10_000, netWeightMg: 10_000, purityKarat: 22 },
        { description: 'Coin', grossWeightMg: 5_000, netWeightMg: 5_000, purityKarat: 24, purity: 999 },
        { description: 'Ring', grossWeightMg: 4_000, netWeightMg: 3_500, purityKarat: 18 },
      ],
    };
    const f = measureLtv(mixed, dayPrices('2026-03-02', { 916: 6_000, 999: 6_500, 750: 4_900 }));
    expect(f.items.map((i) => [i.purity, i.valuePaise])).toEqual([
      [916, 60_000_00],
      [999, 32_500_00],
      [750, 17_150_00],
    ]);
    expect(f.goldValuePaise).toBe(109_650_00);
  });

  it('refuses to value a purity the day’s prices do not include', () => {
    expect(() => measureLtv(loan, dayPrices('2026-03-02', { 999: 6_500 }))).toThrow(/purity 916/);
  });

  it('escalates on the day the policy’s days have passed', () => {
    expect(marginCallDeadline('2026-03-02', LENDING_POLICY)).toBe('2026-03-17');
  });
});

describe('the gold to add', () => {
  it('is the least whole-milligram weight whose exact value brings the loan within its cap (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_00_00_000_00 }),
        fc.integer({ min: 0, max: 5_00_00_000_00 }),
        fc.constantFrom(7500, 8000, 8500),
        fc.integer({ min: 1_000_00, max: 20_000_00 }),
        (owed, value, cap, price) => {
          const within = (v: number) => owed <= Math.floor((v * cap) / 10_000);
          const mg = goldToAddMg(owed, value, cap, price);
          expect(within(value + itemValuePaise(mg, price))).toBe(true);
          // A milligram less is worth too little (its exact value, before the paisa rounding).
          if (mg > 0) expect(within(value + Math.floor(((mg - 1) * price) / 1000))).toBe(false);
          if (within(value)) expect(mg).toBe(0);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
