import { z } from 'zod';
import { graceEndOf } from './calendar.js';
import { BusinessDate, daysBetween } from './dates.js';
import { fillInstallments } from './installments.js';
import type { InstallmentRecord } from './loan-events.js';
import type { LendingPolicy } from './policy.js';

/**
 * Delinquency (issue 18): a loan's days past due and its asset class, as the RBI's
 * prudential norms (IRACP) and its SMA framework count them. Pure: the daily job, the loan
 * page and the portfolio as of any day all classify with these two functions.
 */

/** Standard; special mention accounts SMA-0/1/2; non-performing. */
export const DelinquencyClass = z.enum(['standard', 'sma_0', 'sma_1', 'sma_2', 'npa']);
export type DelinquencyClass = z.infer<typeof DelinquencyClass>;

/** How people read a class: on rows, the loan, reminders and the portfolio. */
export const DELINQUENCY_CLASS_LABELS: Readonly<Record<DelinquencyClass, string>> = {
  standard: 'Standard',
  sma_0: 'SMA-0',
  sma_1: 'SMA-1',
  sma_2: 'SMA-2',
  npa: 'NPA',
};

/** The class days past due give on their own (before the NPA stickiness and the borrower rule). */
export function classForDaysPastDue(daysPastDue: number, policy: LendingPolicy): DelinquencyClass {
  const d = policy.delinquency;
  if (daysPastDue <= 0) return 'standard';
  if (daysPastDue <= d.sma0MaxDays) return 'sma_0';
  if (daysPastDue <= d.sma1MaxDays) return 'sma_1';
  if (daysPastDue <= d.sma2MaxDays) return 'sma_2';
  return 'npa';
}

export interface PastDueInput {
  /**
   * Every schedule the loan has had, oldest first: the one at sanction and each one a rate
   * upgrade rebuilt. An amount that fell due stays in arrears until paid, even when an upgrade
   * spreads it over new installments (a reschedule never cures arrears).
   */
  schedules: ReadonlyArray<readonly InstallmentRecord[]>;
  /** Everything the borrower has paid towards the schedule by `today` (successful payments). */
  paidPaise: number;
  today: string;
  policy: LendingPolicy;
}

export interface PastDue {
  /** Days from the oldest unpaid due date to today; 0 when nothing is past due (or still in holiday grace). */
  daysPastDue: number;
  /** That due date, or null. */
  oldestUnpaidDueDate: string | null;
  /** Amounts due by today and not yet paid, on the schedule that shows the most (paise). */
  arrearsPaise: number;
}

/**
 * Days past due: from the oldest installment not fully paid whose due date (and any holiday
 * grace after it) has passed. Payments fill installments in order, so with every schedule
 * the loan has had, the worst one counts. EMI: the oldest unpaid installment;
 * monthly-interest: the oldest unpaid month's interest; bullet: the maturity date.
 */
export function pastDueOn(input: PastDueInput): PastDue {
  let worst: PastDue = { daysPastDue: 0, oldestUnpaidDueDate: null, arrearsPaise: 0 };
  for (const schedule of input.schedules) {
    const filled = fillInstallments(schedule, input.paidPaise);
    const late = filled.filter(
      (i) => i.status === 'unpaid' && input.today > graceEndOf(i.dueDate, input.policy),
    );
    const oldest = late[0];
    if (!oldest) continue;
    const days = daysBetween(oldest.dueDate, input.today);
    const arrearsPaise = late.reduce((sum, i) => sum + i.amountPaise - i.amountPaidPaise, 0);
    if (days > worst.daysPastDue)
      worst = { daysPastDue: days, oldestUnpaidDueDate: oldest.dueDate, arrearsPaise };
  }
  return worst;
}

/**
 * A loan's class from its own days past due, given the class it had: an NPA loan stays NPA
 * until all its arrears are paid (days past due back to 0), however much it catches up.
 */
export function nextLoanClass(previous: DelinquencyClass, daysPastDue: number, policy: LendingPolicy) {
  if (previous === 'npa' && daysPastDue > 0) return 'npa';
  return classForDaysPastDue(daysPastDue, policy);
}

/** Borrower-wise: one NPA loan makes all of that borrower's open loans NPA. */
export const borrowerWiseClass = (own: DelinquencyClass, borrowerHasNpa: boolean): DelinquencyClass =>
  borrowerHasNpa ? 'npa' : own;

/** Events of the loan stream (issue 18): a change of class, recorded by the daily delinquency job. */
export const DelinquencyEventSchemas = {
  DelinquencyClassChanged: z.object({
    from: DelinquencyClass,
    to: DelinquencyClass,
    /** The business date the job classified on. */
    asOf: BusinessDate,
    /** The loan's own days past due that day. */
    daysPastDue: z.number().int().nonnegative(),
    oldestUnpaidDueDate: BusinessDate.nullable(),
    arrearsPaise: z.number().int().nonnegative(),
    /**
     * Why: its own days past due, another of the borrower's loans being NPA (borrower-wise;
     * `npaLoanId` names it), or all arrears paid.
     */
    reason: z.enum(['days_past_due', 'borrower_npa', 'arrears_cleared']),
    npaLoanId: z.string().nullable(),
  }),
} as const;
