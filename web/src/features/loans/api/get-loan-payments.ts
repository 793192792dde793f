import { LoanPaymentsResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export const loanPaymentsPath = (loanUuid: string) => `/api/loans/${encodeURIComponent(loanUuid)}/payments`;

/** `GET /api/loans/{id}/payments`: every payment on the loan, its latest state (`id` is the loan's `_id`). */
export function getLoanPayments(loanUuid: string, options?: RequestOptions) {
  return api.get(loanPaymentsPath(loanUuid), LoanPaymentsResponse, options);
}

/** Asked only while `loanUuid` is set (the payment history dialog is open). */
export function useLoanPayments(loanUuid: string | null) {
  const { token } = useAuth();
  return useSWR(
    loanUuid && token ? [loanPaymentsPath(loanUuid), loanUuid, token] : null,
    ([, id, t]: [string, string, string]) => getLoanPayments(id, { token: t }),
  );
}
