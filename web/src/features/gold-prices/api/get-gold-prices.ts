import { GoldPriceListResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export const GOLD_PRICES_PATH = '/api/admin/gold-prices';

/** `GET /api/admin/gold-prices?from&to` (staff and auditors): the register day by day, oldest first. */
export function getGoldPrices(range: { from: string; to: string }, options?: RequestOptions) {
  const query = new URLSearchParams(range).toString();
  return api.get(`${GOLD_PRICES_PATH}?${query}`, GoldPriceListResponse, options);
}

/** Keyed by the range and the token; a recording revalidates every key under GOLD_PRICES_PATH. */
export function useGoldPrices(range: { from: string; to: string }) {
  const { token } = useAuth();
  return useSWR(
    token ? [GOLD_PRICES_PATH, range.from, range.to, token] : null,
    ([, from, to, t]: [string, string, string, string]) => getGoldPrices({ from, to }, { token: t }),
    { keepPreviousData: true },
  );
}
