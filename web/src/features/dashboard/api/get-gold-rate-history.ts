import { GoldRateHistoryResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export const GOLD_RATE_HISTORY_PATH = '/api/settings/gold-rate/history';

/** `GET /api/settings/gold-rate/history` (admins): every change, newest first. */
export function getGoldRateHistory(options?: RequestOptions) {
  return api.get(GOLD_RATE_HISTORY_PATH, GoldRateHistoryResponse, options);
}

export function useGoldRateHistory() {
  const { token } = useAuth();
  return useSWR(token ? [GOLD_RATE_HISTORY_PATH, token] : null, ([, t]: [string, string]) =>
    getGoldRateHistory({ token: t }),
  );
}
