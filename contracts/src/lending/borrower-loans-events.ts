import { z } from 'zod';
import { BusinessDate } from './dates.js';

/**
 * The loans one borrower has pledged gold for, in one stream per customer
 * (`borrower-loans-<customer uuid>`, stream type `borrower-loans`). A loan is listed in the
 * same transaction that writes it, at the version read when the borrower's other loans were
 * checked (weight caps, LTV tier): two loans opened at once for one borrower conflict there,
 * and the second is checked again with the first in view. Each loan's own stream says
 * whether it is still open and what it owes. Schema version 1.
 */
export const BORROWER_LOANS_STREAM_TYPE = 'borrower-loans';
export const borrowerLoansStreamId = (customerUuid: string) => `borrower-loans-${customerUuid}`;

export const BorrowerLoansEvents = {
  /**
   * A loan of the borrower's. `source`: `sanction` when the loan was opened; `earlier` for a
   * loan made before this stream existed, listed from the loan book when the borrower's
   * stream was started (once).
   */
  LoanPledged: z.object({
    loanStreamId: z.string().min(1),
    loanId: z.string().min(1),
    openedOn: BusinessDate,
    source: z.enum(['sanction', 'earlier']),
  }),
} as const;
export type BorrowerLoansEventType = keyof typeof BorrowerLoansEvents;
export type BorrowerLoansEvent = {
  [K in BorrowerLoansEventType]: { type: K; data: z.infer<(typeof BorrowerLoansEvents)[K]> };
}[BorrowerLoansEventType];
