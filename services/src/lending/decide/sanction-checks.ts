/**
 * The sanction rules of the RBI's 2025 gold-lending Directions and the Income Tax Act, as
 * pure checks the loan decider calls: the items (only ornaments and coins, deductions that
 * add up, no coin above the coin cap), the weight caps across the borrower's open loans,
 * the LTV tier by the borrower's consumption total, and the cash limits. Each throws a
 * DomainError whose message names the limit and the figures that broke it. Every number
 * comes from the loan's lending policy.
 */
import {
  formatBusinessDate,
  formatInr,
  type DisbursementMode,
  type GoldItemRecord,
  type ItemType,
  type LendingPolicy,
  type LoanPurpose,
  type LtvCheck,
  type RepaymentType,
} from '@goldledger/contracts';
import { DomainError } from '../../platform/decider.js';
import type { LoanCommand } from '../loan.decider.js';

type CreateLoanCommand = Extract<LoanCommand, { type: 'CreateLoan' }>;

/** One of the borrower's other open loans, as the sanction checks read it. */
export interface PledgedLoan {
  loanId: string;
  purpose: LoanPurpose;
  /** Principal still owed today. */
  principalOutstandingPaise: number;
  /** Gross weight pledged, by item type (milligrams). */
  pledgedMg: Record<ItemType, number>;
}

/** A weight as people read it: `50 g`, `28.5 g`, `1 kg`. */
export function formatWeight(mg: number): string {
  if (mg >= 1_000_000 && mg % 1_000_000 === 0) return `${(mg / 1_000_000).toLocaleString('en-IN')} kg`;
  return `${(mg / 1000).toLocaleString('en-IN', { maximumFractionDigits: 3 })} g`;
}

/** An amount in whole rupees, never rounded up: what "at most" may promise. */
const atMost = (paise: number) => formatInr(Math.floor(Math.max(0, paise) / 100) * 100);

const itemName = (item: GoldItemRecord, index: number) => `Item ${index + 1} (${item.description})`;

/** Gross weight of a set of items by type (items recorded before issue 17 are ornaments). */
export function grossByType(items: readonly GoldItemRecord[]): Record<ItemType, number> {
  const out: Record<ItemType, number> = { ornament: 0, coin: 0 };
  for (const item of items) out[item.itemType ?? 'ornament'] += item.grossWeightMg;
  return out;
}

/**
 * The appraisal adds up: deductions (stones, others) leave exactly the net weight, and no
 * single coin is heavier than a borrower may pledge in coins at all (a bullion coin).
 */
export function checkAppraisedItems(items: readonly GoldItemRecord[], policy: LendingPolicy): void {
  items.forEach((item, i) => {
    const deducted = (item.deductions ?? []).reduce((sum, d) => sum + d.weightMg, 0);
    if (item.deductions && item.deductions.length > 0 && item.grossWeightMg - deducted !== item.netWeightMg) {
      throw new DomainError(
        `${itemName(item, i)}: net weight ${formatWeight(item.netWeightMg)} is not the gross weight ${formatWeight(item.grossWeightMg)} less the deductions of ${formatWeight(deducted)} (${formatWeight(item.grossWeightMg - deducted)})`,
        'appraisal_inconsistent',
        422,
      );
    }
    const coinCap = policy.weightCapsMg.coin;
    if ((item.itemType ?? 'ornament') === 'coin' && item.grossWeightMg > coinCap) {
      throw new DomainError(
        `${itemName(item, i)} is a coin of ${formatWeight(item.grossWeightMg)}: coins above ${formatWeight(coinCap)} (the coin cap per borrower) cannot be pledged`,
        'coin_too_heavy',
        422,
        { capGrams: coinCap / 1000, itemGrams: item.grossWeightMg / 1000 },
      );
    }
  });
}

const CAP_NOUN: Record<ItemType, string> = { ornament: 'Ornaments', coin: 'Coins' };

/**
 * The weight caps per borrower across all their open loans (gross weight: the weight of the
 * ornaments and coins as pledged): what they already have plus this loan's items.
 */
export function checkWeightCaps(
  items: readonly GoldItemRecord[],
  others: readonly PledgedLoan[],
  policy: LendingPolicy,
): void {
  const adding = grossByType(items);
  for (const type of ['ornament', 'coin'] as const) {
    if (adding[type] === 0) continue;
    const cap = policy.weightCapsMg[type];
    const pledged = others.reduce((sum, l) => sum + l.pledgedMg[type], 0);
    if (pledged + adding[type] > cap) {
      throw new DomainError(
        `${CAP_NOUN[type]} are capped at ${formatWeight(cap)} per borrower; they already have ${formatWeight(pledged)} pledged, this loan adds ${formatWeight(adding[type])}`,
        'weight_cap_exceeded',
        422,
        {
          itemType: type,
          capGrams: cap / 1000,
          pledgedGrams: pledged / 1000,
          addingGrams: adding[type] / 1000,
        },
      );
    }
  }
}

/** The largest principal (paise) in [0, upper] whose LTV basis is at most `limitPaise`; basisOf must not decrease. */
export function largestPrincipalWithin(
  limitPaise: number,
  upper: number,
  basisOf: (principalPaise: number) => number,
): number {
  if (upper <= 0 || basisOf(0) > limitPaise) return 0;
  if (basisOf(upper) <= limitPaise) return upper;
  let lo = 0;
  let hi = upper;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (basisOf(mid) <= limitPaise) lo = mid;
    else hi = mid;
  }
  return lo;
}

export interface LtvInput {
  purpose: LoanPurpose;
  repaymentType: RepaymentType;
  principalPaise: number;
  /**
   * What the LTV counts for a principal: the principal (emi), or what is repayable at
   * maturity (bullet, monthly interest). Never decreasing in the principal.
   */
  basisOf: (principalPaise: number) => number;
  goldValuePaise: number;
  /** The borrower's other open loans. */
  others: readonly PledgedLoan[];
  policy: LendingPolicy;
}

export interface Tier {
  capBps: number;
  /** Consumption totals above this and up to `upToPaise` (null: no ceiling) fall in the tier. */
  fromPaise: number;
  upToPaise: number | null;
}

const consumptionTiers = (policy: LendingPolicy): Tier[] =>
  policy.ltvSlabs.map((slab, i) => ({
    capBps: slab.capBps,
    fromPaise: i === 0 ? 0 : (policy.ltvSlabs[i - 1]!.upToPaise ?? 0),
    upToPaise: slab.upToPaise,
  }));

const capOf = (valuePaise: number, capBps: number) => Math.floor((valuePaise * capBps) / 10_000);
const percent = (bps: number) => `${bps / 100}%`;

function tierWords(t: Tier): string {
  if (t.fromPaise === 0 && t.upToPaise !== null) return `totals up to ${formatInr(t.upToPaise)}`;
  if (t.upToPaise === null) return `totals above ${formatInr(t.fromPaise)}`;
  return `totals above ${formatInr(t.fromPaise)} up to ${formatInr(t.upToPaise)}`;
}

const BASIS_WORDS: Record<RepaymentType, string> = {
  emi: '',
  bullet: 'a bullet loan',
  monthly_interest: 'a monthly-interest loan',
};

/** The LTV of a loan as the sanction finds it: the evidence, and the refusal when it is over its cap. */
export interface LtvAssessment {
  check: LtvCheck;
  /** The consumption tier that applies (null for income-generating loans). */
  tier: Tier | null;
  /** The borrower's other open loans' outstanding principal, all purposes. */
  otherLoansPaise: number;
  refusal: DomainError | null;
}

/**
 * The loan-to-value at sanction. Consumption loans take the tier of the borrower's
 * outstanding consumption gold loans including this one (policy `ltvSlabs`); income-
 * generating loans the policy's own cap. The basis is the principal, or for bullet and
 * monthly-interest loans what is repayable at maturity. The most that can be lent is the
 * largest principal that passes, whichever tier it falls in (a smaller loan may fall in a
 * lower tier with a higher cap). Over the cap, the refusal names the tier, the borrower's
 * total and that most.
 */
export function assessLtv(input: LtvInput): LtvAssessment {
  const { purpose, principalPaise, basisOf, goldValuePaise, others, policy } = input;
  const basisPaise = basisOf(principalPaise);
  const allOthers = others.reduce((sum, l) => sum + l.principalOutstandingPaise, 0);
  const consumptionOthers = others
    .filter((l) => l.purpose === 'consumption')
    .reduce((sum, l) => sum + l.principalOutstandingPaise, 0);

  let capBps: number;
  let maxPrincipalPaise: number;
  let tier: Tier | null = null;
  let total: number | null = null;
  if (purpose === 'income_generating') {
    capBps = policy.incomeGeneratingLtvCapBps;
    const limit = capOf(goldValuePaise, capBps);
    maxPrincipalPaise = largestPrincipalWithin(limit, limit, basisOf);
  } else {
    total = consumptionOthers + principalPaise;
    const tiers = consumptionTiers(policy);
    tier = tiers.find((t) => t.upToPaise === null || total! <= t.upToPaise) ?? tiers.at(-1)!;
    capBps = tier.capBps;
    maxPrincipalPaise = 0;
    for (const t of tiers) {
      const lowest = t.fromPaise - consumptionOthers; // principals above this reach the tier
      const ceiling = t.upToPaise === null ? Number.POSITIVE_INFINITY : t.upToPaise - consumptionOthers;
      const limit = capOf(goldValuePaise, t.capBps);
      // The basis is never below the principal, so no principal above the limit passes.
      const best = largestPrincipalWithin(limit, Math.min(ceiling, limit), basisOf);
      if (best > Math.max(lowest, 0)) maxPrincipalPaise = Math.max(maxPrincipalPaise, best);
    }
  }
  const limitPaise = capOf(goldValuePaise, capBps);
  const ltvBps =
    goldValuePaise > 0 ? Math.ceil((basisPaise * 10_000) / goldValuePaise) : Number.MAX_SAFE_INTEGER;
  const check: LtvCheck = {
    purpose,
    basisPaise,
    borrowerConsumptionTotalPaise: total,
    capBps,
    maxPrincipalPaise,
    ltvBps,
  };
  if (goldValuePaise > 0 && basisPaise <= limitPaise) {
    return { check, tier, otherLoansPaise: allOthers, refusal: null };
  }
  const basis =
    input.repaymentType === 'emi'
      ? ''
      : ` (${formatInr(basisPaise)} repayable at maturity, which the limit counts for ${BASIS_WORDS[input.repaymentType]})`;
  const lead = `Loan amount ${formatInr(principalPaise)}${basis} is above the loan-to-value limit`;
  const tail = `at most ${atMost(maxPrincipalPaise)} can be lent against this gold (value ${formatInr(goldValuePaise)})`;
  const message =
    purpose === 'income_generating'
      ? `${lead}: income-generating loans are capped at ${percent(capBps)} whatever the borrower's other loans (their gold loans total ${formatInr(allOthers + principalPaise)} including this one): ${tail}`
      : `${lead}: the borrower's consumption gold loans total ${formatInr(total!)} including this one, so the ${percent(capBps)} tier applies (${tierWords(tier!)}): ${tail}`;
  const refusal = new DomainError(message, 'ltv_exceeded', 422, {
    purpose,
    capPercent: capBps / 100,
    tier: tier && {
      capPercent: tier.capBps / 100,
      from: tier.fromPaise / 100,
      upTo: tier.upToPaise === null ? null : tier.upToPaise / 100,
    },
    borrowerTotal: total === null ? null : total / 100,
    borrowerOtherLoans: allOthers / 100,
    basis: basisPaise / 100,
    eligibleAmount: Math.floor(maxPrincipalPaise / 100),
    goldValue: goldValuePaise / 100,
  });
  return { check, tier, otherLoansPaise: allOthers, refusal };
}

/** The LTV check at sanction (assessLtv): the evidence `LoanCreated` keeps, or the refusal. */
export function checkLtv(input: LtvInput): LtvCheck {
  const { check, refusal } = assessLtv(input);
  if (refusal) throw refusal;
  return check;
}

const MODE_WORDS: Record<Exclude<DisbursementMode, 'cash'>, string> = {
  bank_transfer: 'A bank transfer needs its reference (the UTR)',
  upi: 'A UPI payout needs its reference (the UPI transaction id)',
};

/**
 * How the loan is paid out: a bank transfer or UPI with its reference; cash only up to the
 * policy's limit (Income Tax Act s.269SS). Answers the reference to record (null for cash).
 */
export function checkDisbursement(
  mode: DisbursementMode,
  reference: string | null | undefined,
  principalPaise: number,
  policy: LendingPolicy,
): string | null {
  if (mode !== 'cash') {
    const ref = reference?.trim();
    if (!ref) {
      throw new DomainError(
        `${MODE_WORDS[mode]}: please enter it in disbursementReference`,
        'disbursement_reference_required',
      );
    }
    return ref;
  }
  const max = policy.cashLimits.disbursementMaxPaise;
  if (principalPaise > max) {
    throw new DomainError(
      `A loan above ${formatInr(max)} cannot be paid out in cash (Income Tax Act s.269SS); choose bank transfer or UPI`,
      'cash_disbursement_limit',
      422,
      { cashLimit: max / 100 },
    );
  }
  return null;
}

/**
 * Cash received from one person in one day stays below the policy's limit (Income Tax Act
 * s.269ST), across all their loans: `alreadyPaise` is what they paid in cash that day before
 * this payment.
 */
export function checkCashReceipt(
  amountPaise: number,
  alreadyPaise: number,
  day: { date: string; today: string },
  policy: LendingPolicy,
): void {
  const below = policy.cashLimits.receiptsPerPersonDayBelowPaise;
  if (alreadyPaise + amountPaise < below) return;
  const when = day.date === day.today ? 'today' : `on ${formatBusinessDate(day.date)}`;
  const room = below - alreadyPaise - 1;
  const more =
    room >= 100
      ? `at most ${atMost(room)} more can be taken in cash ${when}`
      : `no more can be taken in cash ${when}`;
  throw new DomainError(
    `Cash received from one person in a day must stay below ${formatInr(below)} (Income Tax Act s.269ST): the borrower has already paid ${formatInr(alreadyPaise)} in cash ${when}, so ${more}; take this payment online`,
    'cash_receipt_limit',
    422,
    { receiptLimit: below / 100, alreadyReceived: alreadyPaise / 100 },
  );
}

/**
 * Every sanction check of a new loan, in the order a person fixes them: the appraisal,
 * the weight caps, the LTV, then how it is paid out (`basisOf`: what the LTV counts for a
 * principal). Answers what `LoanCreated` records of them.
 */
export function checkSanction(c: CreateLoanCommand, basisOf: (principalPaise: number) => number) {
  const P = c.policy;
  if (c.appraisal.items.length !== c.goldItems.length) {
    throw new Error('The appraisal must value every item of the loan'); // a bug, not a person's mistake
  }
  checkAppraisedItems(c.goldItems, P);
  checkWeightCaps(c.goldItems, c.borrowerOpenLoans, P);
  const ltv = checkLtv({
    purpose: c.purpose,
    repaymentType: c.repaymentType,
    principalPaise: c.principalPaise,
    basisOf,
    goldValuePaise: c.appraisal.goldValuePaise,
    others: c.borrowerOpenLoans,
    policy: P,
  });
  const disbursementReference = checkDisbursement(
    c.disbursementMode,
    c.disbursementReference,
    c.principalPaise,
    P,
  );
  return {
    ltv,
    disbursementReference,
    /** The pre-issue-17 summary, kept filled: the 22K valuation price, the gold's value, the most that could be lent, the cap. */
    valuation: {
      goldRatePaisePerGram: c.goldRatePaisePerGram,
      goldValuePaise: c.appraisal.goldValuePaise,
      eligiblePaise: ltv.maxPrincipalPaise,
      ltvCapBps: ltv.capBps,
    },
  };
}
