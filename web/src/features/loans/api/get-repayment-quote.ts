import { EarlyRepaymentResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

const pathOf = (loanUuid: string) => `/api/loans/${encodeURIComponent(loanUuid)}/calculate-early-repayment`;

/**
 * `POST /api/loans/{id}/calculate-early-repayment`: what closing the loan costs on
 * `repaymentDate` (`YYYY-MM-DD`), and the smallest payment accepted that day.
 */
export function getRepaymentQuote(loanUuid: string, repaymentDate: string, options?: RequestOptions) {
  return api.post(pathOf(loanUuid), { repaymentDate }, EarlyRepaymentResponse, options);
}

/**
 * Asked while the repay dialog is open (`loanUuid` set) and a date is chosen; another date
 * is another quote. Not revalidated on focus: the figures change only with the date or a
 * payment, and a payment closes the dialog.
 */
export function useRepaymentQuote(loanUuid: string | null, repaymentDate: string) {
  const { token } = useAuth();
  return useSWR(
    loanUuid && repaymentDate && token ? [pathOf(loanUuid), loanUuid, repaymentDate, token] : null,
    ([, id, date, t]: [string, string, string, string]) => getRepaymentQuote(id, date, { token: t }),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
}
