import { GoldReturnListResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { BASE } from './gold-return-paths';

/** The list's filter: `all` shows open returns first, then returned ones (the server's order). */
export type GoldReturnFilter =
  'all' | 'pending' | 'scheduled' | 'overdue' | 'unclaimed' | 'compensation' | 'returned';

export interface GoldReturnListParams {
  status: GoldReturnFilter;
  search: string;
  page: number;
  limit: number;
}

export function goldReturnsPath({ status, search, page, limit }: GoldReturnListParams): string {
  const query = new URLSearchParams({ status, page: String(page), limit: String(limit) });
  if (search.trim()) query.set('search', search.trim());
  return `${BASE}/pending?${query.toString()}`;
}

/** `GET /api/gold-returns/pending`: closed loans whose gold is (or was) to be handed back. */
export function useGoldReturns(params: GoldReturnListParams) {
  const { token } = useAuth();
  const path = goldReturnsPath(params);
  return useSWR(token ? [path, token] : null, ([p, t]: [string, string]) =>
    api.get(p, GoldReturnListResponse, { token: t }),
  );
}
