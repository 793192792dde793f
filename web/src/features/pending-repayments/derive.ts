/**
 * Pending repayments' words: the status badge, the days unpaid and
 * the page's range.
 */

export type RepaymentStatus = 'unpaid' | 'upcoming';

/** Unpaid, or upcoming (any other status is shown as upcoming). */
export function repaymentStatus(status: string): RepaymentStatus {
  return status === 'unpaid' ? 'unpaid' : 'upcoming';
}

/** `12 days`, `1 day`; an installment not yet due has none. */
export function daysUnpaidLabel(status: string, daysUnpaid: number): string {
  if (repaymentStatus(status) === 'upcoming' || daysUnpaid <= 0) return 'Not yet due';
  return `${daysUnpaid} ${daysUnpaid === 1 ? 'day' : 'days'}`;
}

/** `Showing 51–63 of 63`. */
export function pageRange(page: number, limit: number, total: number): string {
  if (total === 0) return 'Showing 0 of 0';
  const first = (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return `Showing ${first}–${last} of ${total}`;
}

/** The page still worth showing when the total shrank under it (a payment came in). */
export function clampPage(page: number, totalPages: number): number {
  return Math.max(1, Math.min(page, Math.max(1, totalPages)));
}
