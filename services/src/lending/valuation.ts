import { roundHalfAwayFromZero, type GoldItemRecord } from '@goldledger/contracts';
import { LENDING_POLICY, ltvCapBpsFor, type LendingPolicy } from './policy.js';

/** Pure gold in a set of items, milligrams: net weight × karat / 24. */
export const fineGoldMg = (items: readonly GoldItemRecord[]): number =>
  items.reduce((sum, i) => sum + (i.netWeightMg * i.purityKarat) / 24, 0);

/** Gold value = fine gold × the rate per gram (the rate is for 24K). */
export const goldValuePaise = (items: readonly GoldItemRecord[], ratePaisePerGram: number): number =>
  roundHalfAwayFromZero((fineGoldMg(items) * ratePaisePerGram) / 1000);

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
  let eligible = 0;
  let floor = 0;
  for (const slab of policy.ltvSlabs) {
    const atCap = Math.floor((value * slab.capBps) / 10_000);
    const best = Math.min(atCap, slab.upToPaise);
    if (best > floor) eligible = Math.max(eligible, best);
    floor = slab.upToPaise;
  }
  return {
    goldRatePaisePerGram: ratePaisePerGram,
    goldValuePaise: value,
    eligiblePaise: eligible,
    ltvCapBps: ltvCapBpsFor(requestedPaise, policy),
  };
}
