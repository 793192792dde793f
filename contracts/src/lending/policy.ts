import { BUILT_IN_NATIONAL_HOLIDAYS, type Holidays } from '../holidays/holiday-calendar.js';
import type { LendingPolicyDocument } from './policy-document.js';

/**
 * A policy as it is applied: a version's document, with the holiday calendar of the place it
 * is applied in attached (`holidays`: a loan's branch's state's national and state holidays).
 * The calendar is not part of any version: admins keep it on the Holidays page.
 */
export type LendingPolicy = LendingPolicyDocument & { holidays: Holidays };

/**
 * Every lending rule's number, in one place: the lending policy. Handlers, deciders, the
 * calculator, quotes, schedules, upgrades and the demo generator read them from here.
 *
 * This is version 1, the built-in policy (effective from the start of the books). Admins
 * adopt later versions as events (`lending-policy` stream, `policy-document.ts` gives the
 * shape and each rule's source); every loan records the version it was sanctioned under
 * and is priced and checked by that version for life.
 */
export const LENDING_POLICY: LendingPolicy = {
  /** Daily accrual divides the annual rate by this many days. */
  daysInYear: 365,
  /** Unpaid interest is added to the balance at the end of each block of this many days. */
  compoundingBlockDays: 30,
  /** Minimum chargeable days: `lowRate` at or below `minDaysRateThresholdBps`, `highRate` above it. */
  minimumDays: { highRate: 7, lowRate: 15 },
  minDaysRateThresholdBps: 1400,
  /** Minimum interest on any closure: ₹50. */
  minimumInterestPaise: 5_000,
  /** 2 % of the interest back when the loan is closed within 30 days of disbursement. */
  earlyClosureRebate: { withinDays: 30, bps: 200 },
  /** The smallest repayment accepted when the interest due is smaller still. */
  minimumPaymentPaise: 100,
  /**
   * Staff may date a payment at most this many days before the business date (a receipt
   * entered the next working days); older dates need an admin and a reason.
   */
  paymentBackdateDays: 3,

  /**
   * How far back a loan may be dated (its business date, never in the future): an
   * employee up to `employeeMaxDaysBack` days, an admin up to `adminMaxDaysBack` with a
   * reason recorded in the loan's LoanCreated event (a paper loan entered late).
   */
  loanDateBounds: { employeeMaxDaysBack: 30, adminMaxDaysBack: 365 },
  /** The public calculator's longest span (10 years): a loan runs at most 60 months, overdue ones longer. */
  calculatorMaxDays: 3_660,
  /** How far ahead a closing quote may be asked for: a year past today (or past the loan's end). */
  quoteMaxDaysAhead: 366,

  /** Loans: smallest amount (₹100), term bounds and the options the forms offer. */
  minimumLoanPaise: 10_000,
  minimumTermMonths: 1,
  maximumTermMonths: 60,
  rateOptionsBps: [1200, 1800, 2400, 3000, 3600],
  renewalRateOptionsBps: [1800, 2400, 3000, 3600],
  termOptionsMonths: [3, 6, 12],
  /** The term a renewal takes when none is given; the forms start on it too. */
  defaultTermMonths: 6,
  defaultPurityKarat: 22,
  /** The purities the forms offer for a gold item, purest first (the API takes any whole karat 1-24). */
  purityOptionsKarat: [24, 22, 20, 18, 14],

  /** Upgrade ladder: each upgrade moves to the next rate above the current one; 36 % is final. */
  upgradeLadderBps: [1200, 1800, 2400, 3000, 3600],
  /** Months between one upgrade and the next (the first comes at maturity). */
  upgradeIntervalMonths: 3,
  /** An upgraded loan's unpaid remainder is spread over this many monthly installments. */
  upgradeScheduleMonths: 3,

  /** Auction readiness: maturity + 1 month + 3 months per ladder step still above the original rate. */
  auctionGraceMonths: 1,
  /** Gold goes back within this many working days of closure; the console shows days late. */
  goldReleaseWorkingDays: 7,
  /** A gold return not done this many days after closure is overdue. */
  goldReturnOverdueDays: 30,
  /** Days after closure each gold-return reminder goes out. */
  goldReturnReminderDays: { initial: 3, followup: 7, urgent: 15, final: 30 },
  /** An auction's reserve price: at least 90 % of the gold's value at the day's rate. */
  reservePriceMinBps: 9000,

  /**
   * Loan-to-value caps for consumption loans, by the borrower's total outstanding
   * consumption gold loans including the new one: the loan may be at most this share of
   * the gold's value. Checked in order; the first tier whose ceiling covers the total
   * applies; the last tier has no ceiling (null).
   */
  ltvSlabs: [
    { upToPaise: 2_50_000_00, capBps: 8500 },
    { upToPaise: 5_00_000_00, capBps: 8000 },
    { upToPaise: null, capBps: 7500 },
  ],
  /** The LTV cap of an income-generating loan, whatever its size. */
  incomeGeneratingLtvCapBps: 7500,

  /**
   * Gold prices: a daily register of closing prices per purity (fineness in parts per
   * thousand). The valuation price is the lower of the average close over the
   * `averageDays` days before the valuation date and the previous working day's close.
   */
  goldPrices: {
    averageDays: 30,
    /** The purity the seeds' single gold rate and the footer speak of (22K). */
    referencePurity: 916,
    publishedPurities: [999, 995, 916, 750, 585],
  },

  /** Longest tenure by repayment structure (months). EMI loans keep `maximumTermMonths`. */
  maxTermMonthsByRepayment: { emi: 60, bullet: 12, monthly_interest: 12 },

  /** Most gold one borrower may have pledged across all open loans, by item type (milligrams of gross weight). */
  weightCapsMg: { ornament: 1_000_000, coin: 50_000 },

  /**
   * Cash: a loan paid out in cash may be at most `disbursementMaxPaise`; cash received
   * from one person in one day must stay below `receiptsPerPersonDayBelowPaise`.
   */
  cashLimits: { disbursementMaxPaise: 20_000_00, receiptsPerPersonDayBelowPaise: 2_00_000_00 },

  /** LTV kept through the loan: a loan over its cap gets a margin call, escalated if not cured in these days. */
  marginCall: { escalateAfterDays: 15 },

  /** Renewals and top-ups: only for loans not past due more than this many days; the review report's window for quick closures. */
  renewal: { maxDaysPastDue: 90, quickClosureDays: 7 },

  /** Delay in releasing gold after closure beyond `goldReleaseWorkingDays` costs the lender this much per day, paid to the borrower. */
  releaseDelayCompensationPaisePerDay: 5_000_00,

  /** Notice to the borrower before an auction (days), and the reserve price after two failed auctions. */
  auctionNoticeDays: 30,
  reservePriceAfterFailedAuctionsBps: 8500,
  /**
   * Auctions that must fail before the lower reserve (`reservePriceAfterFailedAuctionsBps`)
   * may be used, and the working days within which a sale's surplus goes back to the borrower.
   */
  auctionRules: { failedAuctionsBeforeLowerReserve: 2, surplusRefundWorkingDays: 7 },

  /**
   * Gold not collected this many months after the loan closed becomes unclaimed; the borrower
   * is sent a notice every `noticeEveryMonths` months after closure until then.
   */
  unclaimedGold: { afterMonths: 24, noticeEveryMonths: 6 },

  /**
   * Asset classification by days past due: SMA-0 up to `sma0MaxDays`, SMA-1 up to
   * `sma1MaxDays`, SMA-2 up to `sma2MaxDays`, NPA beyond (RBI prudential norms).
   */
  delinquency: { sma0MaxDays: 30, sma1MaxDays: 60, sma2MaxDays: 90 },

  /**
   * Not a rule admins edit: the holiday calendar attached where the policy is applied (a
   * loan's: its branch's state's, see `services/src/holidays`). Here the built-in national
   * one, for what is counted without a branch (the public calculator, defaults).
   */
  holidays: BUILT_IN_NATIONAL_HOLIDAYS,

  /** Upgraded-loan row colours by level in the staff lists: 1 yellow, 2 orange, 3 and above red. */
  highlightColours: ['other', 'yellow', 'orange', 'red'],
};

/** A policy's rules without the calendar attached to it: what a version's document holds. */
export function policyDocumentOf(
  policy: LendingPolicyDocument & { holidays?: unknown },
): LendingPolicyDocument {
  const { holidays: _calendar, ...document } = policy;
  return document;
}

/** Version 1's document (`LENDING_POLICY` without its calendar). */
export const LENDING_POLICY_DOCUMENT: LendingPolicyDocument = Object.freeze(policyDocumentOf(LENDING_POLICY));

/** A version's document with a calendar attached: the policy as applied where that calendar holds. */
export const withHolidays = (document: LendingPolicyDocument, holidays: Holidays): LendingPolicy => ({
  ...policyDocumentOf(document),
  holidays,
});

/** 7 days above 14 % a year, otherwise 15. */
export const minimumDaysFor = (annualRateBps: number, policy: LendingPolicy = LENDING_POLICY): number =>
  annualRateBps > policy.minDaysRateThresholdBps ? policy.minimumDays.highRate : policy.minimumDays.lowRate;

/** The LTV cap for a loan of this size, in basis points. */
export function ltvCapBpsFor(principalPaise: number, policy: LendingPolicy = LENDING_POLICY): number {
  for (const slab of policy.ltvSlabs)
    if (slab.upToPaise === null || principalPaise <= slab.upToPaise) return slab.capBps;
  return policy.ltvSlabs[policy.ltvSlabs.length - 1]!.capBps;
}

/** The next rate on the ladder above this one; null at or above the final rate. */
export function nextLadderRateBps(rateBps: number, policy: LendingPolicy = LENDING_POLICY): number | null {
  return policy.upgradeLadderBps.find((r) => r > rateBps) ?? null;
}

/** Ladder steps above a rate (12 %: 4, 18 %: 3, 24 %: 2, 30 %: 1, 36 %: 0). */
export const ladderStepsAbove = (rateBps: number, policy: LendingPolicy = LENDING_POLICY): number =>
  policy.upgradeLadderBps.filter((r) => r > rateBps).length;

export const highlightColourFor = (level: number, policy: LendingPolicy = LENDING_POLICY): string =>
  policy.highlightColours[Math.min(level, policy.highlightColours.length - 1)]!;
