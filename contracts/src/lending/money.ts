/** Money in the domain, events and database: integer paise. */
export type Paise = number;
/** Gold weight in the domain: integer milligrams. */
export type Milligrams = number;
/** An annual interest rate in basis points (18 % = 1800). */
export type RateBps = number;

/** Round half away from zero: 2.5 → 3, −2.5 → −3 (Math.round would give −2). */
export function roundHalfAwayFromZero(x: number): number {
  return Math.sign(x) * Math.round(Math.abs(x));
}

/** Rupees as the API speaks them (at most 2 decimals) to paise; float noise is absorbed here, once. */
export const rupeesToPaise = (rupees: number): Paise => roundHalfAwayFromZero(rupees * 100);
export const paiseToRupees = (paise: Paise): number => paise / 100;
/** To the nearest whole rupee, halves away from zero, still in paise: an installment as people read it. */
export const wholeRupees = (paise: Paise): Paise => roundHalfAwayFromZero(paise / 100) * 100;
/** Grams from a form (0.01 g steps) to milligrams. */
export const gramsToMg = (grams: number): Milligrams => roundHalfAwayFromZero(grams * 1000);
export const mgToGrams = (mg: Milligrams): number => mg / 1000;
/** A percentage (12, 18.5) to basis points. */
export const percentToBps = (percent: number): RateBps => roundHalfAwayFromZero(percent * 100);
export const bpsToPercent = (bps: RateBps): number => bps / 100;

const inrFormat = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
/** `₹1,00,000`: en-IN grouping, no decimals, rounded half away from zero. */
export const formatInr = (paise: Paise): string => inrFormat.format(roundHalfAwayFromZero(paise / 100));

/**
 * The largest rupee amount a request may name (₹100 crore): far above any loan, and far
 * below where paise stop being exact (a finite 1e300 would still overflow the arithmetic).
 */
export const MAX_REQUEST_RUPEES = 1_000_000_000;
export const MAX_REQUEST_RUPEES_TEXT = '₹1,00,00,00,000';
/** The heaviest weight a request may name: 100 kg, as the contact form's bound. */
export const MAX_REQUEST_GRAMS = 100_000;

const inrPaiseFormat = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 2,
  minimumFractionDigits: 2,
});
/** `₹40,000.00`: to the paisa, for amounts owed back (a refund is paid exactly). */
export const formatInrExact = (paise: Paise): string => inrPaiseFormat.format(paise / 100);
