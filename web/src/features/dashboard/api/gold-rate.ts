import { GoldRateHistoryResponse, UpdateGoldRateResponse } from '@goldledger/contracts';
import useSWR, { useSWRConfig } from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { GOLD_RATE_KEY, getGoldRate } from '@/lib/gold-rate';

export const GOLD_RATE_HISTORY_PATH = '/api/settings/gold-rate/history';

/** `GET /api/settings/gold-rate`: the rate in force (shared with the site footer's cache). */
export function useCurrentGoldRate() {
  return useSWR(GOLD_RATE_KEY, getGoldRate);
}

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

/** `POST /api/settings/update-gold-rate` {rate} (a decimal number, 001 §2.1), then the rate and its history again. */
export function useUpdateGoldRate() {
  const { mutate } = useSWRConfig();
  return async (rate: number) => {
    const answer = await api.post('/api/settings/update-gold-rate', { rate }, UpdateGoldRateResponse);
    await Promise.all([
      mutate(GOLD_RATE_KEY),
      mutate((key) => Array.isArray(key) && key[0] === GOLD_RATE_HISTORY_PATH),
    ]);
    return answer;
  };
}
