import { useCallback } from 'react';
import type { NotificationItem } from '@goldledger/contracts';
import { useSWRConfig } from 'swr';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { deleteNotification } from '../api/delete-notification';
import { markAllNotificationsRead } from '../api/mark-all-notifications-read';
import { markNotificationRead } from '../api/mark-notification-read';
import { isCountKey, isListKeyOf, isNotificationKey } from '../api/notification-keys';
import { withAllRead, withoutItem, withRead } from '../notification-view';

/**
 * A mark or a deletion shows in the panel at once (the cached lists and the count are
 * changed here), then the bell's reads ask the server again, whose answers include it.
 */
type List = Parameters<typeof withoutItem>[0];
type Count = { success: true; count: number };

export function useNotificationActions() {
  const { mutate } = useSWRConfig();
  const toast = useToast();

  const refresh = useCallback(() => void mutate(isNotificationKey), [mutate]);

  const lowerCount = useCallback(
    (by: number | 'all') =>
      mutate<Count>(isCountKey, (c) => c && { ...c, count: by === 'all' ? 0 : Math.max(0, c.count - by) }, {
        revalidate: false,
      }),
    [mutate],
  );

  const fail = useCallback(
    (error: unknown, what: string) => {
      // A failure is logged; the console also says so, so nobody thinks it worked.
      console.error(what, error);
      toast.show(errorMessage(error, `${what}. Please try again.`), 'error');
      void mutate(isNotificationKey);
    },
    [mutate, toast],
  );

  const markRead = useCallback(
    async (n: NotificationItem) => {
      try {
        await markNotificationRead(n._id);
      } catch (error) {
        fail(error, 'Could not mark the notification as read');
        return;
      }
      const at = new Date().toISOString();
      await Promise.all([
        mutate<List>(isListKeyOf('all'), (l) => l && withRead(l, n._id, at, false), { revalidate: false }),
        mutate<List>(isListKeyOf('unread'), (l) => l && withRead(l, n._id, at, true), { revalidate: false }),
        n.isRead ? undefined : lowerCount(1),
      ]);
      refresh();
    },
    [fail, lowerCount, mutate, refresh],
  );

  const markAllRead = useCallback(async () => {
    try {
      await markAllNotificationsRead();
    } catch (error) {
      fail(error, 'Could not mark all notifications as read');
      return;
    }
    const at = new Date().toISOString();
    await Promise.all([
      mutate<List>(isListKeyOf('all'), (l) => l && withAllRead(l, at, false), { revalidate: false }),
      mutate<List>(isListKeyOf('unread'), (l) => l && withAllRead(l, at, true), { revalidate: false }),
      lowerCount('all'),
    ]);
    refresh();
  }, [fail, lowerCount, mutate, refresh]);

  const remove = useCallback(
    async (n: NotificationItem) => {
      try {
        await deleteNotification(n._id);
      } catch (error) {
        fail(error, 'Could not delete the notification');
        return;
      }
      await Promise.all([
        mutate<List>(isListKeyOf('all'), (l) => l && withoutItem(l, n._id), { revalidate: false }),
        mutate<List>(isListKeyOf('unread'), (l) => l && withoutItem(l, n._id), { revalidate: false }),
        n.isRead ? undefined : lowerCount(1),
      ]);
      refresh();
    },
    [fail, lowerCount, mutate, refresh],
  );

  return { markRead, markAllRead, remove };
}
