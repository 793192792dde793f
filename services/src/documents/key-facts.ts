import {
  addMonths,
  type BranchDetails,
  type DisbursementMode,
  type InstallmentRecord,
  type LendingPolicy,
  type LoanEventData,
  type LoanPurpose,
  type RepaymentType,
} from '@goldledger/contracts';
import {
  annualPercentageRate,
  scheduledPayments,
  type AprResult,
  type Charge,
  type ScheduledPayment,
} from '../lending/apr.js';

type LoanCreated = LoanEventData<'LoanCreated'>;

/** One step of the rate ladder: if the loan is still open after `after`, the rate becomes `rateBps` from the loan date. */
export interface LadderStep {
  after: string;
  rateBps: number;
}

/** A row of the repayment schedule: the installment, and what paying it on its day actually takes. */
export interface ScheduleRow extends InstallmentRecord {
  /** What is paid on the day by a borrower who keeps to the schedule; null once the loan is closed. */
  paidPaise: number | null;
  closes: boolean;
}

/**
 * Everything the Key Facts Statement says, as numbers and dates: built from the loan's
 * `LoanCreated` and the policy it was sanctioned under, and nothing else, so the statement
 * is the same every time it is printed.
 */
export interface KeyFacts {
  loanId: string;
  sanctionDate: string;
  policyVersion: number;
  branch: BranchDetails;
  borrower: { name: string; customerId: string; mobile: string; address: string };
  principalPaise: number;
  disbursement: { mode: DisbursementMode; reference: string | null };
  purpose: LoanPurpose;
  repaymentType: RepaymentType;
  termMonths: number;
  /** The last installment's due date. */
  maturityDate: string;
  annualRateBps: number;
  charges: readonly Charge[];
  apr: AprResult;
  schedule: ScheduleRow[];
  scheduleTotalPaise: number;
  /** What the installments take if each is paid on its due date (the closing one only what closing costs). */
  paidOnSchedulePaise: number;
  /** Interest and charges, if every installment is paid on its day: total paid less what was received. */
  costPaise: number;
  ladder: LadderStep[];
  /** The earliest day the gold may go to auction if the loan is never repaid. */
  auctionReadyOn: string;
  security: { goldValuePaise: number; ltvBps: number | null; capBps: number | null; items: number };
  policy: Pick<
    LendingPolicy,
    | 'daysInYear'
    | 'compoundingBlockDays'
    | 'minimumDays'
    | 'minDaysRateThresholdBps'
    | 'minimumInterestPaise'
    | 'earlyClosureRebate'
    | 'upgradeIntervalMonths'
    | 'upgradeScheduleMonths'
    | 'auctionGraceMonths'
    | 'goldReleaseWorkingDays'
    | 'releaseDelayCompensationPaisePerDay'
    | 'auctionNoticeDays'
    | 'reservePriceMinBps'
    | 'reservePriceAfterFailedAuctionsBps'
  >;
}

export interface KeyFactsInput {
  created: LoanCreated;
  /** The branch the loan belongs to: the lender's office for the borrower, and for complaints. */
  branch: BranchDetails;
  /** The lending policy the loan was sanctioned under. */
  policy: LendingPolicy;
  /** Every charge of the loan besides interest (none today). */
  charges: readonly Charge[];
}

/** Loans made before issue 17 recorded a cash-or-bank method only: a bank payout reads as a transfer. */
function disbursementOf(c: LoanCreated): KeyFacts['disbursement'] {
  if (c.disbursementMode) return { mode: c.disbursementMode, reference: c.disbursementReference ?? null };
  return { mode: c.disbursementMethod === 'bank' ? 'bank_transfer' : 'cash', reference: null };
}

/**
 * The rate ladder from the loan's own rate: the first step the day after the last
 * installment falls due, each next one `upgradeIntervalMonths` later, on the loan's day of
 * the month (as the scheduler upgrades, `loan.rules.ts`); auction readiness after the last.
 */
export function rateLadder(
  c: Pick<LoanCreated, 'annualRateBps' | 'disbursementDate' | 'termMonths' | 'installments'>,
  policy: LendingPolicy,
): { ladder: LadderStep[]; auctionReadyOn: string } {
  const anchor = +c.disbursementDate.slice(8, 10);
  const maturity = c.installments.reduce(
    (last, i) => (i.dueDate > last ? i.dueDate : last),
    c.disbursementDate,
  );
  const above = [...policy.upgradeLadderBps].filter((r) => r > c.annualRateBps).sort((a, b) => a - b);
  const ladder = above.map((rateBps, k) => ({
    after: k === 0 ? maturity : addMonths(maturity, policy.upgradeIntervalMonths * k, anchor),
    rateBps,
  }));
  const auctionReadyOn = addMonths(
    c.disbursementDate,
    c.termMonths + policy.auctionGraceMonths + policy.upgradeIntervalMonths * above.length,
  );
  return { ladder, auctionReadyOn };
}

export function keyFacts({ created: c, branch, policy, charges }: KeyFactsInput): KeyFacts {
  const terms = {
    principalPaise: c.principalPaise,
    annualRateBps: c.annualRateBps,
    disbursementDate: c.disbursementDate,
  };
  const payments: ScheduledPayment[] = scheduledPayments(terms, c.installments, policy);
  const apr = annualPercentageRate({
    disbursedOn: c.disbursementDate,
    principalPaise: c.principalPaise,
    charges,
    payments,
    daysInYear: policy.daysInYear,
  });
  const paidBy = new Map(payments.map((p) => [p.installmentNumber, p]));
  const schedule = [...c.installments]
    .sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.number - b.number))
    .map((i) => {
      const p = paidBy.get(i.number);
      return { ...i, paidPaise: p?.amountPaise ?? null, closes: p?.closes ?? false };
    });
  const { ladder, auctionReadyOn } = rateLadder(c, policy);
  const goldValuePaise = c.appraisal?.goldValuePaise ?? c.valuation.goldValuePaise;
  return {
    loanId: c.loanId,
    sanctionDate: c.disbursementDate,
    policyVersion: c.policyVersion ?? 1,
    branch,
    borrower: {
      name: c.customer.name,
      customerId: c.customer.customerId,
      mobile: c.customer.primaryMobile,
      address: c.customer.presentAddress,
    },
    principalPaise: c.principalPaise,
    disbursement: disbursementOf(c),
    purpose: c.purpose ?? 'consumption',
    repaymentType: c.repaymentType ?? 'emi',
    termMonths: c.termMonths,
    maturityDate: schedule.at(-1)!.dueDate,
    annualRateBps: c.annualRateBps,
    charges,
    apr,
    schedule,
    scheduleTotalPaise: c.installments.reduce((sum, i) => sum + i.amountPaise, 0),
    paidOnSchedulePaise: payments.reduce((sum, p) => sum + p.amountPaise, 0),
    costPaise: apr.totalPaidPaise - apr.disbursedPaise,
    ladder,
    auctionReadyOn,
    security: {
      goldValuePaise,
      ltvBps:
        c.ltv?.ltvBps ??
        (goldValuePaise > 0 ? Math.round((c.principalPaise / goldValuePaise) * 10_000) : null),
      capBps: c.ltv?.capBps ?? c.valuation.ltvCapBps,
      items: c.goldItems.length,
    },
    policy,
  };
}
