import {
  ADMIN_NOTIFICATION_INBOX_STREAM_ID,
  ADMIN_NOTIFICATION_INBOX_STREAM_TYPE,
  ADMIN_NOTIFICATION_STREAM_TYPE,
  adminNotificationStreamId,
  type AdminNotificationEvent,
  type AdminNotificationInboxEvent,
  type EventMetadata,
} from '@goldledger/contracts';
import { handle, type CommandDeps } from '../platform/command-handler.js';
import {
  decideNotification,
  decideNotificationInbox,
  type NotificationCommand,
  type NotificationInboxCommand,
} from './notification.decider.js';
import {
  evolveNotification,
  evolveNotificationInbox,
  initialNotificationInboxState,
  initialNotificationState,
  type NotificationInboxState,
  type NotificationState,
} from './notification.state.js';

export type NotificationDeps = CommandDeps;

/**
 * A stream per notification keeps each decision tiny and lets admins mark different
 * notifications at once without contending for one stream.
 */
export function executeNotificationCommand(
  { store, clock }: NotificationDeps,
  command: NotificationCommand,
  metadata: EventMetadata = {},
) {
  return handle<NotificationState>(
    store,
    adminNotificationStreamId(command.notificationId),
    ({ state }) => decideNotification(command, state).map((e) => ({ ...e, occurredAt: clock.now() })),
    {
      streamType: ADMIN_NOTIFICATION_STREAM_TYPE,
      initialState: initialNotificationState,
      evolve: (s, e) => evolveNotification(s, e as AdminNotificationEvent),
      metadata,
    },
  );
}

export function executeNotificationInboxCommand(
  { store, clock }: NotificationDeps,
  command: NotificationInboxCommand,
  metadata: EventMetadata = {},
) {
  return handle<NotificationInboxState>(
    store,
    ADMIN_NOTIFICATION_INBOX_STREAM_ID,
    ({ state }) => decideNotificationInbox(command, state).map((e) => ({ ...e, occurredAt: clock.now() })),
    {
      streamType: ADMIN_NOTIFICATION_INBOX_STREAM_TYPE,
      initialState: initialNotificationInboxState,
      evolve: (s, e) => evolveNotificationInbox(s, e as AdminNotificationInboxEvent),
      metadata,
    },
  );
}
