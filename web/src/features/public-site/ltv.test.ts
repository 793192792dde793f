import { fineGoldMg, LENDING_POLICY, ltvCapBpsFor, valueGold } from '@goldledger/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eligibilityFor } from './ltv';

describe('the indicative eligible amount', () => {
  it('lends 85 % of a small loan: 10 g of 24K at ₹7,000 is worth ₹70,000 and secures ₹59,500', () => {
    expect(eligibilityFor(10, 24, 7000)).toEqual({
      fineGoldGrams: 10,
      goldValue: 70_000,
      eligibleAmount: 59_500,
      capPercent: 85,
    });
  });

  it('values 22K gold at 22/24 of the rate', () => {
    expect(eligibilityFor(24, 22, 7000).goldValue).toBe(1_54_000);
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

  it("equals contracts' valueGold for any weight, purity and rate", () => {
    fc.assert(
      fc.property(grams, karat, rupeesPerGram, (g, k, rate) => {
        const items = [
          {
            description: 'Gold',
            grossWeightMg: Math.round(g * 1000),
            netWeightMg: Math.round(g * 1000),
            purityKarat: k,
          },
        ];
        const server = valueGold(items, Math.round(rate * 100), 0);
        const web = eligibilityFor(g, k, rate);
        expect(Math.round(web.goldValue * 100)).toBe(server.goldValuePaise);
        expect(Math.round(web.fineGoldGrams * 1000)).toBe(fineGoldMg(items));
        // Whole rupees, never above the server's eligible amount, and less than a rupee below it.
        expect(Number.isInteger(web.eligibleAmount)).toBe(true);
        expect(Math.round(web.eligibleAmount * 100)).toBeLessThanOrEqual(server.eligiblePaise);
        expect(server.eligiblePaise - Math.round(web.eligibleAmount * 100)).toBeLessThan(100);
        expect(web.capPercent * 100).toBe(ltvCapBpsFor(web.eligibleAmount * 100));
      }),
    );
  });

  it('never lends more than the cap of its own slab allows', () => {
    fc.assert(
      fc.property(grams, karat, rupeesPerGram, (g, k, rate) => {
        const web = eligibilityFor(g, k, rate);
        expect(web.eligibleAmount).toBeLessThanOrEqual((web.goldValue * web.capPercent) / 100 + 1e-9);
      }),
    );
  });
});
