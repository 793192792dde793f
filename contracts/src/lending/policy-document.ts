import { z } from 'zod';
import { BusinessDate } from './dates.js';

/**
 * The lending policy as data: the shape every version of it has (version 1 is
 * `LENDING_POLICY`; later versions are adopted by admins as `LendingPolicyAdopted` events).
 * Money in paise, weights in milligrams, rates and shares in basis points, spans in days
 * or months as each field says.
 */
const Int = z.number().int();
const NonNeg = Int.nonnegative();
const Pos = Int.positive();
const Bps = Int.min(0).max(10_000);

export const LtvTier = z.object({ upToPaise: Pos.nullable(), capBps: Bps.positive() });
export type LtvTier = z.infer<typeof LtvTier>;

/** Fineness in parts per thousand (999, 995, 916 = 22K, 750 = 18K, 585 = 14K). */
export const Fineness = Int.min(1).max(999);

export const LendingPolicyDocument = z.object({
  daysInYear: Pos,
  compoundingBlockDays: Pos,
  minimumDays: z.object({ highRate: NonNeg, lowRate: NonNeg }),
  minDaysRateThresholdBps: NonNeg,
  minimumInterestPaise: NonNeg,
  earlyClosureRebate: z.object({ withinDays: NonNeg, bps: Bps }),
  minimumPaymentPaise: Pos,
  paymentBackdateDays: NonNeg,
  loanDateBounds: z.object({ employeeMaxDaysBack: NonNeg, adminMaxDaysBack: NonNeg }),
  calculatorMaxDays: Pos,
  quoteMaxDaysAhead: Pos,
  minimumLoanPaise: Pos,
  minimumTermMonths: Pos,
  maximumTermMonths: Pos,
  rateOptionsBps: z.array(NonNeg).min(1),
  renewalRateOptionsBps: z.array(NonNeg).min(1),
  termOptionsMonths: z.array(Pos).min(1),
  defaultTermMonths: Pos,
  defaultPurityKarat: Int.min(1).max(24),
  purityOptionsKarat: z.array(Int.min(1).max(24)).min(1),
  upgradeLadderBps: z.array(NonNeg).min(1),
  upgradeIntervalMonths: Pos,
  upgradeScheduleMonths: Pos,
  auctionGraceMonths: NonNeg,
  goldReleaseWorkingDays: Pos,
  goldReturnOverdueDays: Pos,
  goldReturnReminderDays: z.object({ initial: Pos, followup: Pos, urgent: Pos, final: Pos }),
  reservePriceMinBps: Bps,
  ltvSlabs: z.array(LtvTier).min(1),
  incomeGeneratingLtvCapBps: Bps.positive(),
  goldPrices: z.object({
    averageDays: Pos,
    referencePurity: Fineness,
    publishedPurities: z.array(Fineness).min(1),
  }),
  maxTermMonthsByRepayment: z.object({ emi: Pos, bullet: Pos, monthly_interest: Pos }),
  weightCapsMg: z.object({ ornament: Pos, coin: NonNeg }),
  cashLimits: z.object({ disbursementMaxPaise: NonNeg, receiptsPerPersonDayBelowPaise: Pos }),
  marginCall: z.object({ escalateAfterDays: Pos }),
  renewal: z.object({ maxDaysPastDue: NonNeg, quickClosureDays: Pos }),
  releaseDelayCompensationPaisePerDay: NonNeg,
  auctionNoticeDays: Pos,
  reservePriceAfterFailedAuctionsBps: Bps,
  auctionRules: z.object({ failedAuctionsBeforeLowerReserve: Pos, surplusRefundWorkingDays: Pos }),
  unclaimedGold: z.object({ afterMonths: Pos, noticeEveryMonths: Pos }),
  delinquency: z.object({ sma0MaxDays: Pos, sma1MaxDays: Pos, sma2MaxDays: Pos }),
  highlightColours: z.array(z.string().min(1)).min(1),
});
export type LendingPolicyDocument = z.infer<typeof LendingPolicyDocument>;

/** The stream of adopted policy versions (`lending-policy`, stream type `lending-policy`). */
export const LENDING_POLICY_STREAM_ID = 'lending-policy';
export const LENDING_POLICY_STREAM_TYPE = 'lending-policy';
/** Version 1 (`LENDING_POLICY`) is in effect from the start of the books until a later version takes over. */
export const BUILT_IN_POLICY_VERSION = 1;
export const BUILT_IN_POLICY_EFFECTIVE_FROM = '2000-01-01';

export const PolicyActor = z.object({ id: z.string(), name: z.string() });

/** Events of the `lending-policy` stream. Schema version 1. */
export const LendingPolicyEvents = {
  /**
   * An admin's new version of the whole policy, approved by a second person (maker-checker),
   * in effect for loans dated on or after `effectiveFrom`. Versions count up from 2.
   */
  LendingPolicyAdopted: z.object({
    version: Int.min(2),
    effectiveFrom: BusinessDate,
    policy: LendingPolicyDocument,
    reason: z.string().min(1).max(500),
    /** What changed from the version before, one line per rule, for the history page. */
    changes: z.array(z.string()),
    proposedBy: PolicyActor,
    approvalId: z.string().nullable(),
  }),
} as const;
export type LendingPolicyEventType = keyof typeof LendingPolicyEvents;
export type LendingPolicyEvent = {
  [K in LendingPolicyEventType]: { type: K; data: z.infer<(typeof LendingPolicyEvents)[K]> };
}[LendingPolicyEventType];

export interface PolicyVersion {
  version: number;
  effectiveFrom: string;
  policy: LendingPolicyDocument;
}

/**
 * The version in effect on `date`: the latest `effectiveFrom` on or before it (a later
 * version number wins a tie). `versions` must include version 1, which also answers for
 * a date before its own start (a nonsense date is refused by the rules, not here).
 */
export function policyVersionOn<V extends PolicyVersion>(versions: readonly V[], date: string): V {
  let best: V | undefined;
  for (const v of versions) {
    if (v.effectiveFrom > date) continue;
    if (
      !best ||
      v.effectiveFrom > best.effectiveFrom ||
      (v.effectiveFrom === best.effectiveFrom && v.version > best.version)
    ) {
      best = v;
    }
  }
  best ??= versions.find((v) => v.version === BUILT_IN_POLICY_VERSION);
  if (!best) throw new Error(`No lending policy in effect on ${date}`);
  return best;
}
