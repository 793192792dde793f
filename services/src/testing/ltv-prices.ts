import { addDays, type ValuationPrice } from '@goldledger/contracts';
import type { DayPrices } from '../lending/ltv.js';

/** A valuation price of `rupees` a gram at `purity` on `asOf` (both limbs equal: the average binds). */
export function valuationAt(purity: number, rupees: number, asOf: string): ValuationPrice {
  const paise = Math.round(rupees * 100);
  return {
    purity,
    pricedFrom: purity,
    pricePaise: paise,
    average30Paise: paise,
    previousClosePaise: paise,
    bound: 'average30',
    from: addDays(asOf, -30),
    to: addDays(asOf, -1),
    previousDay: addDays(asOf, -1),
    closesInWindow: 30,
  };
}

/** A day's prices for the decider tests: rupees a gram per purity (22K = 916 unless told). */
export function dayPrices(asOf: string, rupeesByPurity: Record<number, number>): DayPrices {
  return {
    asOf,
    byPurity: Object.fromEntries(
      Object.entries(rupeesByPurity).map(([p, r]) => [Number(p), valuationAt(Number(p), r, asOf)]),
    ),
  };
}
