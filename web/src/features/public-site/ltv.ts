import { fineGoldMg, ltvCapBpsFor, valueGold, type GoldItemRecord } from '@goldledger/contracts';

export interface Eligibility {
  fineGoldGrams: number;
  goldValue: number;
  /** The most that may be lent against the gold, in whole rupees. */
  eligibleAmount: number;
  /** The cap that applies to that amount. */
  capPercent: number;
}

/**
 * The indicative eligible amount for gold of this weight (grams) and purity at a 24K rate
 * (rupees per gram). The valuation endpoint is staff-only, so the public page values the gold
 * itself, with the server's own rule (contracts' valueGold): grams become milligrams and
 * rupees paise here, at the edge, and the answer comes back in rupees, floored to the rupee.
 */
export function eligibilityFor(grams: number, karat: number, ratePerGram: number): Eligibility {
  const weightMg = Math.round(grams * 1000);
  const items: GoldItemRecord[] = [
    { description: 'Gold', grossWeightMg: weightMg, netWeightMg: weightMg, purityKarat: karat },
  ];
  const valuation = valueGold(items, Math.round(ratePerGram * 100), 0);
  const eligiblePaise = valuation.eligiblePaise - (valuation.eligiblePaise % 100);
  return {
    fineGoldGrams: fineGoldMg(items) / 1000,
    goldValue: valuation.goldValuePaise / 100,
    eligibleAmount: eligiblePaise / 100,
    capPercent: ltvCapBpsFor(eligiblePaise) / 100,
  };
}
