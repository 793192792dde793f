import { LoanPaymentsResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

const pathOf = (loanUuid: string) => `/api/loans/${encodeURIComponent(loanUuid)}/payments`;

/** `GET /api/loans/{id}/payments`: one loan's payments, newest state of each (`id` is the loan's `_id`). */
export function getLoanPayments(loanUuid: string, options?: RequestOptions) {
  return api.get(pathOf(loanUuid), LoanPaymentsResponse, options);
}

/** Asked only while `loanUuid` is set (the payment history dialog is open). */
export function useLoanPayments(loanUuid: string | null) {
  const { token } = useAuth();
  return useSWR(
    loanUuid && token ? [pathOf(loanUuid), loanUuid, token] : null,
    ([, id, t]: [string, string, string]) => getLoanPayments(id, { token: t }),
  );
}
