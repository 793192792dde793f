import { roundHalfAwayFromZero } from './money.js';
import type { GoldItemRecord } from './loan-events.js';
import { LENDING_POLICY, ltvCapBpsFor, type LendingPolicy } from './policy.js';

/**
 * The one valuation rule, used by the server, the read models and the web alike:
 * 1. fine gold is Σ net weight × karat / 24 over the whole set of items;
 * 2. the gold's value is that fine gold, exact, × the day's 24K rate per gram, rounded half
 *    away from zero once, to the paisa (never rounded per item or via a rounded weight);
 * 3. fine gold shown or stored as a weight is rounded half away from zero to the milligram;
 * 4. eligible amounts and caps are floored to the paisa: never a paisa more than the cap.
 */
const exactFineGoldMg = (items: readonly GoldItemRecord[]): number =>
  items.reduce((sum, i) => sum + (i.netWeightMg * i.purityKarat) / 24, 0);

/** Fine gold as a weight, whole milligrams (rule 3). */
export const fineGoldMg = (items: readonly GoldItemRecord[]): number =>
  roundHalfAwayFromZero(exactFineGoldMg(items));

/** Gold value at a 24K rate per gram, in paise (rule 2). */
export const goldValuePaise = (items: readonly GoldItemRecord[], ratePaisePerGram: number): number =>
  roundHalfAwayFromZero((exactFineGoldMg(items) * ratePaisePerGram) / 1000);

/** What is owed as a share of what the gold would fetch, in percent to 2 decimals; null without gold value. */
export const loanToValuePercent = (owedPaise: number, goldValue: number): number | null =>
  goldValue > 0 ? Math.round((owedPaise / goldValue) * 10_000) / 100 : null;

export interface Valuation {
  goldRatePaisePerGram: number;
  goldValuePaise: number;
  /** The most that may be lent against the gold at this rate. */
  eligiblePaise: number;
  /** The cap that applies to the requested amount. */
  ltvCapBps: number;
}

/**
 * The LTV cap depends on the loan's size (85 % up to ₹2.5 lakh, 80 % to ₹5 lakh, 75 % above),
 * so the eligible amount is the largest amount whose own cap covers it.
 */
export function valueGold(
  items: readonly GoldItemRecord[],
  ratePaisePerGram: number,
  requestedPaise: number,
  policy: LendingPolicy = LENDING_POLICY,
): Valuation {
  const value = goldValuePaise(items, ratePaisePerGram);
  return {
    goldRatePaisePerGram: ratePaisePerGram,
    goldValuePaise: value,
    eligiblePaise: eligibleAgainst(value, policy),
    ltvCapBps: ltvCapBpsFor(requestedPaise, policy),
  };
}

/** The most that may be lent against gold of this value: the largest amount whose own slab's cap covers it. */
export function eligibleAgainst(goldValue: number, policy: LendingPolicy = LENDING_POLICY): number {
  let eligible = 0;
  let floor = 0;
  for (const slab of policy.ltvSlabs) {
    const atCap = Math.floor((goldValue * slab.capBps) / 10_000);
    const best = slab.upToPaise === null ? atCap : Math.min(atCap, slab.upToPaise);
    if (best > floor) eligible = Math.max(eligible, best);
    floor = slab.upToPaise ?? Number.POSITIVE_INFINITY;
  }
  return eligible;
}
