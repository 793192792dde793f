import {
  addDays,
  addMonths,
  daysBetween,
  roundHalfAwayFromZero,
  nextWorkingDay,
  nonWorkingReason,
  type Allocation,
  type InstallmentRecord,
  LENDING_POLICY,
  minimumDaysFor,
  type LendingPolicy,
} from '@goldledger/contracts';

/**
 * The one interest model (docs/interest.md): daily accrual at rate/365 on the
 * balance, compounded every 30-day block from disbursement (unpaid interest joins the
 * balance that accrues the next block), payments to interest first, then principal.
 * Amounts inside are fractional paise; they are rounded (half away from zero) only where
 * they leave: an allocation, a quote, a total.
 */

export interface LoanTerms {
  principalPaise: number;
  annualRateBps: number;
  disbursementDate: string;
  /** The loan's own policy version (default: the built-in one); an explicit `policy` argument wins. */
  policy?: LendingPolicy;
}

/** A successful payment as the ledger sees it. */
export interface LedgerPayment {
  date: string;
  amountPaise: number;
}

export interface Block {
  index: number;
  from: string;
  to: string;
  days: number;
  openingBalancePaise: number;
  interestPaise: number;
}

export interface Ledger {
  asOf: string;
  principalOutstandingPaise: number;
  /** Accrued and unpaid interest, compounded part included, rounded. */
  interestOutstandingPaise: number;
  interestPaidPaise: number;
  principalPaidPaise: number;
  totalPaidPaise: number;
  /** Paid beyond everything owed (only a payment the decider let through after closure-level). */
  excessPaise: number;
  /** One per payment, in the order given. */
  allocations: Allocation[];
  blocks: Block[];
}

/** Runs the books from disbursement to `asOf` (payments after `asOf` are ignored). */
export function runLedger(
  terms: LoanTerms,
  payments: readonly LedgerPayment[],
  asOf: string,
  policy: LendingPolicy = terms.policy ?? LENDING_POLICY,
): Ledger {
  const daily = terms.annualRateBps / 10_000 / policy.daysInYear;
  const blockDays = policy.compoundingBlockDays;
  let principal = terms.principalPaise;
  let capitalised = 0; // interest of past blocks, unpaid: accrues like principal
  let accrued = 0; // interest of the current block, unpaid
  let cursor = terms.disbursementDate;
  let blockStart = cursor;
  let blockOpening = principal;
  let blockInterest = 0;
  let blockIndex = 0;
  let interestPaid = 0;
  let principalPaid = 0;
  let excess = 0;
  const blocks: Block[] = [];

  const closeBlock = (to: string) => {
    blocks.push({
      index: blockIndex + 1,
      from: blockStart,
      to,
      days: daysBetween(blockStart, to),
      openingBalancePaise: roundHalfAwayFromZero(blockOpening),
      interestPaise: roundHalfAwayFromZero(blockInterest),
    });
  };
  const accrue = (to: string) => {
    const days = daysBetween(cursor, to);
    if (days <= 0) return;
    const interest = (principal + capitalised) * daily * days;
    accrued += interest;
    blockInterest += interest;
    cursor = to;
  };
  const advance = (to: string) => {
    for (;;) {
      const blockEnd = addDays(blockStart, blockDays);
      if (blockEnd > to) break;
      accrue(blockEnd);
      closeBlock(blockEnd);
      capitalised += accrued;
      accrued = 0;
      blockIndex += 1;
      blockStart = blockEnd;
      blockOpening = principal + capitalised;
      blockInterest = 0;
    }
    accrue(to);
  };

  const order = payments
    .map((p, i) => ({ ...p, i }))
    .filter((p) => p.date <= asOf)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.i - b.i));
  const allocations: Allocation[] = payments.map(() => ({ interestPaise: 0, principalPaise: 0 }));
  for (const p of order) {
    if (p.date > cursor) advance(p.date);
    const interestDue = roundHalfAwayFromZero(capitalised + accrued);
    const toInterest = Math.min(p.amountPaise, interestDue);
    // The current block's interest is paid first: what is left of the older, capitalised interest keeps compounding.
    const fromAccrued = Math.min(accrued, toInterest);
    accrued -= fromAccrued;
    capitalised = Math.max(0, capitalised - (toInterest - fromAccrued));
    if (toInterest === interestDue) accrued = capitalised = 0; // sub-paisa residue of the rounding
    const toPrincipal = Math.min(p.amountPaise - toInterest, principal);
    principal -= toPrincipal;
    excess += p.amountPaise - toInterest - toPrincipal;
    interestPaid += toInterest;
    principalPaid += toPrincipal;
    allocations[p.i] = { interestPaise: toInterest, principalPaise: toPrincipal };
  }
  if (asOf > cursor) advance(asOf);
  if (daysBetween(blockStart, asOf) > 0) closeBlock(asOf);

  return {
    asOf,
    principalOutstandingPaise: principal,
    interestOutstandingPaise: roundHalfAwayFromZero(capitalised + accrued),
    interestPaidPaise: interestPaid,
    principalPaidPaise: principalPaid,
    totalPaidPaise: interestPaid + principalPaid + excess,
    excessPaise: excess,
    allocations,
    blocks,
  };
}

export interface Grace {
  /** The date the repayment is priced at. */
  priceDate: string;
  gracePeriodDays: number;
  gracePeriodReason: string | null;
}

/**
 * A due date on a Sunday or holiday may be paid on the next working day at the due
 * date's price: so a holiday never makes a repayment dearer.
 */
export function graceFor(
  repaymentDate: string,
  dueDates: readonly string[],
  policy: LendingPolicy = LENDING_POLICY,
): Grace {
  for (const due of dueDates) {
    if (due >= repaymentDate) continue;
    const reason = nonWorkingReason(due, policy);
    if (!reason) continue;
    const until = nextWorkingDay(due, policy);
    if (repaymentDate <= until) {
      return {
        priceDate: due,
        gracePeriodDays: daysBetween(due, until),
        gracePeriodReason: `The due date ${due} fell on ${reason === 'Sunday' ? 'a Sunday' : reason}; it may be paid on ${until} without extra interest`,
      };
    }
  }
  return { priceDate: repaymentDate, gracePeriodDays: 0, gracePeriodReason: null };
}

export interface Quote extends Grace {
  repaymentDate: string;
  days: number;
  effectiveDays: number;
  principalOutstandingPaise: number;
  /** Interest owed if the loan is closed on the date: accrued, minimums applied. */
  interestPaise: number;
  rebatePaise: number;
  /** To close the loan on the date. */
  totalDuePaise: number;
  /** Smallest payment accepted: the interest due now, or the whole balance if smaller. */
  minimumTotalDuePaise: number;
  minimumDays: number;
  minimumInterestPaise: number;
  minDaysApplied: boolean;
  minInterestApplied: boolean;
  interestPaidPaise: number;
  totalPaidPaise: number;
  breakdown: Block[];
  /**
   * Paise left off at the counter (`atTheCounter`): the exact closing amount less the
   * whole-rupee `totalDuePaise`, the rebate's rounding up included. 0 from the model itself.
   */
  roundingPaise: number;
}

/** What closing the loan costs on `repaymentDate`: interest with its minimums and rebate, and the principal. */
export function quoteRepayment(
  terms: LoanTerms,
  payments: readonly LedgerPayment[],
  repaymentDate: string,
  dueDates: readonly string[] = [],
  policy: LendingPolicy = terms.policy ?? LENDING_POLICY,
): Quote {
  const grace = graceFor(repaymentDate, dueDates, policy);
  // What was paid by the repayment date counts, and nothing later: a payment made in a
  // holiday's grace counts as made on the due date the quote is priced at.
  payments = payments
    .filter((p) => p.date <= repaymentDate)
    .map((p) => (p.date > grace.priceDate ? { ...p, date: grace.priceDate } : p));
  const days = Math.max(0, daysBetween(terms.disbursementDate, grace.priceDate));
  const minimumDays = minimumDaysFor(terms.annualRateBps, policy);
  const effectiveDays = Math.max(days, minimumDays);
  const now = runLedger(terms, payments, grace.priceDate, policy);
  const priced =
    effectiveDays === days
      ? now
      : runLedger(terms, payments, addDays(terms.disbursementDate, effectiveDays), policy);
  const minimumInterest = policy.minimumInterestPaise;
  const topUp = Math.max(0, minimumInterest - (priced.interestPaidPaise + priced.interestOutstandingPaise));
  const interest = priced.interestOutstandingPaise + topUp;
  const rebate =
    days <= policy.earlyClosureRebate.withinDays
      ? roundHalfAwayFromZero((interest * policy.earlyClosureRebate.bps) / 10_000)
      : 0;
  // Paid beyond the principal and the interest accrued so far (a payment above the balance
  // that still fell short of the minimum interest) is a credit against closing.
  const totalDue = Math.max(0, priced.principalOutstandingPaise + interest - rebate - priced.excessPaise);
  return {
    ...grace,
    repaymentDate,
    days,
    effectiveDays,
    principalOutstandingPaise: priced.principalOutstandingPaise,
    interestPaise: interest,
    rebatePaise: rebate,
    totalDuePaise: totalDue,
    minimumTotalDuePaise: Math.min(
      totalDue,
      Math.max(now.interestOutstandingPaise, policy.minimumPaymentPaise),
    ),
    minimumDays,
    minimumInterestPaise: minimumInterest,
    minDaysApplied: effectiveDays > days,
    minInterestApplied: topUp > 0,
    interestPaidPaise: now.interestPaidPaise,
    totalPaidPaise: now.totalPaidPaise,
    breakdown: priced.blocks,
    roundingPaise: 0,
  };
}

const RUPEE = 100;
const rupeesDown = (paise: number) => Math.floor(paise / RUPEE) * RUPEE;
const rupeesUp = (paise: number) => Math.ceil(paise / RUPEE) * RUPEE;

/**
 * The quote as the counter takes it, in whole rupees (docs/interest.md, "Whole rupees at the
 * counter"): the early-closure rebate rounded up to the rupee, the amount that closes the loan
 * and the least accepted rounded down to the rupee. Every
 * rounding is in the customer's favour; the paise left off (`roundingPaise`, under ₹2) are
 * waived, and the books record them at closing. The exact model figures are kept in the
 * breakdown.
 */
export function atTheCounter(q: Quote): Quote {
  if (q.totalDuePaise <= 0) return { ...q, rebatePaise: rupeesUp(q.rebatePaise), roundingPaise: 0 };
  const rebate = rupeesUp(q.rebatePaise);
  const total = rupeesDown(Math.max(0, q.totalDuePaise - (rebate - q.rebatePaise)));
  return {
    ...q,
    rebatePaise: rebate,
    totalDuePaise: total,
    minimumTotalDuePaise: Math.min(total, rupeesDown(q.minimumTotalDuePaise)),
    roundingPaise: q.totalDuePaise - total,
  };
}

/**
 * A quote's principal and interest in whole rupees that add up to its total with the rebate:
 * the principal to the nearest rupee (never above the total), the interest the rest.
 */
export function counterParts(q: Pick<Quote, 'totalDuePaise' | 'principalOutstandingPaise' | 'rebatePaise'>): {
  principalPaise: number;
  interestPaise: number;
} {
  const principal = Math.min(
    q.totalDuePaise,
    roundHalfAwayFromZero(q.principalOutstandingPaise / RUPEE) * RUPEE,
  );
  return {
    principalPaise: principal,
    interestPaise: Math.max(0, q.totalDuePaise + q.rebatePaise - principal),
  };
}

export interface InterestCalculation {
  days: number;
  effectiveDays: number;
  months: number;
  totalInterestPaise: number;
  totalAmountPaise: number;
  minDaysApplied: boolean;
  minInterestApplied: boolean;
}

/** The calculator: a loan with no payments, closed after `days` (the worked examples in docs/interest.md). */
export function calculateInterest(
  principalPaise: number,
  annualRateBps: number,
  days: number,
  policy: LendingPolicy = LENDING_POLICY,
): InterestCalculation {
  const start = '2000-01-01';
  const minimumDays = minimumDaysFor(annualRateBps, policy);
  const effectiveDays = Math.max(days, minimumDays);
  const ledger = runLedger(
    { principalPaise, annualRateBps, disbursementDate: start },
    [],
    addDays(start, effectiveDays),
    policy,
  );
  const totalInterest = Math.max(ledger.interestOutstandingPaise, policy.minimumInterestPaise);
  return {
    days,
    effectiveDays,
    months: Math.max(1, Math.ceil(effectiveDays / policy.compoundingBlockDays)),
    totalInterestPaise: totalInterest,
    totalAmountPaise: principalPaise + totalInterest,
    minDaysApplied: effectiveDays > days,
    minInterestApplied: totalInterest > ledger.interestOutstandingPaise,
  };
}

/** What a loan costs if held to maturity: the total the schedule spreads over its installments. */
export function totalForTerm(
  terms: LoanTerms,
  termMonths: number,
  policy: LendingPolicy = terms.policy ?? LENDING_POLICY,
): number {
  const days = daysBetween(terms.disbursementDate, addMonths(terms.disbursementDate, termMonths));
  return calculateInterest(terms.principalPaise, terms.annualRateBps, days, policy).totalAmountPaise;
}

/**
 * `count` monthly installments of round(total / count), the last absorbing the rounding,
 * due `startOffset + k` months after `from`, on the anchor day clamped to the month's end.
 */
export function buildInstallments(
  totalPaise: number,
  count: number,
  from: string,
  anchorDay: number,
  firstNumber = 1,
  startOffset = 0,
): InstallmentRecord[] {
  const each = roundHalfAwayFromZero(totalPaise / count);
  return Array.from({ length: count }, (_, k) => ({
    number: firstNumber + k,
    dueDate: addMonths(from, startOffset + k + 1, anchorDay),
    amountPaise: k === count - 1 ? totalPaise - each * (count - 1) : each,
  }));
}
