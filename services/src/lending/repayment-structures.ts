/**
 * The three repayment structures (issue 17, RBI Directions 2025) as schedules of the one
 * interest model (`interest.ts`, docs/interest.md): an installment is always an amount the
 * books themselves would ask on its date, so paying the schedule on time closes the loan
 * exactly, and the quote, the closing and the schedule never disagree.
 *
 * - emi: `term` equal installments of the total for the term (the seeds' loans).
 * - bullet: one installment at maturity: what closing the loan costs that day.
 * - monthly_interest: each month the interest the books show on its due date (paid, it
 *   never compounds); the last installment is the principal and the last interest.
 *
 * Choices and their reasons: docs/decisions.md, "Repayment structures (issue 17)".
 */
import {
  addMonths,
  type InstallmentRecord,
  type LendingPolicy,
  type RepaymentType,
} from '@goldledger/contracts';
import { DomainError } from '../platform/decider.js';
import {
  buildInstallments,
  quoteRepayment,
  runLedger,
  totalForTerm,
  type LedgerPayment,
  type LoanTerms,
} from './interest.js';

export interface ScheduleInput {
  repaymentType: RepaymentType;
  principalPaise: number;
  annualRateBps: number;
  disbursementDate: string;
  termMonths: number;
  policy: LendingPolicy;
}

export interface RepaymentSchedule {
  installments: InstallmentRecord[];
  /** Σ installments: what the loan costs if every installment is paid on its date. */
  totalPaymentPaise: number;
  /** The first installment: an EMI, a month's interest, or (bullet) the one payment at maturity. */
  monthlyPaymentPaise: number;
  /**
   * Principal + interest to maturity if nothing is paid before it: what closing the loan on
   * its maturity date would cost. The LTV basis of bullet and monthly-interest loans at
   * sanction (RBI Directions 2025: the total amount repayable at maturity).
   */
  repayableAtMaturityPaise: number;
}

const WHO: Record<RepaymentType, string> = {
  emi: 'An EMI loan',
  bullet: 'A bullet loan',
  monthly_interest: 'A monthly-interest loan',
};

/** How documents and messages name a structure, and its `monthlyPaymentPaise`. */
export const REPAYMENT_WORDS: Readonly<Record<RepaymentType, { structure: string; amount: string }>> = {
  emi: { structure: 'EMI (equal monthly installments)', amount: 'Monthly payment' },
  bullet: { structure: 'Bullet (principal and interest at maturity)', amount: 'Due at maturity' },
  monthly_interest: { structure: 'Interest monthly, principal at maturity', amount: 'Monthly interest' },
};

/** The maturity date: the loan's day of the month, `termMonths` on (clamped to the month's end). */
export const maturityOf = (disbursementDate: string, termMonths: number) =>
  addMonths(disbursementDate, termMonths);

/**
 * The policy's longest tenure for the structure. EMI loans keep the seeds' message (their
 * cap is the policy's `maximumTermMonths`, checked by the decider as before).
 */
export function checkTenure(repaymentType: RepaymentType, termMonths: number, policy: LendingPolicy): void {
  const cap = Math.min(policy.maxTermMonthsByRepayment[repaymentType], policy.maximumTermMonths);
  if (termMonths <= cap) return;
  throw new DomainError(
    repaymentType === 'emi'
      ? `Loan duration must be at most ${cap} months`
      : `${WHO[repaymentType]} can run at most ${cap} months`,
    'term_too_long',
    400,
    { repaymentType, maxTermMonths: cap },
  );
}

/** What closing the loan costs on `date` given these payments (minimum interest and rebate priced in). */
const closingOn = (terms: LoanTerms, payments: readonly LedgerPayment[], date: string) =>
  quoteRepayment(terms, payments, date).totalDuePaise;

/**
 * Interest-only installments on each date but the last, the closing amount on the last.
 * Each is the interest the books show on its date with the earlier installments paid on
 * theirs: so paying it leaves no interest to compound, and the principal is untouched until
 * the last. A month whose interest is below the smallest payment taken (₹1; nil on a 0 %
 * loan) asks nothing: its interest is asked with the next.
 */
function interestEachMonth(
  terms: LoanTerms,
  paid: readonly LedgerPayment[],
  dueDates: readonly string[],
  firstNumber: number,
): InstallmentRecord[] {
  const smallest = Math.max(1, terms.policy!.minimumPaymentPaise);
  const planned: LedgerPayment[] = [];
  dueDates.forEach((dueDate, k) => {
    const before = [...paid, ...planned];
    const amountPaise =
      k === dueDates.length - 1
        ? closingOn(terms, before, dueDate)
        : runLedger(terms, before, dueDate).interestOutstandingPaise;
    if (amountPaise >= smallest || k === dueDates.length - 1) planned.push({ date: dueDate, amountPaise });
  });
  return planned.map((p, k) => ({ number: firstNumber + k, dueDate: p.date, amountPaise: p.amountPaise }));
}

const monthsFrom = (from: string, count: number, anchorDay: number) =>
  Array.from({ length: count }, (_, k) => addMonths(from, k + 1, anchorDay));

const sum = (installments: readonly InstallmentRecord[]) =>
  installments.reduce((s, i) => s + i.amountPaise, 0);

/** A new loan's schedule for its structure (the decider checks the tenure first: `checkTenure`). */
export function scheduleFor(input: ScheduleInput): RepaymentSchedule {
  const { repaymentType, disbursementDate, termMonths, policy } = input;
  const terms: LoanTerms = {
    principalPaise: input.principalPaise,
    annualRateBps: input.annualRateBps,
    disbursementDate,
    policy,
  };
  const anchorDay = +disbursementDate.slice(8, 10);
  const maturity = maturityOf(disbursementDate, termMonths);
  const repayableAtMaturityPaise = closingOn(terms, [], maturity);
  let installments: InstallmentRecord[];
  switch (repaymentType) {
    case 'emi':
      // As the seeds: the total for the term (no early-closure rebate) in equal parts.
      installments = buildInstallments(
        totalForTerm(terms, termMonths),
        termMonths,
        disbursementDate,
        anchorDay,
      );
      break;
    case 'bullet':
      installments = [{ number: 1, dueDate: maturity, amountPaise: repayableAtMaturityPaise }];
      break;
    case 'monthly_interest':
      installments = interestEachMonth(terms, [], monthsFrom(disbursementDate, termMonths, anchorDay), 1);
      break;
    default: {
      const _exhaustive: never = repaymentType;
      return _exhaustive;
    }
  }
  return {
    installments,
    totalPaymentPaise: sum(installments),
    monthlyPaymentPaise: installments[0]!.amountPaise,
    repayableAtMaturityPaise,
  };
}

export interface Remainder {
  repaymentType: RepaymentType;
  /** The loan's terms at its new rate (which applies from disbursement). */
  terms: LoanTerms;
  /** Its successful payments. */
  payments: readonly LedgerPayment[];
  /** The upgrade date: the new installments fall due monthly after it. */
  from: string;
  /** The next upgrade date: the remainder is priced to it. */
  horizon: string;
  /** The loan's day of the month. */
  anchorDay: number;
  /** Numbers go on after the old schedule's last. */
  firstNumber: number;
}

/**
 * The installments that replace the unpaid part of a schedule when the rate goes up the
 * ladder, keeping the loan's structure: EMI spreads the remainder (priced to the next
 * upgrade date) over `upgradeScheduleMonths` equal installments as the seeds did; bullet asks
 * it all on the next upgrade date; monthly interest asks each month's interest and the
 * rest on the next upgrade date. Bullet and monthly interest count the payments made by the
 * upgrade date: those made after it fill the new installments, so none counts twice.
 */
export function remainderSchedule(r: Remainder): InstallmentRecord[] {
  const { terms, from, horizon, anchorDay, firstNumber } = r;
  const policy = terms.policy!;
  switch (r.repaymentType) {
    case 'emi':
      return buildInstallments(
        closingOn(terms, r.payments, horizon),
        policy.upgradeScheduleMonths,
        from,
        anchorDay,
        firstNumber,
      );
    case 'bullet': {
      const paid = r.payments.filter((p) => p.date <= from);
      return [{ number: firstNumber, dueDate: horizon, amountPaise: closingOn(terms, paid, horizon) }];
    }
    case 'monthly_interest': {
      const paid = r.payments.filter((p) => p.date <= from);
      const dueDates: string[] = [];
      for (let k = 1; addMonths(from, k, anchorDay) < horizon; k++)
        dueDates.push(addMonths(from, k, anchorDay));
      return interestEachMonth(terms, paid, [...dueDates, horizon], firstNumber);
    }
    default: {
      const _exhaustive: never = r.repaymentType;
      return _exhaustive;
    }
  }
}
