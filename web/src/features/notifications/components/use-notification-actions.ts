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
 * The server folds a mark or a deletion into the list a moment after it answers
 * (notifications.routes.ts), so the panel shows the change at once and asks again
 * once the projector has caught up.
 */
const SETTLE_MS = 1_500;

type List = Parameters<typeof withoutItem>[0];
type Count = { success: true; count: number };

export function useNotificationActions() {
  const { mutate } = useSWRConfig();
  const toast = useToast();

  const settle = useCallback(() => {
    setTimeout(() => void mutate(isNotificationKey), SETTLE_MS);
  }, [mutate]);

  const lowerCount = useCallback(
    (by: number | 'all') =>
      mutate<Count>(isCountKey, (c) => c && { ...c, count: by === 'all' ? 0 : Math.max(0, c.count - by) }, {
        revalidate: false,
      }),
    [mutate],
  );

  const fail = useCallback(
    (error: unknown, what: string) => {
      // 000 §8 logs these; the console also says so, so nobody thinks it worked.
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
      settle();
    },
    [fail, lowerCount, mutate, settle],
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
    settle();
  }, [fail, lowerCount, mutate, settle]);

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
      settle();
    },
    [fail, lowerCount, mutate, settle],
  );

  return { markRead, markAllRead, remove };
}
