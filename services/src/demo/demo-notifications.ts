import { setTimeout as sleep } from 'node:timers/promises';
import { comparePositions, START, type EventMetadata, type Position } from '@goldledger/contracts';
import { eventReader, toAdminNotification } from '@goldledger/projections';
import {
  executeNotificationCommand,
  executeNotificationInboxCommand,
} from '../notifications/notification-commands.js';
import { FixedClock } from '../platform/clock.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import type { Staff } from './loan-life.js';

/** The stream types whose events can raise an admin notification (the admin-notifications read model's). */
const readNotifying = eventReader(
  'loan',
  'customer',
  'contact',
  'admin-notification',
  'admin-notification-inbox',
  'staff-lookup',
  'approval',
  'approval-policy',
);

const PAGE = 2_000;
/** How long to wait for the store's readers to see the last of what was appended. */
const SEE_ALL_WITHIN_MS = 60_000;

interface Raised {
  id: string;
  position: Position;
  occurredAt: number;
}

/**
 * Every event in the store up to `until` that raises a notification for the admins, in
 * store order. A reader sees no further than the oldest transaction still open on the
 * database server (any database's), so it waits for the rest rather than stop short.
 */
async function notificationsRaised(store: EventStore, until: Position): Promise<Raised[]> {
  const raised: Raised[] = [];
  let after: Position = START;
  const deadline = performance.now() + SEE_ALL_WITHIN_MS;
  for (;;) {
    const page = await store.readAll(after, PAGE);
    if (page.length === 0) {
      if (comparePositions(after, until) >= 0) return raised;
      if (performance.now() > deadline)
        throw new Error('demo notifications: the store did not show every event');
      await sleep(50);
      continue;
    }
    for (const event of readNotifying(page)) {
      if (toAdminNotification(event)) {
        raised.push({
          id: event.eventId,
          position: event.position,
          occurredAt: new Date(event.occurredAt).getTime(),
        });
      }
    }
    after = page.at(-1)!.position;
  }
}

/**
 * The demo's admin has kept up with the bell: two years of history raised a notification
 * for every loan, payment and closure, and a lender's admin reads them as they come, so all
 * but the `leaveUnread` newest (by when they happened) are marked read, as the admin, at the
 * end of the story. "Mark all read" reaches up to the store position just before the first
 * of those; what was appended after it yet happened earlier is marked read one by one.
 * `until`: the newest position the story appended. Returns how many are left unread.
 */
export async function settleDemoNotifications(
  deps: { store: EventStore; nowMs: number; until: Position },
  admin: Staff,
  leaveUnread: number,
): Promise<number> {
  const raised = await notificationsRaised(deps.store, deps.until);
  const newest = [...raised]
    .sort((a, b) => b.occurredAt - a.occurredAt || comparePositions(b.position, a.position))
    .slice(0, Math.max(0, leaveUnread));
  const kept = new Set(newest.map((n) => n.id));
  const firstKept = raised.findIndex((n) => kept.has(n.id));
  const readUpTo = firstKept === -1 ? raised.length : firstKept;
  const commandDeps = { store: deps.store, clock: new FixedClock(new Date(deps.nowMs)) };
  const metadata: EventMetadata = { actor: admin.actor, correlationId: 'demo-loan-book:notifications-read' };
  if (readUpTo > 0) {
    await executeNotificationInboxCommand(
      commandDeps,
      { type: 'MarkAllNotificationsRead', upTo: raised[readUpTo - 1]!.position },
      metadata,
    );
  }
  for (const n of raised.slice(readUpTo)) {
    if (kept.has(n.id)) continue;
    await executeNotificationCommand(
      commandDeps,
      { type: 'MarkNotificationRead', notificationId: n.id },
      metadata,
    );
  }
  return kept.size;
}
