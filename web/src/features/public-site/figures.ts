/**
 * The public site's figures, as the seeds give them. Pages format them
 * through lib/format.ts; nothing here is text with a number baked in.
 */

import { LENDING_POLICY } from '@goldledger/contracts';

/** About: the company's record. */
export const COMPANY = {
  foundedYear: 2011,
  yearsServing: 13,
  branches: 1,
  releasedBankLoans: 790,
  happyCustomers: 231,
  loansDisbursed: 1463,
} as const;

/** Gold loans. Amounts in rupees. */
export const GOLD_LOAN = {
  rateFromPercent: 7.5,
  minTenureMonths: 3,
  maxTenureYears: 3,
  approvalMinutesAfterEvaluation: 30,
} as const;

export const GOLD_LOAN_TYPES = [
  {
    name: 'Gold Ornament Loan',
    min: 25_000,
    max: 50_00_000,
    text: 'For the jewellery you wear and keep: necklaces, bangles, chains and earrings.',
  },
  {
    name: 'Gold Coin Loan',
    min: 50_000,
    max: 1_00_00_000,
    text: 'For gold coins from banks and jewellers, valued on their purity and weight.',
  },
  {
    name: 'Business Gold Loan',
    min: 1_00_000,
    max: 5_00_00_000,
    text: 'Working capital for traders, shops and small businesses, secured on gold.',
  },
] as const;

/** Other loans: each starts at this rate a year; their limits are agreed case by case. */
export const OTHER_LOANS = [
  { name: 'Home Loan', ratePercent: 6.7, text: 'Buy, build or renovate your home.' },
  { name: 'Business Loan', ratePercent: 11, text: 'Stock, equipment and working capital.' },
  { name: 'Personal Loan', ratePercent: 10.5, text: 'Weddings, education, travel or medical bills.' },
  { name: 'Vehicle Loan', ratePercent: 8.5, text: 'A new or used two-wheeler, car or commercial vehicle.' },
] as const;

/** Bank buy-back: indicative prices per gram, by purity. */
export const BUYBACK_RATES = [
  { karat: 24, rupeesPerGram: 5_700 },
  { karat: 22, rupeesPerGram: 5_225 },
  { karat: 18, rupeesPerGram: 4_275 },
] as const;
export const BUYBACK_DAYS = { min: 1, max: 2 } as const;

/** Gold purchase: the price range per gram. */
export const GOLD_PURCHASE_PRICE = { min: 7_000, max: 7_500 } as const;

/** Other loans: approval time. */
export const LOAN_APPROVAL_HOURS = { min: 24, max: 48 } as const;

/**
 * The home page calculator: 12 % a year, closed 365 days after today (the seeds'): a term
 * of 12 months. It lends what the eligibility page says 22K gold of the weight secures.
 */
export const CALCULATOR = { annualRatePercent: 12, termDays: 365, purityKarat: 22 } as const;

/** Charged on any closure, from the lending policy: the least interest, and the least days of it. */
export const MINIMUM_INTEREST_RUPEES = LENDING_POLICY.minimumInterestPaise / 100;
export const MINIMUM_DAYS = {
  /** The rate (percent a year) above which the shorter minimum applies. */
  thresholdPercent: LENDING_POLICY.minDaysRateThresholdBps / 100,
  aboveThreshold: LENDING_POLICY.minimumDays.highRate,
  otherwise: LENDING_POLICY.minimumDays.lowRate,
} as const;
