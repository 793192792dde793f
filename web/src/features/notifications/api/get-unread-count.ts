import { UnreadCountResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { COUNT_PATH } from './notification-keys';

/** The bell refreshes its count every 30 seconds. */
export const UNREAD_COUNT_REFRESH_MS = 30_000;

/** `GET /api/notifications/unread-count` (admins only). */
export function getUnreadCount(options?: RequestOptions) {
  return api.get(COUNT_PATH, UnreadCountResponse, options);
}

/** The bell's count: polled every 30 s and again when the window regains focus. */
export function useUnreadCount(enabled: boolean) {
  const { token } = useAuth();
  return useSWR(
    enabled && token ? [COUNT_PATH, token] : null,
    ([, t]: [string, string]) => getUnreadCount({ token: t }),
    { refreshInterval: UNREAD_COUNT_REFRESH_MS, revalidateOnFocus: true },
  );
}
