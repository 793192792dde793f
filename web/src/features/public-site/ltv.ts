import {
  eligibleAgainst,
  finenessOfKarat,
  fineGoldMgByFineness,
  itemValuePaise,
  ltvCapBpsFor,
} from '@goldledger/contracts';
import { CALCULATOR } from './figures';

export interface Eligibility {
  fineGoldGrams: number;
  goldValue: number;
  /** The most that may be lent against the gold, in whole rupees. */
  eligibleAmount: number;
  /** The cap that applies to that amount. */
  capPercent: number;
}

/**
 * The indicative eligible amount for gold of this weight (grams) and purity (karat) at the
 * valuation price of that purity (rupees a gram, from `GET /api/gold-prices/valuation`).
 * The staff valuation endpoint is not public, so the page values the gold itself with the
 * server's own rules (contracts' itemValuePaise and eligibleAgainst): grams become
 * milligrams and rupees paise here, at the edge; the answer is in rupees, floored to the rupee.
 */
export function eligibilityFor(grams: number, karat: number, pricePerGram: number): Eligibility {
  const netWeightMg = Math.round(grams * 1000);
  const purity = finenessOfKarat(karat);
  const valuePaise = itemValuePaise(netWeightMg, Math.round(pricePerGram * 100));
  const eligiblePaise = eligibleAgainst(valuePaise);
  const flooredPaise = eligiblePaise - (eligiblePaise % 100);
  return {
    fineGoldGrams: fineGoldMgByFineness([{ netWeightMg, purity }]) / 1000,
    goldValue: valuePaise / 100,
    eligibleAmount: flooredPaise / 100,
    capPercent: ltvCapBpsFor(flooredPaise) / 100,
  };
}

/**
 * The calculator's loan amount for this weight at the 22K valuation price: the eligibility
 * page's answer for 22K (one rule for both pages: the value, capped by the LTV slabs).
 */
export const calculatorLoanAmount = (grams: number, pricePerGram: number): number =>
  eligibilityFor(grams, CALCULATOR.purityKarat, pricePerGram).eligibleAmount;
