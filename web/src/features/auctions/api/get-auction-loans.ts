import { AuctionListResponse } from '@goldledger/contracts';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import type { AuctionFilter } from '../derive';

const LIST = '/api/admin/auction-loans';

export function auctionLoansPath(status: AuctionFilter, page: number, limit: number): string {
  return `${LIST}?${new URLSearchParams({ status, page: String(page), limit: String(limit) }).toString()}`;
}

/** `GET /api/admin/auction-loans`: loans in default and on the auction track. */
export function useAuctionLoans(status: AuctionFilter, page: number, limit: number) {
  const { token } = useAuth();
  return useSWR(token ? [auctionLoansPath(status, page, limit), token] : null, ([p, t]: [string, string]) =>
    api.get(p, AuctionListResponse, { token: t }),
  );
}

/** After an action: every page of the list asks again (and then includes it). */
export function useRevalidateAuctionLoans() {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith(LIST));
}
