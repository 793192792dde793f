import { describe, expect, it } from 'vitest';
import { LENDING_POLICY, nonWorkingReason } from '@goldledger/contracts';
import { demoGoldPriceRows } from './demo-gold-prices.js';

const rows = demoGoldPriceRows('2026-11-21', 1, LENDING_POLICY);
const at916 = rows.filter((r) => r.purity === 916);

describe('the demo’s gold price history', () => {
  it('runs two years and a window before them, to the last working day before today', () => {
    expect(at916[0]!.date).toBe('2024-10-08');
    expect(at916.at(-1)!.date).toBe('2026-11-20');
    // About 313 working days a year: Sundays and the policy's holidays have no close.
    expect(at916.length).toBeGreaterThan(650);
    expect(at916.every((r) => nonWorkingReason(r.date, LENDING_POLICY) === null)).toBe(true);
    expect(rows.length).toBe(at916.length * LENDING_POLICY.goldPrices.publishedPurities.length);
  });

  it('rises from about ₹6,500 to about ₹11,000 a gram of 22K, in whole rupees, never wildly', () => {
    expect(at916[0]!.pricePerGramPaise).toBe(6_500_00);
    expect(at916.at(-1)!.pricePerGramPaise).toBe(11_000_00);
    for (let i = 1; i < at916.length; i++) {
      const change = at916[i]!.pricePerGramPaise / at916[i - 1]!.pricePerGramPaise - 1;
      expect(Math.abs(change)).toBeLessThan(0.05);
    }
    expect(rows.every((r) => r.pricePerGramPaise % 100 === 0)).toBe(true);
    const prices = at916.map((r) => r.pricePerGramPaise);
    expect(Math.min(...prices)).toBeGreaterThan(5_000_00);
    expect(Math.max(...prices)).toBeLessThan(13_000_00);
  });

  it('prices every purity by its fineness on each day', () => {
    const day = rows.filter((r) => r.date === '2026-06-15');
    const p916 = day.find((r) => r.purity === 916)!.pricePerGramPaise;
    for (const r of day)
      expect(Math.abs(r.pricePerGramPaise - (p916 * r.purity) / 916)).toBeLessThanOrEqual(100);
    expect(day.map((r) => r.purity)).toEqual([999, 995, 916, 750, 585]);
  });

  it('is the same for the same seed and day, another walk for another seed', () => {
    expect(demoGoldPriceRows('2026-11-21', 1, LENDING_POLICY)).toEqual(rows);
    expect(demoGoldPriceRows('2026-11-21', 2, LENDING_POLICY)).not.toEqual(rows);
  });
});
