import { describe, expect, it } from 'vitest';
import { displayDate, grams, inr } from './format.js';

describe('figures on documents', () => {
  it('show weights to 2 decimals, half away from zero', () => {
    expect(grams(12_345)).toBe('12.35');
    expect(grams(8_500)).toBe('8.50');
    expect(grams(4)).toBe('0.00');
    expect(grams(5)).toBe('0.01');
    expect(grams(1_234_567)).toBe('1234.57');
  });

  it('show rupees in en-IN grouping with the rupee sign', () => {
    expect(inr(1_00_000_00)).toBe('₹1,00,000');
    expect(inr(12_34_567_50)).toBe('₹12,34,568');
  });

  it('show business dates as day, month and year', () => {
    expect(displayDate('2026-05-21')).toBe('21 May 2026');
    expect(displayDate(null)).toBe('-');
  });
});
