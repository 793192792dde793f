import { RenewalQuoteResponse, type RenewalKind } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/**
 * `POST /loans/{id}/renewal-quote`: whether the loan can be renewed or topped up today,
 * its gold's fresh appraisal at today's valuation price, and the most that can be lent.
 */
export function getRenewalQuote(loanUuid: string, kind: RenewalKind, options?: RequestOptions) {
  return api.post(
    `/api/loans/${encodeURIComponent(loanUuid)}/renewal-quote`,
    { kind },
    RenewalQuoteResponse,
    options,
  );
}

/** The quote while a dialog is open (asked again when the dialog opens again). */
export function useRenewalQuote(loanUuid: string, kind: RenewalKind, open: boolean) {
  const { token } = useAuth();
  return useSWR(
    open && token ? ['renewal-quote', loanUuid, kind, token] : null,
    ([, id, k, t]: [string, string, RenewalKind, string]) => getRenewalQuote(id, k, { token: t }),
    { revalidateOnFocus: false },
  );
}
