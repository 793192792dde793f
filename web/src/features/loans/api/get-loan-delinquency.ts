import { LoanDelinquencyResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

const pathOf = (loanUuid: string) => `/api/loans/${encodeURIComponent(loanUuid)}/delinquency`;

/** `GET /api/loans/{id}/delinquency`: the recorded class, and days past due and arrears today. */
export function getLoanDelinquency(loanUuid: string, options?: RequestOptions) {
  return api.get(pathOf(loanUuid), LoanDelinquencyResponse, options);
}

/** Asked when the loan's details open (the figures today come from its own stream). */
export function useLoanDelinquency(loanUuid: string) {
  const { token } = useAuth();
  return useSWR(token ? [pathOf(loanUuid), loanUuid, token] : null, ([, id, t]: [string, string, string]) =>
    getLoanDelinquency(id, { token: t }),
  );
}
