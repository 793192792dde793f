import { CalculateInterestResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';
import type { interestRequest } from '../loan-form';

/** `POST /loans/calculate-interest`: monthly payment and total for the terms. */
export function calculateInterest(body: ReturnType<typeof interestRequest>, signal?: AbortSignal) {
  return api.post('/api/loans/calculate-interest', body, CalculateInterestResponse, { signal });
}
