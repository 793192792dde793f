import {
  addDays,
  borrowerWiseClass,
  nextLoanClass,
  pastDueOn,
  type DelinquencyClass,
  type PastDue,
} from '@goldledger/contracts';
import type { LoanState } from './loan.state.js';

/**
 * Delinquency (issue 18) as the loan's own stream shows it: what the decider, the daily job
 * and the loan page all read. Pure functions of the loan's schedules and payments.
 */

/**
 * Paid towards the schedule by `day`: successful payments dated on or before it. The same
 * figure as `runLedger(…, day).totalPaidPaise` (each payment is split whole into interest,
 * principal and excess), without running the interest; a property test holds them equal.
 */
export const paidByPaise = (s: LoanState, day: string): number =>
  s.payments.reduce((sum, p) => (p.status === 'success' && p.date <= day ? sum + p.amountPaise : sum), 0);

/** Days past due on `day`, over the schedules in effect by then (a later reschedule is not yet known). */
export function pastDueOfLoan(s: LoanState, day: string): PastDue {
  return pastDueOn({
    schedules: s.schedules.filter((sch) => sch.from <= day).map((sch) => sch.installments),
    paidPaise: paidByPaise(s, day),
    today: day,
    policy: s.policy,
  });
}

export interface OwnDelinquency extends PastDue {
  /** The class the loan's own days past due give, NPA kept until its arrears are all paid. */
  ownClass: DelinquencyClass;
}

/**
 * The loan's own class on `today`, whoever looked before. Between two payment days days past
 * due only grow (payments are the only thing that lowers them; a reschedule adds a schedule,
 * and the worst counts), so the loan was at its worst the day before each payment day: the
 * class is walked over those days and the payment days themselves, NPA held until days past
 * due are back to 0. The same answer whichever days the job ran, and whether it ran at all.
 */
export function ownDelinquencyOn(s: LoanState, today: string): OwnDelinquency {
  const paymentDays = [
    ...new Set(s.payments.filter((p) => p.status === 'success' && p.date <= today).map((p) => p.date)),
  ].sort();
  let cls: DelinquencyClass = 'standard';
  for (const day of paymentDays) {
    cls = nextLoanClass(cls, pastDueOfLoan(s, addDays(day, -1)).daysPastDue, s.policy);
    cls = nextLoanClass(cls, pastDueOfLoan(s, day).daysPastDue, s.policy);
  }
  const now = pastDueOfLoan(s, today);
  return { ...now, ownClass: nextLoanClass(cls, now.daysPastDue, s.policy) };
}

/**
 * The loan's own class as the decider takes it: the walk above, and an NPA the job recorded
 * on the loan's own days past due held while anything is past due (a payment dated back
 * after the fact does not undo a class already recorded).
 */
export function loanOwnDelinquency(s: LoanState, today: string): OwnDelinquency {
  const own = ownDelinquencyOn(s, today);
  return s.delinquency.ownNpa && own.daysPastDue > 0 ? { ...own, ownClass: 'npa' } : own;
}

/** One open loan of a borrower, with its own class. */
export interface BorrowerLoan {
  loanId: string;
  ownClass: DelinquencyClass;
}

/**
 * Borrower-wise: for each of a borrower's open loans, the other loan whose own class is NPA
 * that makes it NPA too (the lowest loan id among them), or null. Depends only on the set
 * of loans, never on the order they come in.
 */
export function borrowerNpaLoans(loans: readonly BorrowerLoan[]): Map<string, string | null> {
  const npa = loans
    .filter((l) => l.ownClass === 'npa')
    .map((l) => l.loanId)
    .sort();
  return new Map(loans.map((l) => [l.loanId, npa.find((id) => id !== l.loanId) ?? null]));
}

/** The class a loan is to have: its own, or NPA because another of its borrower's loans is. */
export const classWithBorrower = (own: DelinquencyClass, borrowerNpaLoanId: string | null) =>
  borrowerWiseClass(own, borrowerNpaLoanId !== null);
