import type { AdminNotificationEvent, AdminNotificationInboxEvent, Position } from '@goldledger/contracts';

/** One notification's fate in the panel (stream `admin-notification-<id>`). */
export interface NotificationState {
  read: boolean;
  dismissed: boolean;
}

export const initialNotificationState = (): NotificationState => ({ read: false, dismissed: false });

export function evolveNotification(
  state: NotificationState,
  event: AdminNotificationEvent,
): NotificationState {
  switch (event.type) {
    case 'NotificationRead':
      return { ...state, read: true };
    case 'NotificationDismissed':
      return { ...state, dismissed: true };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** The inbox as a whole (stream `admin-notification-inbox`): how far "mark all read" has reached. */
export interface NotificationInboxState {
  readUpTo: Position | null;
}

export const initialNotificationInboxState = (): NotificationInboxState => ({ readUpTo: null });

export function evolveNotificationInbox(
  state: NotificationInboxState,
  event: AdminNotificationInboxEvent,
): NotificationInboxState {
  switch (event.type) {
    case 'AllNotificationsRead':
      return { ...state, readUpTo: event.data.upTo };
    default: {
      const _exhaustive: never = event.type;
      return _exhaustive;
    }
  }
}
