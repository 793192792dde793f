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
