import { DAYS_IN_YEAR } from '@/lib/lending-options';
import { formatNumber } from '@/lib/format';
import { CALCULATOR, MINIMUM_INTEREST_RUPEES } from './figures';

/**
 * The calendar months a term of `days` makes (365 days: 12). Not the API's `months`, which
 * counts the 30-day blocks interest is compounded over, the last one begun (365 days: 13).
 */
export const termMonthsOf = (days: number): number => Math.max(1, Math.round((days * 12) / DAYS_IN_YEAR));

/** "12 months": the calculator's term as both public calculators say it. */
export function termText(days: number = CALCULATOR.termDays): string {
  const months = termMonthsOf(days);
  return `${formatNumber(months)} month${months === 1 ? '' : 's'}`;
}

/**
 * What the calculator shows when the API cannot answer: simple interest for the term,
 * at least the minimum interest. Labelled as an estimate on screen; the API's figure
 * (daily accrual, compounded every 30 days) is a little higher.
 */
export function estimateInterest(principal: number, days: number = CALCULATOR.termDays) {
  const simple = Math.round((principal * CALCULATOR.annualRatePercent * days) / (100 * 365));
  const totalInterest = Math.max(simple, MINIMUM_INTEREST_RUPEES);
  return {
    totalInterest,
    totalAmount: principal + totalInterest,
    months: termMonthsOf(days),
    minInterestApplied: totalInterest > simple,
  };
}
