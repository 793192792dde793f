import type { LoanEvent } from '@goldledger/contracts';
import { classWithBorrower, loanOwnDelinquency } from '../delinquency.rules.js';
import type { LoanHandler } from '../loan.decider.js';

/**
 * The daily classification of a loan (issue 18): its own days past due (NPA held until all
 * arrears are paid), then borrower-wise (NPA when `borrowerNpaLoanId` names another of the
 * borrower's loans that is NPA on its own). A class change is recorded; the same class
 * again records nothing, so a second look the same day changes nothing.
 */
export const classifyDelinquency: LoanHandler<'ClassifyDelinquency'> = (c, s) => {
  const recorded = s.delinquency;
  // A class recorded for a later day stands: an older day's run does not rewrite it.
  if (recorded.asOf !== null && c.today < recorded.asOf) return [];
  if (s.status !== 'active') return leftTheBook(c.today, s);
  const own = loanOwnDelinquency(s, c.today);
  const ownClass = own.ownClass;
  const borrowerNpaLoanId = c.borrowerNpaLoanId === s.loanId ? null : c.borrowerNpaLoanId;
  const to = classWithBorrower(ownClass, borrowerNpaLoanId);
  if (to === recorded.class) return [];
  const byBorrower = to === 'npa' && ownClass !== 'npa';
  return [
    {
      type: 'DelinquencyClassChanged',
      data: {
        from: recorded.class,
        to,
        asOf: c.today,
        daysPastDue: own.daysPastDue,
        oldestUnpaidDueDate: own.oldestUnpaidDueDate,
        arrearsPaise: own.arrearsPaise,
        reason: byBorrower ? 'borrower_npa' : to === 'standard' ? 'arrears_cleared' : 'days_past_due',
        npaLoanId: byBorrower ? borrowerNpaLoanId : null,
      },
    },
  ];
};

/**
 * A loan repaid or renewed owes nothing past due: a class other than standard ends with it.
 * An auctioned or deleted loan keeps the class it left the book with (what was sold was
 * classified so).
 */
function leftTheBook(today: string, s: Parameters<typeof classifyDelinquency>[1]): LoanEvent[] {
  const settled = (s.status === 'closed' && s.auction.status !== 'auctioned') || s.status === 'renewed';
  if (!settled || s.delinquency.class === 'standard') return [];
  return [
    {
      type: 'DelinquencyClassChanged',
      data: {
        from: s.delinquency.class,
        to: 'standard',
        asOf: today,
        daysPastDue: 0,
        oldestUnpaidDueDate: null,
        arrearsPaise: 0,
        reason: 'arrears_cleared',
        npaLoanId: null,
      },
    },
  ];
}
