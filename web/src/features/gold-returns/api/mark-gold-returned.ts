import { GoldReturnActionResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';
import { one } from './gold-return-paths';

/** `POST /api/gold-returns/{loanId}/mark-returned`: the gold is back with the customer. */
export function markGoldReturned(loanId: string, body: { notes: string | null; expectedVersion: number }) {
  return api.post(`${one(loanId)}/mark-returned`, body, GoldReturnActionResponse);
}
