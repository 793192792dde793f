import { describe, expect, it } from 'vitest';
import { isSuccessMessage, parseGoldRate } from './gold-rate';

describe('the gold rate field', () => {
  it('takes a decimal rate in rupees per gram', () => {
    expect(parseGoldRate('7250')).toEqual({ rate: 7250 });
    expect(parseGoldRate(' 7250.55 ')).toEqual({ rate: 7250.55 });
  });

  it('says what is wrong with an empty, zero, negative or unreadable rate', () => {
    expect(parseGoldRate('')).toEqual({ error: 'Please enter the gold rate per gram' });
    expect(parseGoldRate('0')).toEqual({ error: 'Gold rate must be a positive number' });
    expect(parseGoldRate('-5')).toEqual({ error: 'Gold rate must be a positive number' });
    expect(parseGoldRate('abc')).toEqual({ error: 'Gold rate must be a positive number' });
    expect(parseGoldRate('7000.123')).toEqual({ error: 'Gold rate can have at most 2 decimal places' });
    expect(parseGoldRate('1000000')).toEqual({ error: 'Gold rate must be at most ₹1,00,000 per gram' });
  });

  it('shows messages containing success in green', () => {
    expect(isSuccessMessage('Gold rate updated successfully!')).toBe(true);
    expect(isSuccessMessage('Failed to update gold rate. Please try again.')).toBe(false);
  });
});
