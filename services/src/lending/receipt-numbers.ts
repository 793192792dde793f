/**
 * Human receipt numbers (issue 19): `RCPT-<branch code>-<yyyymm>-<nnnnn>`, e.g.
 * `RCPT-MAIN-202611-00042`, one counter stream per branch and month
 * (`sequence-receipt-<CODE>-<yyyymm>`). The number is spent in the same transaction as the
 * payment it numbers (`writeWithNextNumber`), so the register has no gaps and no
 * duplicates however many counters take payments at once; a refused payment spends none.
 */
export const RECEIPT_PREFIX = 'RCPT';

/** `2026-11-26` → `202611`: the month of the day the payment was taken at the counter. */
const monthOf = (day: string) => `${day.slice(0, 4)}${day.slice(5, 7)}`;

export const receiptSequenceOf = (branchCode: string, day: string) => `receipt-${branchCode}-${monthOf(day)}`;

export const receiptNumberOf = (branchCode: string, day: string, n: number) =>
  `${RECEIPT_PREFIX}-${branchCode}-${monthOf(day)}-${String(n).padStart(5, '0')}`;
