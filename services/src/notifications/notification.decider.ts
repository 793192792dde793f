import {
  comparePositions,
  type AdminNotificationEvent,
  type AdminNotificationInboxEvent,
  type Position,
} from '@goldledger/contracts';
import { DomainError, type Decider } from '../platform/decider.js';
import {
  evolveNotification,
  evolveNotificationInbox,
  initialNotificationInboxState,
  initialNotificationState,
  type NotificationInboxState,
  type NotificationState,
} from './notification.state.js';

export type NotificationCommand =
  | { type: 'MarkNotificationRead'; notificationId: string }
  | { type: 'DismissNotification'; notificationId: string };

export type NotificationInboxCommand = {
  type: 'MarkAllNotificationsRead';
  /** The newest notification the admin could see: everything up to it is read. */
  upTo: Position;
};

export const notificationNotFound = () =>
  new DomainError('Notification not found', 'notification_not_found', 404);

/** Reading twice, or deleting twice, changes nothing; a deleted notification cannot be read. */
export function decideNotification(
  command: NotificationCommand,
  state: NotificationState,
): AdminNotificationEvent[] {
  switch (command.type) {
    case 'MarkNotificationRead':
      if (state.dismissed) throw notificationNotFound();
      return state.read
        ? []
        : [{ type: 'NotificationRead', data: { notificationId: command.notificationId } }];
    case 'DismissNotification':
      return state.dismissed
        ? []
        : [{ type: 'NotificationDismissed', data: { notificationId: command.notificationId } }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

/** "Mark all read" up to a point already reached appends nothing. */
export function decideNotificationInbox(
  command: NotificationInboxCommand,
  state: NotificationInboxState,
): AdminNotificationInboxEvent[] {
  switch (command.type) {
    case 'MarkAllNotificationsRead':
      return state.readUpTo && comparePositions(command.upTo, state.readUpTo) <= 0
        ? []
        : [{ type: 'AllNotificationsRead', data: { upTo: command.upTo } }];
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

export const notificationDecider: Decider<NotificationCommand, AdminNotificationEvent, NotificationState> = {
  initialState: initialNotificationState,
  evolve: evolveNotification,
  decide: decideNotification,
};

export const notificationInboxDecider: Decider<
  NotificationInboxCommand,
  AdminNotificationInboxEvent,
  NotificationInboxState
> = {
  initialState: initialNotificationInboxState,
  evolve: evolveNotificationInbox,
  decide: decideNotificationInbox,
};
