import { businessDate } from '@goldledger/contracts';

/**
 * Today at the branch as `YYYY-MM-DD`: due dates, loan dates and repayment dates are
 * business dates in the lender's time zone, whatever the visitor's clock says.
 */
export function businessToday(now: Date = new Date()): string {
  return businessDate(now);
}
