import { CompensationPayoutResponse, type CompensationPayoutMethod } from '@goldledger/contracts';
import { api } from '@/lib/api-client';
import { one } from './gold-return-paths';

/** `POST /api/gold-returns/{loanId}/compensation/payout`: pays out all the compensation owed. */
export function payCompensation(
  loanId: string,
  body: { method: CompensationPayoutMethod; reference: string | null; expectedVersion: number },
) {
  return api.post(`${one(loanId)}/compensation/payout`, body, CompensationPayoutResponse);
}
