/**
 * The pure rules of renewals and top-ups (issue 17, point 8; RBI Directions 2025, para 11):
 * a standard loan only, accrued interest paid first on bullet and monthly-interest loans,
 * and the new money within the loan-to-value cap of the gold's fresh value. The commands
 * that read the store around them are in renewal-commands.ts.
 */
import {
  daysBetween,
  fillInstallments,
  formatInr,
  formatInrExact,
  ltvCapBpsFor,
  maxDate,
  type LendingPolicy,
  type RenewalKind,
  type RepaymentType,
} from '@goldledger/contracts';
import { DomainError } from '../platform/decider.js';
import { runLedger } from './interest.js';
import { termsOf } from './loan.rules.js';
import { successfulPayments, type LoanState } from './loan.state.js';

/** A reason a renewal or top-up cannot be made, as the refusal and the quote say it. */
export interface Refusal {
  message: string;
  code: string;
}

/** Days from the oldest installment unpaid on `asOf` (counting payments `countsBy` admits) to `asOf`. */
function pastDueOn(s: LoanState, asOf: string, counts: (paymentDate: string) => boolean): number {
  const paid = successfulPayments(s)
    .filter((p) => counts(p.date))
    .reduce((sum, p) => sum + p.amountPaise, 0);
  const oldest = fillInstallments(s.installments, paid).find(
    (i) => i.status === 'unpaid' && i.dueDate < asOf,
  );
  return oldest ? daysBetween(oldest.dueDate, asOf) : 0;
}

/**
 * How far behind the loan is: the days since the due date of its oldest installment still
 * unpaid (0 when none is). An open loan is measured today; a closed loan on the day it
 * closed, by the payments made before that day, since renewing it puts a new loan where it
 * stood. "Standard" is at most the policy's `renewal.maxDaysPastDue` (90: an asset turns
 * non-performing after 90 days overdue). The delinquency issue's SMA/NPA classification
 * replaces this measure when it exists.
 */
export function daysPastDue(s: LoanState, today: string): number {
  if (s.status === 'active') return pastDueOn(s, today, (d) => d <= today);
  if (s.status === 'closed' && s.closedOn) {
    const closedOn = s.closedOn;
    return pastDueOn(s, closedOn, (d) => d < closedOn);
  }
  return 0;
}

/** Interest accrued and unpaid today (0 unless the loan is open). */
export const accruedInterestPaise = (s: LoanState, today: string): number =>
  s.status === 'active' ? runLedger(termsOf(s), successfulPayments(s), today).interestOutstandingPaise : 0;

/** Bullet and monthly-interest loans are renewed or topped up only once their accrued interest is paid. */
export const interestFirst = (t: RepaymentType): boolean => t === 'bullet' || t === 'monthly_interest';

const STRUCTURE: Record<RepaymentType, string> = {
  emi: 'an EMI loan',
  bullet: 'a bullet loan',
  monthly_interest: 'a monthly-interest loan',
};

/**
 * What the loan owes against its gold: outstanding principal and accrued interest today;
 * for bullet and monthly-interest loans what is repayable at maturity (the books run to
 * it with no further payment). 0 once it is not open.
 */
export function owedPaise(s: LoanState, today: string): number {
  if (s.status !== 'active') return 0;
  const maturity = s.installments.at(-1)?.dueDate ?? today;
  const asOf = interestFirst(s.repaymentType) ? maxDate(today, maturity) : today;
  const l = runLedger(termsOf(s), successfulPayments(s), asOf);
  return l.principalOutstandingPaise + l.interestOutstandingPaise;
}

/**
 * The most that may be owed on gold worth `goldValuePaise`, and at which cap: the LTV
 * tiers apply to the total owed on it, so the most is the largest total whose own tier's
 * cap covers it (as `valueGold` does for one loan).
 */
export function exposureLimit(
  goldValuePaise: number,
  policy: LendingPolicy,
): { limitPaise: number; capBps: number } {
  let limitPaise = 0;
  let capBps = policy.ltvSlabs.at(-1)!.capBps;
  let floor = 0;
  for (const slab of policy.ltvSlabs) {
    const atCap = Math.floor((goldValuePaise * slab.capBps) / 10_000);
    const total = slab.upToPaise === null ? atCap : Math.min(atCap, slab.upToPaise);
    if (total > floor && total > limitPaise) {
      limitPaise = total;
      capBps = slab.capBps;
    }
    floor = slab.upToPaise ?? Number.POSITIVE_INFINITY;
  }
  return { limitPaise, capBps };
}

/** The most the new loan may be, on top of what is already owed on the gold. */
export function maxNewLoanPaise(goldValuePaise: number, existingPaise: number, policy: LendingPolicy) {
  const { limitPaise, capBps } = exposureLimit(goldValuePaise, policy);
  return { maxPaise: Math.max(0, limitPaise - existingPaise), capBps };
}

/**
 * Refuses a new loan of `amountPaise` when, with what is already owed on the same gold, it
 * is above the cap of its tier at the gold's fresh value.
 */
export function requireWithinLtv(
  kind: RenewalKind,
  amountPaise: number,
  existingPaise: number,
  goldValuePaise: number,
  policy: LendingPolicy,
): void {
  const capBps = ltvCapBpsFor(existingPaise + amountPaise, policy);
  if (existingPaise + amountPaise <= Math.floor((goldValuePaise * capBps) / 10_000)) return;
  // People see whole rupees: the most that can be lent, rounded down so it is never above the cap.
  const maxPaise = Math.floor(maxNewLoanPaise(goldValuePaise, existingPaise, policy).maxPaise / 100) * 100;
  const value = `the gold is worth ${formatInr(goldValuePaise)} at today's valuation price`;
  const message =
    kind === 'renewal'
      ? `Loan amount ${formatInr(amountPaise)} is above the ${capBps / 100}% loan-to-value limit: ${value}, so at most ${formatInr(maxPaise)} can be lent`
      : `A top-up of ${formatInr(amountPaise)} on top of ${formatInr(existingPaise)} already owed on this gold is above the ${capBps / 100}% loan-to-value limit: ${value}, so at most ${formatInr(maxPaise)} more can be lent`;
  throw new DomainError(message, 'ltv_exceeded', 422, {
    maxAmount: maxPaise / 100,
    goldValue: goldValuePaise / 100,
  });
}

function standardRefusal(kind: RenewalKind, s: LoanState, today: string, policy: LendingPolicy) {
  const days = daysPastDue(s, today);
  const max = policy.renewal.maxDaysPastDue;
  if (days <= max) return [];
  const when =
    s.status === 'closed' ? `was ${days} days past due when it closed` : `is ${days} days past due`;
  const doing = kind === 'renewal' ? 'renewed' : 'topped up';
  return [
    {
      message: `Loan ${s.loanId} ${when}: only a standard loan (at most ${max} days past due) can be ${doing}`,
      code: 'loan_not_standard',
    },
  ];
}

function interestRefusal(kind: RenewalKind, s: LoanState, today: string): Refusal[] {
  if (!interestFirst(s.repaymentType)) return [];
  const unpaid = accruedInterestPaise(s, today);
  if (unpaid === 0) return [];
  const before = kind === 'renewal' ? 'it can be renewed' : 'a top-up';
  return [
    {
      message: `Loan ${s.loanId} is ${STRUCTURE[s.repaymentType]}: its accrued interest of ${formatInrExact(unpaid)} must be paid before ${before}`,
      code: 'interest_unpaid',
    },
  ];
}

/** Why this closed loan cannot be renewed today (none: it can, within LTV). */
export function renewalRefusals(s: LoanState, today: string, policy: LendingPolicy): Refusal[] {
  if (s.status === 'renewed') return [{ message: 'Loan has already been renewed', code: 'loan_renewed' }];
  if (s.status !== 'closed')
    return [{ message: 'Only closed loans can be renewed', code: 'loan_not_closed' }];
  return [...standardRefusal('renewal', s, today, policy), ...interestRefusal('renewal', s, today)];
}

/** Why this loan cannot be topped up today (none: it can, within LTV). */
export function topUpRefusals(s: LoanState, today: string, policy: LendingPolicy): Refusal[] {
  if (s.status !== 'active') {
    return [{ message: 'Only an open loan can be topped up', code: 'loan_not_active' }];
  }
  if (s.topUpOf) {
    return [
      {
        message: `Loan ${s.loanId} is itself a top-up of ${s.topUpOf.loanId}: top up ${s.topUpOf.loanId} instead`,
        code: 'top_up_of_top_up',
      },
    ];
  }
  return [...standardRefusal('top_up', s, today, policy), ...interestRefusal('top_up', s, today)];
}

/** Throws the first refusal, as a 409: each is about the state of the loan, not the request. */
export function requireNoRefusal(refusals: readonly Refusal[]): void {
  const first = refusals[0];
  if (first) throw new DomainError(first.message, first.code, 409);
}
