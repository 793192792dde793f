import { LENDING_POLICY } from '@goldledger/contracts';

/**
 * The lending policy's choices in the units the forms and the API speak: rates in percent a
 * year, amounts in rupees. Every figure is read from LENDING_POLICY (contracts), so the web
 * offers exactly what the server accepts; lending-options.test.ts fails if they drift apart.
 */

const percent = (bps: number): number => bps / 100;

/** The rates a new loan may take, percent a year. */
export const RATE_OPTIONS_PERCENT: readonly number[] = LENDING_POLICY.rateOptionsBps.map(percent);
/** The rates a renewal may take, percent a year. */
export const RENEWAL_RATE_OPTIONS_PERCENT: readonly number[] =
  LENDING_POLICY.renewalRateOptionsBps.map(percent);
/** The terms the forms offer, in months. */
export const TERM_OPTIONS_MONTHS: readonly number[] = LENDING_POLICY.termOptionsMonths;
/** The purities the forms offer for a gold item, purest first. */
export const PURITY_OPTIONS_KARAT: readonly number[] = LENDING_POLICY.purityOptionsKarat;
/** The purity a gold item takes unless told otherwise. */
export const DEFAULT_PURITY_KARAT: number = LENDING_POLICY.defaultPurityKarat;
/** The smallest loan, in rupees. */
export const MINIMUM_LOAN_RUPEES: number = LENDING_POLICY.minimumLoanPaise / 100;

/** The top of the upgrade ladder, percent a year: an upgraded loan goes no higher. */
export const FINAL_RATE_PERCENT: number = percent(LENDING_POLICY.upgradeLadderBps.at(-1)!);
/** Daily interest divides the annual rate by this many days. */
export const DAYS_IN_YEAR: number = LENDING_POLICY.daysInYear;

/** The term a form starts on (and a renewal without one takes). */
export const DEFAULT_TERM_MONTHS: number = LENDING_POLICY.defaultTermMonths;
/**
 * The rate the new-loan form starts on. The screen's convenience, not a lending rule: the
 * server never applies it (every new loan states its rate), so it lives here rather than in
 * the policy. The test checks it is one of the policy's rates.
 */
export const DEFAULT_RATE_PERCENT = 18;

/** The loan-to-value slabs in rupees: the loan may be at most `capPercent` of the gold's value. */
export const LTV_SLABS_RUPEES: ReadonlyArray<{ upToRupees: number; capPercent: number }> =
  LENDING_POLICY.ltvSlabs.map((s) => ({
    upToRupees: s.upToPaise === null ? Number.POSITIVE_INFINITY : s.upToPaise / 100,
    capPercent: percent(s.capBps),
  }));

/** The purity the seeds' gold rate, the footer and the public calculator speak of (fineness; 916 = 22K). */
export const REFERENCE_PURITY: number = LENDING_POLICY.goldPrices.referencePurity;
/** The purities the gold price register publishes a close for, purest first. */
export const PUBLISHED_PURITIES: readonly number[] = [...LENDING_POLICY.goldPrices.publishedPurities].sort(
  (a, b) => b - a,
);
/** The purities (fineness) the add-loan form offers: the register's published ones, purest first. */
export const PURITY_OPTIONS_FINENESS: readonly number[] = LENDING_POLICY.goldPrices.publishedPurities;
/** The purity a gold item starts on: 22K (916), the register's reference purity. */
export const DEFAULT_PURITY_FINENESS: number = LENDING_POLICY.goldPrices.referencePurity;
/** `22K (916)`: the karat people say, and the fineness the register prices. */
export const purityLabel = (fineness: number): string =>
  `${Math.round((fineness * 24) / 1000)}K (${fineness})`;
/** The most a loan may be paid out in cash, in rupees (Income Tax Act s.269SS). */
export const CASH_DISBURSEMENT_MAX_RUPEES: number = LENDING_POLICY.cashLimits.disbursementMaxPaise / 100;
/** Weight caps per borrower across their open loans, in grams. */
export const WEIGHT_CAPS_GRAMS = {
  ornament: LENDING_POLICY.weightCapsMg.ornament / 1000,
  coin: LENDING_POLICY.weightCapsMg.coin / 1000,
} as const;
