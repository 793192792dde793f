import { MessageResponse, PendingOnlinePaymentsResponse } from '@goldledger/contracts';
import type { z } from 'zod';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export type PendingOnlinePayment = z.infer<typeof PendingOnlinePaymentsResponse>['data'][number];

const LIST_PATH = '/api/admin/pending-online-payments';

/** `GET /api/admin/pending-online-payments` (admins, auditors): online payments waiting for approval. */
export function getPendingOnlinePayments(options?: RequestOptions) {
  return api.get(LIST_PATH, PendingOnlinePaymentsResponse, options);
}

/** Keyed by the token: another admin signing in on this browser never sees a cached answer. */
export function usePendingOnlinePayments() {
  const { token } = useAuth();
  return useSWR(token ? [LIST_PATH, token] : null, ([, t]: [string, string]) =>
    getPendingOnlinePayments({ token: t }),
  );
}

const paymentPath = (p: PendingOnlinePayment) =>
  `/api/loans/${encodeURIComponent(p.loanUuid)}/payments/${encodeURIComponent(p.paymentId)}`;

/** `PATCH …/approve`: the money arrived; it counts now and the customer is told. */
export function approveOnlinePayment(p: PendingOnlinePayment, options?: RequestOptions) {
  return api.patch(`${paymentPath(p)}/approve`, { expectedVersion: p.version }, MessageResponse, options);
}

/** `POST …/reject`: it never arrived; it is struck off with the reason and counts for nothing. */
export function rejectOnlinePayment(p: PendingOnlinePayment, reason: string, options?: RequestOptions) {
  return api.post(
    `${paymentPath(p)}/reject`,
    { reason, expectedVersion: p.version },
    MessageResponse,
    options,
  );
}
