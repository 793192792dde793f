/**
 * Loan-to-value caps by loan amount: 85 % up to ₹2.5 lakh, 80 % up to ₹5 lakh, 75 % above.
 * The same slabs as services/src/lending/policy.ts (`ltvSlabs`); the valuation endpoint
 * that applies them is staff-only, so the public page computes an indicative figure here.
 * Change both together.
 */
export const LTV_SLABS = [
  { upToRupees: 2_50_000, capPercent: 85 },
  { upToRupees: 5_00_000, capPercent: 80 },
  { upToRupees: Number.POSITIVE_INFINITY, capPercent: 75 },
] as const;

/** The rate per gram is for 24K; purer gold is worth proportionally more (services' valuation.ts). */
export const KARAT_OPTIONS = [24, 22, 20, 18, 14] as const;

export interface Eligibility {
  fineGoldGrams: number;
  goldValue: number;
  /** The most that may be lent against the gold, in whole rupees. */
  eligibleAmount: number;
  /** The cap that applies to that amount. */
  capPercent: number;
}

/** Largest amount whose own slab cap covers it (rupees, floored as the server does in paise). */
export function eligibilityFor(grams: number, karat: number, ratePerGram: number): Eligibility {
  const fineGoldGrams = (grams * karat) / 24;
  const goldValue = Math.round(fineGoldGrams * ratePerGram);
  let eligibleAmount = 0;
  let floor = 0;
  for (const slab of LTV_SLABS) {
    const best = Math.min(Math.floor((goldValue * slab.capPercent) / 100), slab.upToRupees);
    if (best > floor) eligibleAmount = Math.max(eligibleAmount, best);
    floor = slab.upToRupees;
  }
  const capPercent = (LTV_SLABS.find((s) => eligibleAmount <= s.upToRupees) ?? LTV_SLABS[2]).capPercent;
  return { fineGoldGrams, goldValue, eligibleAmount, capPercent };
}
