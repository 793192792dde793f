import {
  ErrorResponse,
  NotificationActionResponse,
  NotificationIdParams,
  NotificationListQuery,
  NotificationListResponse,
  ReadAllNotificationsResponse,
  UnreadCountResponse,
} from '@goldledger/contracts';
import { z } from 'zod';
import { scopeOf } from '../branches/branch-scope.js';
import { ADMIN_READERS, sessionOf } from '../identity/access.plugin.js';
import { metadataOf } from '../platform/http/metadata.js';
import type { App } from '../platform/http/app.js';
import { executeNotificationCommand, executeNotificationInboxCommand } from './notification-commands.js';
import { notificationNotFound } from './notification.decider.js';
import {
  findNotification,
  listNotifications,
  notificationItem,
  unreadCount,
  unreadUpTo,
} from './notifications.queries.js';
import type { SliceDeps } from '../slice-deps.js';

export type NotificationRouteDeps = Pick<SliceDeps, 'store' | 'clock' | 'db'>;

const ADMIN = ['admin'] as const;
/** A POST or PUT that takes no body: none, `null` or `{}`. */
const AnyBody = z.object({}).passthrough().nullish();

/**
 * The admins' bell. The list is a read model; marking read and deleting
 * are commands whose events that read model folds, so answers here say what was
 * decided and the panel shows it once the projector has applied it (well within a second).
 */
export function registerNotificationRoutes(app: App, deps: NotificationRouteDeps): void {
  app.get(
    '/api/notifications',
    {
      config: { access: ADMIN_READERS },
      schema: { querystring: NotificationListQuery, response: { 200: NotificationListResponse } },
    },
    async (request) => listNotifications(deps.db, request.query, scopeOf(request)),
  );

  app.get(
    '/api/notifications/unread-count',
    { config: { access: ADMIN_READERS }, schema: { response: { 200: UnreadCountResponse } } },
    async () => ({ success: true as const, count: await unreadCount(deps.db) }),
  );

  app.put(
    '/api/notifications/read-all',
    {
      config: { access: ADMIN },
      schema: { body: AnyBody, response: { 200: ReadAllNotificationsResponse } },
    },
    async (request) => {
      const unread = await unreadUpTo(deps.db);
      if (unread) {
        await executeNotificationInboxCommand(
          deps,
          { type: 'MarkAllNotificationsRead', upTo: unread.upTo },
          metadataOf(request),
        );
      }
      return {
        success: true as const,
        message: 'All notifications marked as read',
        count: unread?.count ?? 0,
      };
    },
  );

  app.put(
    '/api/notifications/:id/read',
    {
      config: { access: ADMIN },
      schema: {
        params: NotificationIdParams,
        body: AnyBody,
        response: { 200: NotificationActionResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const row = await findNotification(deps.db, request.params.id);
      if (!row) throw notificationNotFound();
      await executeNotificationCommand(
        deps,
        { type: 'MarkNotificationRead', notificationId: row.id },
        metadataOf(request),
      );
      const item = notificationItem(row);
      return {
        success: true as const,
        message: 'Notification marked as read',
        data: item.isRead
          ? item
          : {
              ...item,
              isRead: true,
              readAt: deps.clock.now().toISOString(),
              readBy: sessionOf(request).name,
            },
      };
    },
  );

  app.delete(
    '/api/notifications/:id',
    {
      config: { access: ADMIN },
      schema: {
        params: NotificationIdParams,
        response: { 200: NotificationActionResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const row = await findNotification(deps.db, request.params.id);
      if (!row) throw notificationNotFound();
      await executeNotificationCommand(
        deps,
        { type: 'DismissNotification', notificationId: row.id },
        metadataOf(request),
      );
      return { success: true as const, message: 'Notification deleted' };
    },
  );
}
