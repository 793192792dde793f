import { MessageResponse } from '@goldledger/contracts';
import { api, type RequestOptions } from '@/lib/api-client';

/**
 * `PATCH /api/loans/{id}/payments/{paymentId}/approve` (admins): a pending online payment
 * becomes successful, counts against the balance, and the customer is notified.
 */
export function approvePayment(
  loanUuid: string,
  paymentId: string,
  /** The loan version the admin saw: approving on a loan changed since is refused (409). */
  expectedVersion: number,
  options?: RequestOptions,
) {
  return api.patch(
    `/api/loans/${encodeURIComponent(loanUuid)}/payments/${encodeURIComponent(paymentId)}/approve`,
    { expectedVersion },
    MessageResponse,
    options,
  );
}
