import { RecordPaymentAnswer, type RecordPaymentRequest } from '@goldledger/contracts';
import { mutate } from 'swr';
import type { z } from 'zod';
import { api, type RequestOptions } from '@/lib/api-client';

/** Always with the loan version the person saw: a stale one is refused (409), never paid twice. */
export type RecordPaymentBody = z.input<typeof RecordPaymentRequest> & { expectedVersion: number };

/**
 * `POST /api/loans/{id}/payment`: records a repayment. Cash counts at once; an online
 * payment waits for an admin's approval. The answer's message says which.
 */
export function recordPayment(loanUuid: string, body: RecordPaymentBody, options?: RequestOptions) {
  return api.post(`/api/loans/${encodeURIComponent(loanUuid)}/payment`, body, RecordPaymentAnswer, options);
}

/**
 * After a payment or an approval: every cached read of this loan (`/api/loans/{id}/…`:
 * its payments, its quotes) is asked again. The lists are the caller's to reload.
 */
export function revalidateLoanReads(loanUuid: string) {
  const prefix = `/api/loans/${encodeURIComponent(loanUuid)}/`;
  return mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith(prefix));
}
