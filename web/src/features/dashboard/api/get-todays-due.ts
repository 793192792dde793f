import { TodaysDueResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export const TODAYS_DUE_PATH = '/api/notifications/todays-due';

/** `GET /api/notifications/todays-due`: installments due today, with what is still owed on each. */
export function getTodaysDue(options?: RequestOptions) {
  return api.get(TODAYS_DUE_PATH, TodaysDueResponse, options);
}

export function useTodaysDue() {
  const { token } = useAuth();
  return useSWR(token ? [TODAYS_DUE_PATH, token] : null, ([, t]: [string, string]) =>
    getTodaysDue({ token: t }),
  );
}
