import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.js';
import { notificationDecider, notificationInboxDecider } from './notification.decider.js';

const id = '00000000-0000-4000-8000-000000000007';
const spec = deciderSpec(notificationDecider);
const inbox = deciderSpec(notificationInboxDecider);
const read = { type: 'NotificationRead' as const, data: { notificationId: id } };
const dismissed = { type: 'NotificationDismissed' as const, data: { notificationId: id } };

describe('a notification', () => {
  it('is read once; reading it again records nothing', () => {
    spec.given([]).when({ type: 'MarkNotificationRead', notificationId: id }).then([read]);
    spec.given([read]).when({ type: 'MarkNotificationRead', notificationId: id }).then([]);
  });

  it('is deleted once, read or not, and cannot be read after that', () => {
    spec.given([read]).when({ type: 'DismissNotification', notificationId: id }).then([dismissed]);
    spec.given([dismissed]).when({ type: 'DismissNotification', notificationId: id }).then([]);
    spec
      .given([dismissed])
      .when({ type: 'MarkNotificationRead', notificationId: id })
      .thenThrows('Notification not found');
  });
});

describe('mark all read', () => {
  const upTo = (transactionId: string, globalPosition: string) => ({ transactionId, globalPosition });
  const allRead = (tx: string, gp: string) => ({
    type: 'AllNotificationsRead' as const,
    data: { upTo: upTo(tx, gp) },
  });

  it('records how far it reached, and nothing when it reaches no further', () => {
    inbox
      .given([])
      .when({ type: 'MarkAllNotificationsRead', upTo: upTo('10', '50') })
      .then([allRead('10', '50')]);
    inbox
      .given([allRead('10', '50')])
      .when({ type: 'MarkAllNotificationsRead', upTo: upTo('10', '50') })
      .then([]);
    inbox
      .given([allRead('10', '50')])
      .when({ type: 'MarkAllNotificationsRead', upTo: upTo('9', '70') })
      .then([]);
    inbox
      .given([allRead('10', '50')])
      .when({ type: 'MarkAllNotificationsRead', upTo: upTo('11', '40') })
      .then([allRead('11', '40')]);
  });
});
