import { CALCULATOR, MINIMUM_INTEREST_RUPEES } from './figures';

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
    months: Math.max(1, Math.ceil(days / 30)),
    minInterestApplied: totalInterest > simple,
  };
}
