import { z } from 'zod';
import { BranchFilterQuery } from '../branches/branch-http.js';
import { BusinessDate, daysBetween } from '../lending/dates.js';

/**
 * The gold loan review (issue 17, point 8): what the RBI's 2024 review of gold lending
 * (RBI/2024-25/77, 30 September 2024) named, found in the book's events for a range of
 * business dates. `GET /api/admin/reports/gold-loan-review?from&to`; admins and auditors.
 * Money in rupees. Definitions in docs/decisions.md ("Renewals and top-ups (issue 17)").
 */

/** Without `from`/`to`: the 90 days ending today. */
export const REVIEW_DEFAULT_DAYS = 90;
/** The longest range one answer covers (about two years). */
export const REVIEW_MAX_DAYS = 731;

export const GoldLoanReviewQuery = z
  .object({
    from: BusinessDate.optional(),
    to: BusinessDate.optional(),
    ...BranchFilterQuery.shape,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'From date must not be after the to date',
    path: ['from'],
  })
  .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to) < REVIEW_MAX_DAYS, {
    message: `A review covers at most ${REVIEW_MAX_DAYS} days`,
    path: ['from'],
  });
export type GoldLoanReviewQuery = z.infer<typeof GoldLoanReviewQuery>;

const Borrower = { customerId: z.string(), customerName: z.string(), branchId: z.string() };

/** A loan closed within the policy's days of its sanction. */
export const QuickClosureRow = z.object({
  loanUuid: z.string(),
  loanId: z.string(),
  ...Borrower,
  amount: z.number(),
  disbursementDate: BusinessDate,
  closedOn: BusinessDate,
  days: z.number().int().nonnegative(),
  reason: z.enum(['repaid', 'auctioned']),
  /** It was renewed afterwards (the new loan's number). */
  renewedTo: z.string().nullable(),
});

/**
 * A renewal whose old loan was not paid off from the borrower's own money first:
 * `open_at_renewal`, the old loan still owed when it was marked renewed; `closed_same_day`,
 * it was closed on the renewal's own date, so what closed it and what the new loan paid out
 * cannot be told apart: the borrower's own money was what they paid that day less the new loan.
 */
export const PartPaymentRenewalRow = z.object({
  loanUuid: z.string(),
  loanId: z.string(),
  oldLoanUuid: z.string(),
  oldLoanId: z.string(),
  ...Borrower,
  renewedOn: BusinessDate,
  newAmount: z.number(),
  pattern: z.enum(['open_at_renewal', 'closed_same_day']),
  /** open_at_renewal: principal and interest the old loan still owed. */
  duesAtRenewal: z.number(),
  /** closed_same_day: what was paid on the old loan that day. */
  paidOnDay: z.number(),
  /** What the borrower brought: paid that day less the new loan's amount (never below 0). */
  borrowerOwn: z.number(),
});

/** A top-up whose sanction has no appraisal of its own date. */
export const UnappraisedTopUpRow = z.object({
  loanUuid: z.string(),
  loanId: z.string(),
  parentLoanId: z.string(),
  ...Borrower,
  amount: z.number(),
  sanctionedOn: BusinessDate,
  /** The appraisal's valuation date, when there is one (not the sanction date). */
  appraisedOn: BusinessDate.nullable(),
});

export const GoldLoanReview = z.object({
  from: BusinessDate,
  to: BusinessDate,
  asOf: BusinessDate,
  quickClosureDays: z.number().int().positive(),
  counts: z.object({
    quickClosures: z.number().int().nonnegative(),
    partPaymentRenewals: z.number().int().nonnegative(),
    topUpsWithoutAppraisal: z.number().int().nonnegative(),
  }),
  quickClosures: z.array(QuickClosureRow),
  partPaymentRenewals: z.array(PartPaymentRenewalRow),
  topUpsWithoutAppraisal: z.array(UnappraisedTopUpRow),
});
export type GoldLoanReview = z.infer<typeof GoldLoanReview>;
export const GoldLoanReviewResponse = z.object({ success: z.literal(true), data: GoldLoanReview });
