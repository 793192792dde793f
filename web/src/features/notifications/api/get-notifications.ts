import { NotificationListResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { UNREAD_COUNT_REFRESH_MS } from './get-unread-count';
import { LIST_PATH } from './notification-keys';

export type NotificationFilter = 'all' | 'unread';

/** The newest this many; the panel says when there are more. */
export const PANEL_LIMIT = 50;

/** `GET /api/notifications` (`isRead=false` for the Unread filter), newest first. */
export function getNotifications(filter: NotificationFilter, options?: RequestOptions) {
  const query = new URLSearchParams({ limit: String(PANEL_LIMIT) });
  if (filter === 'unread') query.set('isRead', 'false');
  return api.get(`${LIST_PATH}?${query}`, NotificationListResponse, options);
}

/** Asked only while the panel is open, and again at the bell's pace while it stays open. */
export function useNotifications(filter: NotificationFilter, enabled: boolean) {
  const { token } = useAuth();
  return useSWR(
    enabled && token ? [LIST_PATH, filter, token] : null,
    ([, f, t]: [string, NotificationFilter, string]) => getNotifications(f, { token: t }),
    { refreshInterval: UNREAD_COUNT_REFRESH_MS },
  );
}
