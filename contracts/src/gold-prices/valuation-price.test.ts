import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nonWorkingReason } from '../lending/calendar.js';
import { addDays } from '../lending/dates.js';
import { LENDING_POLICY, type LendingPolicy } from '../lending/policy.js';
import {
  finenessOfKarat,
  MissingGoldPriceError,
  nearestPublished,
  previousWorkingDay,
  valuationPrice,
  type CloseLookup,
} from './valuation-price.js';

const policy = LENDING_POLICY;

/**
 * 35 calendar days, 2026-10-17 to 2026-11-20, of 22K (916) closes on working days: 29 closes
 * (five Sundays and Dussehra, 2026-10-20, have none). ₹10,000 a gram, a dip to ₹9,000 on
 * Wednesday 4 November, a spike to ₹11,500 on Thursday 12 November, then ₹10,200.
 */
function series(): Map<string, number> {
  const closes = new Map<string, number>();
  for (let d = '2026-10-17'; d <= '2026-11-20'; d = addDays(d, 1)) {
    if (nonWorkingReason(d, policy)) continue;
    closes.set(
      d,
      d === '2026-11-04'
        ? 9_000_00
        : d === '2026-11-12'
          ? 11_500_00
          : d >= '2026-11-13'
            ? 10_200_00
            : 10_000_00,
    );
  }
  return closes;
}

const only916 =
  (closes: Map<string, number>): CloseLookup =>
  (date, purity) =>
    purity === 916 ? closes.get(date) : undefined;

describe('the 35-day series', () => {
  it('has 29 closes: Sundays and Dussehra have none', () => {
    expect(series().size).toBe(29);
  });
});

describe('the valuation price: the lower of the 30-day average and the previous working day’s close', () => {
  const closes = only916(series());

  it('the day after the dip: the previous close (₹9,000) binds, under the average (₹9,933.33)', () => {
    // Window 6 Oct - 4 Nov holds 15 closes: 14 × ₹10,000 + ₹9,000 = ₹1,49,000; / 15 = ₹9,933.33.
    expect(valuationPrice(closes, 916, '2026-11-05', policy)).toEqual({
      purity: 916,
      pricedFrom: 916,
      pricePaise: 9_000_00,
      average30Paise: 9_933_33,
      previousClosePaise: 9_000_00,
      bound: 'previousClose',
      from: '2026-10-06',
      to: '2026-11-04',
      previousDay: '2026-11-04',
      closesInWindow: 15,
    });
  });

  it('the day after the spike: the average (₹10,022.73) binds, far under the spike’s ₹11,500', () => {
    // 22 closes: 20 × ₹10,000 + ₹9,000 + ₹11,500 = ₹2,20,500; / 22 = ₹10,022.727… → ₹10,022.73.
    expect(valuationPrice(closes, 916, '2026-11-13', policy)).toMatchObject({
      pricePaise: 10_022_73,
      average30Paise: 10_022_73,
      previousClosePaise: 11_500_00,
      bound: 'average30',
      from: '2026-10-14',
      to: '2026-11-12',
      closesInWindow: 22,
    });
  });

  it('a day the price has risen since the window began: the average binds', () => {
    // 26 closes: 17 × ₹10,000 + ₹9,000 + ₹11,500 + 7 × ₹10,200 = ₹2,61,900; / 26 = ₹10,073.08.
    expect(valuationPrice(closes, 916, '2026-11-21', policy)).toMatchObject({
      pricePaise: 10_073_08,
      average30Paise: 10_073_08,
      previousClosePaise: 10_200_00,
      bound: 'average30',
      from: '2026-10-22',
      to: '2026-11-20',
      previousDay: '2026-11-20',
      closesInWindow: 26,
    });
  });

  it('a flat price: both limbs equal, and the average is named as the bound', () => {
    expect(valuationPrice(closes, 916, '2026-11-04', policy)).toMatchObject({
      pricePaise: 10_000_00,
      average30Paise: 10_000_00,
      previousClosePaise: 10_000_00,
      bound: 'average30',
    });
  });

  it('walks the whole series: which limb binds on which day', () => {
    const days: string[] = [];
    for (let d = '2026-10-19'; d <= '2026-11-21'; d = addDays(d, 1)) days.push(d);
    const binds = Object.fromEntries(
      days.map((d) => {
        const v = valuationPrice(closes, 916, d, policy);
        return [d, `${v.bound} ${v.pricePaise}`];
      }),
    );
    // Before the dip the price is flat; only the day after the dip does the close bind.
    expect(binds['2026-11-04']).toBe('average30 1000000');
    expect(binds['2026-11-05']).toBe('previousClose 900000');
    expect(binds['2026-11-06']).toBe('average30 993750');
    // The spike lifts the close, never the price: the average binds from the spike on.
    expect(binds['2026-11-12']).toBe('average30 995238');
    expect(binds['2026-11-13']).toBe('average30 1002273');
    expect(binds['2026-11-14']).toBe('average30 1003043');
    expect(Object.values(binds).filter((b) => b.startsWith('previousClose'))).toEqual([
      'previousClose 900000',
    ]);
    for (const d of days) {
      const v = valuationPrice(closes, 916, d, policy);
      expect(v.pricePaise).toBe(Math.min(v.average30Paise, v.previousClosePaise));
    }
  });
});

describe('the previous working day', () => {
  it('skips a Sunday: Monday 16 November takes Saturday 14 November’s close', () => {
    expect(previousWorkingDay('2026-11-16', policy)).toBe('2026-11-14');
    expect(valuationPrice(only916(series()), 916, '2026-11-16', policy)).toMatchObject({
      previousDay: '2026-11-14',
      previousClosePaise: 10_200_00,
      // The window still runs to the day before (Sunday): 24 closes.
      from: '2026-10-17',
      to: '2026-11-15',
      closesInWindow: 24,
    });
  });

  it('skips a policy holiday: Wednesday 21 October takes Monday 19 October’s (Dussehra is the 20th)', () => {
    expect(previousWorkingDay('2026-10-21', policy)).toBe('2026-10-19');
    expect(valuationPrice(only916(series()), 916, '2026-10-21', policy)).toMatchObject({
      previousDay: '2026-10-19',
      closesInWindow: 2,
    });
  });

  it('skips a holiday and a Sunday together (Diwali on Sunday 8 November)', () => {
    expect(previousWorkingDay('2026-11-09', policy)).toBe('2026-11-07');
  });
});

describe('a missing previous working day', () => {
  it('refuses with "Gold prices for {date} have not been entered", naming that day', () => {
    const closes = series();
    closes.delete('2026-11-19');
    expect(() => valuationPrice(only916(closes), 916, '2026-11-20', policy)).toThrow(
      new MissingGoldPriceError('2026-11-19'),
    );
    expect(() => valuationPrice(only916(closes), 916, '2026-11-20', policy)).toThrow(
      'Gold prices for 2026-11-19 have not been entered',
    );
    // The day after is priced again: the gap only thins the average.
    expect(valuationPrice(only916(closes), 916, '2026-11-21', policy).closesInWindow).toBe(25);
  });

  it('refuses before the register begins', () => {
    expect(() => valuationPrice(only916(series()), 916, '2026-10-17', policy)).toThrow(
      'Gold prices for 2026-10-16 have not been entered',
    );
  });

  it('uses the previous close as the average when a short window holds no close (policy with 1 day)', () => {
    const oneDay: LendingPolicy = { ...policy, goldPrices: { ...policy.goldPrices, averageDays: 1 } };
    // Monday: the window is Sunday alone, which has no close.
    expect(valuationPrice(only916(series()), 916, '2026-11-16', oneDay)).toMatchObject({
      pricePaise: 10_200_00,
      average30Paise: 10_200_00,
      closesInWindow: 0,
    });
  });
});

describe('a purity that is not published', () => {
  it('takes the nearest published purity with a close, scaled by fineness (750 from 916)', () => {
    // 18K is published, but has no close here: 916 is the nearest that has one.
    const v = valuationPrice(only916(series()), 750, '2026-11-21', policy);
    expect(v).toMatchObject({
      purity: 750,
      pricedFrom: 916,
      // ₹10,073.08 × 750 / 916 = ₹8,247.61; ₹10,200 × 750 / 916 = ₹8,351.53.
      average30Paise: 8_247_61,
      previousClosePaise: 8_351_53,
      pricePaise: 8_247_61,
      bound: 'average30',
    });
  });

  it('prices 20K (833) from the nearer of two published purities, the lower one on a tie', () => {
    const closes: CloseLookup = (date, purity) =>
      date === '2026-11-20'
        ? ({ 916: 10_000_00, 750: 8_000_00 } as Record<number, number>)[purity]
        : undefined;
    // 833 is 83 from both 916 and 750: the lender never values up, so 750.
    expect(valuationPrice(closes, 833, '2026-11-21', policy)).toMatchObject({
      pricedFrom: 750,
      previousClosePaise: 8_885_33, // ₹8,000 × 833 / 750
      pricePaise: 8_885_33,
    });
    // 834 is nearer 916.
    expect(valuationPrice(closes, 834, '2026-11-21', policy)).toMatchObject({
      pricedFrom: 916,
      previousClosePaise: 9_104_80, // ₹10,000 × 834 / 916 = ₹9,104.80
    });
    // A published purity with its own close is never scaled.
    expect(valuationPrice(closes, 750, '2026-11-21', policy).pricedFrom).toBe(750);
  });

  it('nearestPublished and finenessOfKarat name the register’s purities', () => {
    expect(nearestPublished(958, [999, 995, 916, 750, 585])).toBe(995);
    expect(nearestPublished(600, [999, 995, 916, 750, 585])).toBe(585);
    expect(nearestPublished(916, [999, 916])).toBe(916);
    expect([24, 22, 20, 18, 14].map(finenessOfKarat)).toEqual([999, 916, 833, 750, 585]);
  });
});

describe('the valuation price, for any series', () => {
  const day = fc.integer({ min: 0, max: 60 }).map((n) => addDays('2026-09-20', n));
  const price = fc.integer({ min: 1_000_00, max: 20_000_00 });
  const closes = fc.dictionary(day, price, { minKeys: 1 });

  it('is the lower limb, never above the previous close, and scales with purity within a paisa', () => {
    fc.assert(
      fc.property(closes, day, fc.integer({ min: 1, max: 999 }), (byDay, date, purity) => {
        const lookup: CloseLookup = (d, p) => (p === 916 ? byDay[d] : undefined);
        let v;
        try {
          v = valuationPrice(lookup, purity, addDays(date, 5), policy);
        } catch (error) {
          expect(error).toBeInstanceOf(MissingGoldPriceError);
          return;
        }
        expect(v.pricePaise).toBe(Math.min(v.average30Paise, v.previousClosePaise));
        expect(v.pricePaise).toBeLessThanOrEqual(v.previousClosePaise);
        expect(v.bound === 'average30').toBe(v.average30Paise <= v.previousClosePaise);
        const at916 = valuationPrice(lookup, 916, addDays(date, 5), policy);
        expect(Math.abs(v.pricePaise - (at916.pricePaise * purity) / 916)).toBeLessThanOrEqual(1);
      }),
    );
  });
});
