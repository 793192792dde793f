import { describe, expect, it } from 'vitest';
import { estimateInterest, termMonthsOf, termText } from './interest-estimate';

describe('the offline interest estimate', () => {
  it('charges 12 % simple interest for 365 days: ₹70,000 costs ₹8,400', () => {
    expect(estimateInterest(70_000)).toEqual({
      totalInterest: 8_400,
      totalAmount: 78_400,
      months: 12,
      minInterestApplied: false,
    });
  });

  it('says the 365-day term is "12 months", not the API\'s 13 compounding blocks', () => {
    expect(termText()).toBe('12 months');
    expect(termMonthsOf(365)).toBe(12);
    expect(termText(95)).toBe('3 months');
    expect(termText(10)).toBe('1 month');
  });

  it('never charges less than the ₹50 minimum', () => {
    expect(estimateInterest(100, 7)).toMatchObject({ totalInterest: 50, minInterestApplied: true });
  });
});
