import { z } from 'zod';
import { DelinquencyClass } from './delinquency.js';

/**
 * Delinquency as the API shows it (issue 18). Money in rupees, dates `YYYY-MM-DD`.
 */

/** Why a loan has its class: its own days past due, another of the borrower's loans, or arrears paid. */
export const DelinquencyReason = z.enum(['days_past_due', 'borrower_npa', 'arrears_cleared']);

/** The class the daily job last recorded on the loan, and the loan's own figures that day. */
export const DelinquencyView = z.object({
  class: DelinquencyClass,
  /** The day the job recorded this class (it has held since); null: never classified other than standard. */
  since: z.string().nullable(),
  daysPastDue: z.number().int(),
  oldestUnpaidDueDate: z.string().nullable(),
  /** Rupees past due that day. */
  arrears: z.number(),
  reason: DelinquencyReason.nullable(),
  /** The borrower's NPA loan (its `GL…` id) that made this one NPA, borrower-wise. */
  npaLoanId: z.string().nullable(),
});
export type DelinquencyView = z.infer<typeof DelinquencyView>;

/** The staff list's class filter: the classes a loan in arrears can have. */
export const DelinquencyFilter = z.enum(['sma_0', 'sma_1', 'sma_2', 'npa'], {
  error: 'Class must be sma_0, sma_1, sma_2 or npa',
});

/** `GET /api/loans/{id}/delinquency`: the recorded class, and the loan's figures today from its own stream. */
export const LoanDelinquencyResponse = z.object({
  data: z.object({
    _id: z.string(),
    loanId: z.string(),
    recorded: DelinquencyView,
    today: z.object({
      date: z.string(),
      daysPastDue: z.number().int(),
      oldestUnpaidDueDate: z.string().nullable(),
      arrears: z.number(),
      /** The class the loan's own days past due give today (NPA held until its arrears are paid). */
      ownClass: DelinquencyClass,
    }),
  }),
});
