import { CalculateInterestResponse, type CalculateInterestRequest } from '@goldledger/contracts';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { CALCULATOR } from '../figures';

const DAY_MS = 86_400_000;

export type InterestQuote = z.infer<typeof CalculateInterestResponse>;

/** Principal, 12 % a year, disbursed now and closed 365 days later; public, no token. */
export function calculateInterest(principal: number): Promise<InterestQuote> {
  const now = new Date();
  const body: z.input<typeof CalculateInterestRequest> = {
    principal,
    annualRate: CALCULATOR.annualRatePercent,
    disbursementDate: now.toISOString(),
    closureDate: new Date(now.getTime() + CALCULATOR.termDays * DAY_MS).toISOString(),
  };
  return api.post('/api/loans/calculate-interest', body, CalculateInterestResponse, { token: null });
}
