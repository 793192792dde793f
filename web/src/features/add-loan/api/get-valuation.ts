import { ValuationResponse, type GoldItemInput } from '@goldledger/contracts';
import { api } from '@/lib/api-client';

/** `POST /loans/valuation`: what the gold is worth at today's rate and the most it can secure. */
export function getValuation(body: { goldItems: GoldItemInput[]; amount?: number }, signal?: AbortSignal) {
  return api.post('/api/loans/valuation', body, ValuationResponse, { signal });
}
