import { addDays } from '../lending/dates.js';
import { nonWorkingReason } from '../lending/calendar.js';
import { roundHalfAwayFromZero } from '../lending/money.js';
import type { LendingPolicy } from '../lending/policy.js';

/** Closing prices per purity per day, in paise per gram: `closes(date, purity)` or undefined when none was entered. */
export type CloseLookup = (date: string, purity: number) => number | undefined;

export type ValuationBound = 'average30' | 'previousClose';

export interface ValuationPrice {
  /** The purity asked about. */
  purity: number;
  /** The published purity whose prices were used (the same, or the nearest one scaled). */
  pricedFrom: number;
  /** Price per gram at `purity`, paise: the lower of the two limbs. */
  pricePaise: number;
  average30Paise: number;
  previousClosePaise: number;
  bound: ValuationBound;
  /** The averaging window, inclusive: the `averageDays` days before the valuation date. */
  from: string;
  to: string;
  /** The previous working day, whose close is the second limb. */
  previousDay: string;
  /** Closes found in the window (days without a published price are skipped). */
  closesInWindow: number;
}

/** Why a valuation cannot be made: the previous working day has no price at any published purity. */
export class MissingGoldPriceError extends Error {
  constructor(readonly date: string) {
    super(`Gold prices for ${date} have not been entered`);
  }
}

/** The last working day before `date` (Sundays and the policy's holidays skipped). */
export function previousWorkingDay(date: string, policy: LendingPolicy): string {
  let d = addDays(date, -1);
  while (nonWorkingReason(d, policy)) d = addDays(d, -1);
  return d;
}

/** Karat to fineness as the register names them: 24K → 999, 22K → 916, 18K → 750, 14K → 585, others pro rata. */
export function finenessOfKarat(karat: number): number {
  const named: Record<number, number> = { 24: 999, 22: 916, 18: 750, 14: 585 };
  return named[karat] ?? Math.round((karat * 1000) / 24);
}

/**
 * The published purity to price `purity` from: itself when published, else the nearest
 * published one (on a tie, the lower fineness: the lender never values up).
 */
export function nearestPublished(purity: number, published: readonly number[]): number {
  if (published.includes(purity)) return purity;
  let best = published[0]!;
  for (const p of published) {
    const d = Math.abs(p - purity);
    const bd = Math.abs(best - purity);
    if (d < bd || (d === bd && p < best)) best = p;
  }
  return best;
}

/**
 * The valuation price of gold of `purity` on `date` (RBI Directions 2025: the lower of the
 * average closing price over the preceding 30 days and the previous working day's close).
 * The published purities with a close on the previous working day are the candidates;
 * an unpublished purity takes the nearest candidate scaled by fineness. The average is
 * of that purity's closes within the window, rounded half away from zero to the paisa.
 * Throws MissingGoldPriceError when the previous working day has no close at all.
 */
export function valuationPrice(
  closes: CloseLookup,
  purity: number,
  date: string,
  policy: LendingPolicy,
): ValuationPrice {
  const previousDay = previousWorkingDay(date, policy);
  const candidates = policy.goldPrices.publishedPurities.filter((p) => closes(previousDay, p) !== undefined);
  if (candidates.length === 0) throw new MissingGoldPriceError(previousDay);
  const pricedFrom = nearestPublished(purity, candidates);
  const from = addDays(date, -policy.goldPrices.averageDays);
  const to = addDays(date, -1);
  let sum = 0;
  let n = 0;
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const c = closes(d, pricedFrom);
    if (c !== undefined) {
      sum += c;
      n += 1;
    }
  }
  const scale = purity / pricedFrom;
  const previousClose = closes(previousDay, pricedFrom)!;
  const previousClosePaise = roundHalfAwayFromZero(previousClose * scale);
  // A policy whose window is shorter than a run of holidays can leave it without a close:
  // the previous working day's close then stands for the average (never NaN).
  const average30Paise = roundHalfAwayFromZero((n > 0 ? sum / n : previousClose) * scale);
  const bound: ValuationBound = average30Paise <= previousClosePaise ? 'average30' : 'previousClose';
  return {
    purity,
    pricedFrom,
    pricePaise: Math.min(average30Paise, previousClosePaise),
    average30Paise,
    previousClosePaise,
    bound,
    from,
    to,
    previousDay,
    closesInWindow: n,
  };
}
