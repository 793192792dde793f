import { GoldReturnActionResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';
import { one } from './gold-return-paths';

/** `POST /api/gold-returns/{loanId}/schedule`: books the hand-over for a date and time. */
export function scheduleGoldReturn(
  loanId: string,
  body: { scheduledDate: string; notes: string | null; expectedVersion: number },
) {
  return api.post(`${one(loanId)}/schedule`, body, GoldReturnActionResponse);
}
