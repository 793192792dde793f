import { GoldReturnActionResponse, type CustomerToldChannel } from '@goldledger/contracts';
import { api } from '@/lib/api-client';
import { one } from './gold-return-paths';

/** `POST /api/gold-returns/{loanId}/customer-notified`: staff told the customer the gold is ready. */
export function recordCustomerTold(
  loanId: string,
  body: { toldOn: string; channel: CustomerToldChannel; notes: string | null; expectedVersion: number },
) {
  return api.post(`${one(loanId)}/customer-notified`, body, GoldReturnActionResponse);
}
