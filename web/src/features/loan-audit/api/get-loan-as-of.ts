import { LoanAsOfResponse, type AsOfBasis } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

const pathOf = (loanUuid: string, moment: string, basis: AsOfBasis) =>
  `/api/loans/${encodeURIComponent(loanUuid)}/as-of?${new URLSearchParams({ date: moment, basis })}`;

/**
 * `GET /api/loans/{id}/as-of?date=&basis=` (admins): the loan replayed to a moment, from the
 * events that had happened (`occurred`) or had been recorded (`recorded`) by then.
 */
export function getLoanAsOf(loanUuid: string, moment: string, basis: AsOfBasis, options?: RequestOptions) {
  return api.get(pathOf(loanUuid, moment, basis), LoanAsOfResponse, options);
}

export interface AsOfChoice {
  /** An ISO date-time. */
  moment: string;
  basis: AsOfBasis;
}

export function useLoanAsOf(loanUuid: string | null, choice: AsOfChoice | null) {
  const { token } = useAuth();
  return useSWR(
    loanUuid && choice && token ? [pathOf(loanUuid, choice.moment, choice.basis), token] : null,
    ([path, t]: [string, string]) => api.get(path, LoanAsOfResponse, { token: t }),
    // A past moment's answer does not change; keep the last one while the next loads.
    { keepPreviousData: true, revalidateOnFocus: false },
  );
}
