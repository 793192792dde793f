import { z } from 'zod';
import { BranchFilterQuery } from '../branches/branch-http.js';
import { GoldReturnStatus } from '../lending/loan-events.js';

/**
 * The staff reports: what was lent and collected month by month, the book by
 * status and upgrade level, overdue installments by age and, for admins, gold returns.
 * Money in rupees. Deleted loans are in none of the figures, as in every list.
 * `GET /api/admin/reports` and `GET /api/employee/reports`; the employee answer has no
 * `goldReturns` (gold returns are for admins).
 */

/** `2026-11`: a calendar month of business dates (Asia/Kolkata). */
export const ReportMonth = z
  .string({ error: 'Month must be written as YYYY-MM' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be written as YYYY-MM');

/** The longest range one answer covers. */
export const REPORT_MAX_MONTHS = 60;
/** Without `from`/`to`: the current month and the 11 before it. */
export const REPORT_DEFAULT_MONTHS = 12;

const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;

/** Months from `from` to `to`, both included (`2026-11`, `2026-12`, `2027-01`). */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let i = monthIndex(from); i <= monthIndex(to); i++) {
    out.push(`${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`);
  }
  return out;
}

/** The month `n` months after `month` (negative: before). */
export function addReportMonths(month: string, n: number): string {
  const i = monthIndex(month) + n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

/**
 * A month a report may start or end at. The months around it (a default `from` eleven
 * months back, the day after `to`) must still be four-digit years.
 */
const QueryMonth = ReportMonth.refine(
  (m) => m >= '1900-01' && m <= '2999-12',
  'Month must be between 1900-01 and 2999-12',
);

export const ReportsQuery = z
  .object({
    /** First month included; default 11 months before `to`. */
    from: QueryMonth.optional(),
    /** Last month included; default the current business month. */
    to: QueryMonth.optional(),
    ...BranchFilterQuery.shape,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'From month must not be after the to month',
    path: ['from'],
  })
  .refine((q) => !q.from || !q.to || monthsBetween(q.from, q.to).length <= REPORT_MAX_MONTHS, {
    message: `A report covers at most ${REPORT_MAX_MONTHS} months`,
    path: ['to'],
  });
export type ReportsQuery = z.infer<typeof ReportsQuery>;

export const DisbursementsMonth = z.object({
  month: ReportMonth,
  /** Loans disbursed that month (renewals' new loans included). */
  loans: z.number().int(),
  /** Their principal, rupees. */
  amount: z.number(),
});

export const CollectionsMonth = z.object({
  month: ReportMonth,
  /** Successful payments dated that month (pending and reversed ones are not collections). */
  payments: z.number().int(),
  amount: z.number(),
  /** The part the ledger allocated to interest, rupees. */
  interest: z.number(),
  /** The part allocated to principal, rupees. */
  principal: z.number(),
});

export const LoanBookStatus = z.enum(['active', 'closed', 'renewed']);

export const PortfolioStatusRow = z.object({
  status: LoanBookStatus,
  loans: z.number().int(),
  /** Principal lent, rupees. */
  amount: z.number(),
  /** Principal still owed, rupees (0 for closed and renewed loans). */
  principalOutstanding: z.number(),
});

export const UpgradeLevelRow = z.object({
  /** Upgrade levels: 0 original, 1 first, 2 second, 3 third (final, 36 %). */
  level: z.number().int().min(0),
  /** Active loans now at this level. */
  activeLoans: z.number().int(),
  /** Their principal, rupees. */
  amount: z.number(),
});

export const UpgradesMonth = z.object({
  month: ReportMonth,
  /** Rate upgrades recorded that month, by the level they reached. */
  toLevel1: z.number().int(),
  toLevel2: z.number().int(),
  toLevel3: z.number().int(),
  total: z.number().int(),
});

export const OverdueBucketKey = z.enum(['1-30', '31-60', '61-90', '90+']);

export const OverdueBucket = z.object({
  bucket: OverdueBucketKey,
  /** Days past the due date, inclusive; `maxDays` null for the open-ended bucket. */
  minDays: z.number().int(),
  maxDays: z.number().int().nullable(),
  /** Unpaid installments of active loans whose due date is that many days past. */
  installments: z.number().int(),
  /** Loans with at least one such installment. */
  loans: z.number().int(),
  /** What is still owed on them, rupees. */
  amount: z.number(),
});

export const GoldReturnsReport = z.object({
  /** Repaid loans whose gold is or was to be handed back. */
  total: z.number().int(),
  byStatus: z.array(z.object({ status: GoldReturnStatus, count: z.number().int() })),
});

export const ReportsData = z.object({
  /** The business date (Asia/Kolkata) the report was made for: overdue ages count to it. */
  asOf: z.string(),
  from: ReportMonth,
  to: ReportMonth,
  /** Every month of the range, oldest first; months without activity are zeros. */
  disbursements: z.array(DisbursementsMonth),
  collections: z.array(CollectionsMonth),
  upgradesPerMonth: z.array(UpgradesMonth),
  /** The book today (not limited to the range). */
  portfolio: z.array(PortfolioStatusRow),
  upgradeLevels: z.array(UpgradeLevelRow),
  overdue: z.array(OverdueBucket),
  /** Admins only. */
  goldReturns: GoldReturnsReport.optional(),
});

export const ReportsResponse = z.object({ success: z.literal(true), data: ReportsData });
export type ReportsData = z.infer<typeof ReportsData>;
