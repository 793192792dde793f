import { describe, expect, it } from 'vitest';
import { amountInWords, numberInWords } from './amount-in-words';

describe('amountInWords (Indian system)', () => {
  it.each([
    [150_000, 'One Lakh Fifty Thousand Rupees'],
    [100, 'One Hundred Rupees'],
    [1, 'One Rupee'],
    [0, 'Zero Rupees'],
    [15, 'Fifteen Rupees'],
    [21, 'Twenty One Rupees'],
    [1_000, 'One Thousand Rupees'],
    [99_999, 'Ninety Nine Thousand Nine Hundred Ninety Nine Rupees'],
    [100_000, 'One Lakh Rupees'],
    [250_000, 'Two Lakh Fifty Thousand Rupees'],
    [1_005_000, 'Ten Lakh Five Thousand Rupees'],
    [10_000_000, 'One Crore Rupees'],
    [123_456_789, 'Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine Rupees'],
    [1_000_000_000, 'One Hundred Crore Rupees'],
  ])('%d → %s', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it('says the paise when there are any', () => {
    expect(amountInWords(100.5)).toBe('One Hundred Rupees and Fifty Paise');
    expect(amountInWords(2.05)).toBe('Two Rupees and Five Paise');
  });

  it('gives nothing for a negative or unreadable amount', () => {
    expect(amountInWords(-1)).toBe('');
    expect(amountInWords(Number.NaN)).toBe('');
    expect(numberInWords(Number.POSITIVE_INFINITY)).toBe('');
  });
});
