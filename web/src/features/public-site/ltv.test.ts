import {
  eligibleAgainst,
  fineGoldMgByFineness,
  finenessOfKarat,
  itemValuePaise,
  LENDING_POLICY,
  ltvCapBpsFor,
} from '@goldledger/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFERENCE_PURITY } from '@/lib/lending-options';
import { CALCULATOR } from './figures';
import { calculatorLoanAmount, eligibilityFor } from './ltv';

describe('the indicative eligible amount', () => {
  it('lends 85 % of a small loan: 10 g of 24K at a valuation price of ₹7,000 is worth ₹70,000 and secures ₹59,500', () => {
    expect(eligibilityFor(10, 24, 7000)).toEqual({
      fineGoldGrams: 9.99,
      goldValue: 70_000,
      eligibleAmount: 59_500,
      capPercent: 85,
    });
  });

  it('values 22K gold at the 22K valuation price: 24 g at ₹6,400 is worth ₹1,53,600 (21.984 g fine)', () => {
    expect(eligibilityFor(24, 22, 6400)).toMatchObject({ goldValue: 1_53_600, fineGoldGrams: 21.984 });
  });

  it('stops at ₹2.5 lakh where 80 % of the value would be less than that', () => {
    // Value ₹3,10,000: 85 % = 2,63,500 is over the first slab; 80 % = 2,48,000 is under it.
    expect(eligibilityFor(31, 24, 10_000)).toMatchObject({ eligibleAmount: 2_50_000, capPercent: 85 });
  });

  it('lends 75 % above ₹5 lakh', () => {
    expect(eligibilityFor(100, 24, 10_000)).toMatchObject({ eligibleAmount: 7_50_000, capPercent: 75 });
  });
});

describe('the public calculator and the server value gold alike', () => {
  const grams = fc.integer({ min: 1, max: 5_000_000 }).map((mg) => mg / 1000);
  const karat = fc.constantFrom(...LENDING_POLICY.purityOptionsKarat);
  const rupeesPerGram = fc.integer({ min: 100, max: 2_000_000 }).map((paise) => paise / 100);

  it("equals the server's item value and eligible amount for any weight, purity and price", () => {
    fc.assert(
      fc.property(grams, karat, rupeesPerGram, (g, k, price) => {
        const netWeightMg = Math.round(g * 1000);
        const serverValue = itemValuePaise(netWeightMg, Math.round(price * 100));
        const serverEligible = eligibleAgainst(serverValue);
        const web = eligibilityFor(g, k, price);
        expect(Math.round(web.goldValue * 100)).toBe(serverValue);
        expect(Math.round(web.fineGoldGrams * 1000)).toBe(
          fineGoldMgByFineness([{ netWeightMg, purity: finenessOfKarat(k) }]),
        );
        // Whole rupees, never above the server's eligible amount, and less than a rupee below it.
        expect(Number.isInteger(web.eligibleAmount)).toBe(true);
        expect(Math.round(web.eligibleAmount * 100)).toBeLessThanOrEqual(serverEligible);
        expect(serverEligible - Math.round(web.eligibleAmount * 100)).toBeLessThan(100);
        expect(web.capPercent * 100).toBe(ltvCapBpsFor(web.eligibleAmount * 100));
      }),
    );
  });

  it('never lends more than the cap of its own slab allows', () => {
    fc.assert(
      fc.property(grams, karat, rupeesPerGram, (g, k, price) => {
        const web = eligibilityFor(g, k, price);
        expect(web.eligibleAmount).toBeLessThanOrEqual((web.goldValue * web.capPercent) / 100 + 1e-9);
      }),
    );
  });
});

describe('the home page calculator and the eligibility page (issue 19, point 8)', () => {
  it('lend the same LTV-capped amount for the same grams: 10 g of 22K at ₹6,400 secures ₹54,400, not ₹64,000', () => {
    expect(calculatorLoanAmount(10, 6400)).toBe(54_400);
    expect(eligibilityFor(10, 22, 6400).eligibleAmount).toBe(54_400);
  });

  it('agree for any weight and price, at the 22K valuation price the calculator asks for', () => {
    expect(finenessOfKarat(CALCULATOR.purityKarat)).toBe(REFERENCE_PURITY);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000 }).map((mg) => mg / 1000),
        fc.integer({ min: 100, max: 2_000_000 }).map((paise) => paise / 100),
        (g, price) => {
          expect(calculatorLoanAmount(g, price)).toBe(eligibilityFor(g, 22, price).eligibleAmount);
        },
      ),
    );
  });
});
