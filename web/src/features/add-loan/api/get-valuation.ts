import { ValuationResponse, type ValuationRequest } from '@goldledger/contracts';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/**
 * `POST /loans/valuation`: each item at the valuation price of the loan's date (both limbs,
 * which bound), and the LTV tier for this borrower, purpose and structure.
 */
export function getValuation(body: z.input<typeof ValuationRequest>, signal?: AbortSignal) {
  return api.post('/api/loans/valuation', body, ValuationResponse, { signal });
}
