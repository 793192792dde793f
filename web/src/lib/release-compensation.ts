import type { ReleaseCompensationView } from '@goldledger/contracts';
import { api, type RequestOptions } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';

/**
 * Compensation for releasing a repaid loan's gold late (issue 18), as the gold-return card,
 * the staff loan page and the customer's dashboard say it.
 */

const days = (n: number) => `${n} working ${n === 1 ? 'day' : 'days'}`;

/** `₹20,000 for 4 working days late, up to 28/12/2026` (a day accrues once it has passed). */
export const accruedLine = (c: ReleaseCompensationView) =>
  `${formatMoney(c.accrued)} for ${days(c.days)} late${c.accruedThrough ? `, up to ${formatDate(c.accruedThrough)}` : ''}`;

/** What is left to do: owed, or paid out (and when). */
export function owedLine(c: ReleaseCompensationView): { text: string; owed: boolean } {
  if (c.owed > 0) return { text: `${formatMoney(c.owed)} to be paid`, owed: true };
  const last = c.payouts.at(-1);
  return { text: last ? `Paid ${formatDate(last.paidOn)}` : 'Nothing owed', owed: false };
}

/** `GET /api/loans/{id}/release-compensation/{payoutId}/receipt`: the payout's receipt PDF. */
export function getCompensationReceipt(loanUuid: string, payoutId: string, options?: RequestOptions) {
  return api.blob(
    `/api/loans/${encodeURIComponent(loanUuid)}/release-compensation/${encodeURIComponent(payoutId)}/receipt`,
    options,
  );
}

/** The receipt's file name: the loan and the payout's place among its payouts (`…_C1`). */
export const compensationReceiptFile = (loanId: string, index: number) =>
  `CompensationReceipt_${loanId}_C${index + 1}.pdf`;
