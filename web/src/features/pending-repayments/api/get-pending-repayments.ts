import { PendingRepaymentsResponse } from '@goldledger/contracts';
import type { z } from 'zod';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export type RepaymentFilter = 'all' | 'unpaid' | 'upcoming';
export type PendingRepayment = z.infer<typeof PendingRepaymentsResponse>['data'][number];

/** Installments a page (the API's default). */
export const PAGE_SIZE = 50;

const pathOf = (filter: RepaymentFilter, page: number) =>
  `/api/loans/pending-repayments?filter=${filter}&page=${page}&limit=${PAGE_SIZE}`;

/** `GET /api/loans/pending-repayments`: unpaid and upcoming installments, most overdue first, with counts per filter. */
export function getPendingRepayments(filter: RepaymentFilter, page: number, options?: RequestOptions) {
  return api.get(pathOf(filter, page), PendingRepaymentsResponse, options);
}

/** Keyed by the token; the last page stays on screen while the next one loads. */
export function usePendingRepayments(filter: RepaymentFilter, page: number) {
  const { token } = useAuth();
  return useSWR(
    token ? [pathOf(filter, page), filter, page, token] : null,
    ([, f, p, t]: [string, RepaymentFilter, number, string]) => getPendingRepayments(f, p, { token: t }),
    { keepPreviousData: true },
  );
}
