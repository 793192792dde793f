import { describe, expect, it } from 'vitest';
import { estimateInterest } from './interest-estimate';

describe('the offline interest estimate', () => {
  it('charges 12 % simple interest for 365 days: ₹70,000 costs ₹8,400', () => {
    expect(estimateInterest(70_000)).toEqual({
      totalInterest: 8_400,
      totalAmount: 78_400,
      months: 13,
      minInterestApplied: false,
    });
  });

  it('never charges less than the ₹50 minimum', () => {
    expect(estimateInterest(100, 7)).toMatchObject({ totalInterest: 50, minInterestApplied: true });
  });
});
