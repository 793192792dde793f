import {
  AddGoldItemsResponse,
  LoanLtvResponse,
  type ConfirmerCredential,
  type GoldItemInput,
} from '@goldledger/contracts';
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

const loanPath = (loanUuid: string) => `/api/loans/${encodeURIComponent(loanUuid)}`;

/**
 * `GET /api/loans/{id}/ltv`: the loan's LTV at today's valuation price, its parts, the
 * cap, and what would cure a breach. 409 when no gold price was entered for the previous
 * working day (the message says which day).
 */
export function useLoanLtv(loanUuid: string | null, active: boolean) {
  const { token } = useAuth();
  return useSWR(
    loanUuid && active && token ? [`${loanPath(loanUuid)}/ltv`, token] : null,
    ([path, t]: [string, string]) => api.get(path, LoanLtvResponse, { token: t }),
  );
}

export interface AddGoldBody {
  items: GoldItemInput[];
  /** Sealed packets: the second person and the resealed packet's weight. */
  confirmer?: ConfirmerCredential;
  resealedGrossWeight?: number;
}

/** `POST /api/loans/{id}/gold-items`: appraised at today's price and added to the loan (and its packet). */
export function addGoldItems(loanUuid: string, body: AddGoldBody) {
  return api.post(`${loanPath(loanUuid)}/gold-items`, body, AddGoldItemsResponse);
}
