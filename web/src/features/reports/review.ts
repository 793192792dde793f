import { REVIEW_MAX_DAYS, daysBetween, type GoldLoanReview } from '@goldledger/contracts';
import { formatDate } from '@/lib/format';
import type { ReportTable } from './derive';

/**
 * The gold loan review's three lists as report tables: one definition feeds the page's
 * table and its CSV. Dates read `21/11/2026` on the page and stay `2026-11-21` in the CSV
 * (`forPage`).
 */

const PATTERN = { open_at_renewal: 'Open at renewal', closed_same_day: 'Closed the same day' } as const;

export function quickClosuresTable(r: GoldLoanReview): ReportTable {
  return {
    id: 'quick-closures',
    columns: [
      { key: 'loanId', label: 'Loan', kind: 'text' },
      { key: 'customer', label: 'Borrower', kind: 'text' },
      { key: 'amount', label: 'Amount', kind: 'money' },
      { key: 'disbursementDate', label: 'Loan date', kind: 'text' },
      { key: 'closedOn', label: 'Closed on', kind: 'text' },
      { key: 'days', label: 'Days open', kind: 'count' },
      { key: 'reason', label: 'Closed by', kind: 'text' },
      { key: 'renewedTo', label: 'Renewed as', kind: 'text' },
    ],
    rows: r.quickClosures.map((q) => ({
      loanId: q.loanId,
      customer: `${q.customerName} (${q.customerId})`,
      amount: q.amount,
      disbursementDate: q.disbursementDate,
      closedOn: q.closedOn,
      days: q.days,
      reason: q.reason === 'repaid' ? 'Repayment' : 'Auction',
      renewedTo: q.renewedTo ?? '',
    })),
  };
}

export function partPaymentRenewalsTable(r: GoldLoanReview): ReportTable {
  return {
    id: 'part-payment-renewals',
    columns: [
      { key: 'loanId', label: 'New loan', kind: 'text' },
      { key: 'oldLoanId', label: 'Renewed loan', kind: 'text' },
      { key: 'customer', label: 'Borrower', kind: 'text' },
      { key: 'renewedOn', label: 'Renewed on', kind: 'text' },
      { key: 'pattern', label: 'Old loan', kind: 'text' },
      { key: 'duesAtRenewal', label: 'Still owed', kind: 'money' },
      { key: 'paidOnDay', label: 'Paid that day', kind: 'money' },
      { key: 'newAmount', label: 'New loan amount', kind: 'money' },
      { key: 'borrowerOwn', label: 'Borrower’s own money', kind: 'money' },
    ],
    rows: r.partPaymentRenewals.map((p) => ({
      loanId: p.loanId,
      oldLoanId: p.oldLoanId,
      customer: `${p.customerName} (${p.customerId})`,
      renewedOn: p.renewedOn,
      pattern: PATTERN[p.pattern],
      duesAtRenewal: p.duesAtRenewal,
      paidOnDay: p.paidOnDay,
      newAmount: p.newAmount,
      borrowerOwn: p.borrowerOwn,
    })),
  };
}

export function unappraisedTopUpsTable(r: GoldLoanReview): ReportTable {
  return {
    id: 'unappraised-top-ups',
    columns: [
      { key: 'loanId', label: 'Top-up', kind: 'text' },
      { key: 'parentLoanId', label: 'Of loan', kind: 'text' },
      { key: 'customer', label: 'Borrower', kind: 'text' },
      { key: 'amount', label: 'Amount', kind: 'money' },
      { key: 'sanctionedOn', label: 'Sanctioned on', kind: 'text' },
      { key: 'appraisedOn', label: 'Appraised on', kind: 'text' },
    ],
    rows: r.topUpsWithoutAppraisal.map((t) => ({
      loanId: t.loanId,
      parentLoanId: t.parentLoanId,
      customer: `${t.customerName} (${t.customerId})`,
      amount: t.amount,
      sanctionedOn: t.sanctionedOn,
      appraisedOn: t.appraisedOn ?? 'No appraisal',
    })),
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The table as the page shows it: business dates as `21/11/2026` (the CSV keeps `2026-11-21`). */
export function forPage(table: ReportTable): ReportTable {
  const dated = (value: string | number) =>
    typeof value === 'string' && DATE.test(value) ? formatDate(value) : value;
  return {
    ...table,
    rows: table.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, dated(v)]))),
  };
}

/** `goldledger-quick-closures-2026-09-01-to-2026-11-30.csv` */
export const reviewFileName = (id: ReportTable['id'], r: Pick<GoldLoanReview, 'from' | 'to'>) =>
  `goldledger-${id}-${r.from}-to-${r.to}.csv`;

/** Why the chosen days cannot be asked for; null when they can. */
export function reviewRangeError(from: string, to: string): string | null {
  if (!DATE.test(from) || !DATE.test(to)) return 'Choose both dates';
  if (from > to) return 'From date must not be after the to date';
  if (daysBetween(from, to) >= REVIEW_MAX_DAYS) return `A review covers at most ${REVIEW_MAX_DAYS} days`;
  return null;
}
