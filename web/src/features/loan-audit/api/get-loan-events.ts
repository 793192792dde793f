import { LoanEventsResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

const pathOf = (loanUuid: string) => `/api/loans/${encodeURIComponent(loanUuid)}/events`;

/** `GET /api/loans/{id}/events` (admins): every event of the loan, in stream order. */
export function getLoanEvents(loanUuid: string, options?: RequestOptions) {
  return api.get(pathOf(loanUuid), LoanEventsResponse, options);
}

export function useLoanEvents(loanUuid: string | null) {
  const { token } = useAuth();
  return useSWR(
    loanUuid && token ? [pathOf(loanUuid), loanUuid, token] : null,
    ([, id, t]: [string, string, string]) => getLoanEvents(id, { token: t }),
  );
}
