import { MessageResponse, RefundsDueResponse, type RefundMethod } from '@goldledger/contracts';
import type { z } from 'zod';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export type RefundDue = z.infer<typeof RefundsDueResponse>['data'][number];

const LIST_PATH = '/api/admin/refunds';

/** `GET /api/admin/refunds` (admins): loans owing their customer money paid beyond closing. */
export function getRefundsDue(options?: RequestOptions) {
  return api.get(LIST_PATH, RefundsDueResponse, options);
}

/** Keyed by the token: another admin signing in on this browser never sees a cached answer. */
export function useRefundsDue() {
  const { token } = useAuth();
  return useSWR(token ? [LIST_PATH, token] : null, ([, t]: [string, string]) => getRefundsDue({ token: t }));
}

export interface RefundPayout {
  amount: number;
  method: z.infer<typeof RefundMethod>;
  reference: string | null;
  paidOn: string;
  /** The loan version the admin saw (`RefundDue.version`). */
  expectedVersion: number;
}

/** `POST /api/admin/loans/{id}/refunds` (admins): the customer was paid back (part of) what is owed. */
export function recordRefund(loanUuid: string, payout: RefundPayout, options?: RequestOptions) {
  return api.post(
    `/api/admin/loans/${encodeURIComponent(loanUuid)}/refunds`,
    payout,
    MessageResponse,
    options,
  );
}
