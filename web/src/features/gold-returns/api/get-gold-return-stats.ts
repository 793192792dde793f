import { GoldReturnStatsResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { BASE } from './gold-return-paths';

/** `GET /api/gold-returns/stats`: the tiles and the filter's counts. */
export function useGoldReturnStats() {
  const { token } = useAuth();
  return useSWR(token ? [`${BASE}/stats`, token] : null, ([p, t]: [string, string]) =>
    api.get(p, GoldReturnStatsResponse, { token: t }),
  );
}
