import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import {
  type BranchScope,
  paiseToRupees,
  type NotificationItem,
  type NotificationListQuery,
  type Position,
} from '@goldledger/contracts';
import type { AdminNotificationRow, AdminNotificationsTables } from '@goldledger/projections';
import { branchIn } from '../branches/branch-scope.js';
import type { Database } from '../platform/platform.js';
import { readModel } from '../platform/read-models.js';

type Inbox = Kysely<AdminNotificationsTables>;
const inbox = (db: Kysely<Database>): Inbox => readModel(db, 'rm_admin_notifications');
type Eb = ExpressionBuilder<AdminNotificationsTables, 'notifications'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (at: unknown) => (at == null ? null : new Date(at as string).toISOString());

export function notificationItem(r: AdminNotificationRow): NotificationItem {
  return {
    _id: r.id,
    type: r.type,
    title: r.title,
    message: r.message,
    customerName: r.customer_name,
    customerMobile: r.customer_mobile,
    ...(r.amount_paise == null ? {} : { amount: paiseToRupees(Number(r.amount_paise)) }),
    loanId: r.loan_id,
    loanRef: r.loan_uuid,
    isRead: r.is_read,
    readAt: iso(r.read_at),
    readBy: r.read_by,
    createdAt: iso(r.created_at)!,
  };
}

const visible = (eb: Eb) => eb('dismissed_at', 'is', null);

/**
 * The panel: newest first in store order, optionally read or unread only, a page at a time.
 * Narrowed to branches, it shows those branches' loans' notifications only.
 */
export async function listNotifications(db: Kysely<Database>, q: NotificationListQuery, scope: BranchScope) {
  const where = (eb: Eb) =>
    eb.and([
      visible(eb),
      branchIn(scope, 'branch_id'),
      ...(q.isRead ? [eb('is_read', '=', q.isRead === 'true')] : []),
      ...(q.type ? [eb('type', '=', q.type)] : []),
    ]);
  const [rows, total, unread] = await Promise.all([
    inbox(db)
      .selectFrom('notifications')
      .selectAll()
      .where(where)
      .orderBy('source_tx', 'desc')
      .orderBy('source_gp', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    inbox(db)
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
    unreadCount(db),
  ]);
  const count = Number(total.n);
  return {
    success: true as const,
    data: rows.map((r) => notificationItem(r as AdminNotificationRow)),
    unreadCount: unread,
    pagination: { page: q.page, limit: q.limit, total: count, totalPages: Math.ceil(count / q.limit) },
  };
}

export async function unreadCount(db: Kysely<Database>): Promise<number> {
  const row = await inbox(db)
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('is_read', '=', false)
    .where('dismissed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A notification still in the panel; undefined for an unknown, malformed or deleted id. */
export async function findNotification(
  db: Kysely<Database>,
  id: string,
): Promise<AdminNotificationRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const row = await inbox(db)
    .selectFrom('notifications')
    .selectAll()
    .where('id', '=', id.toLowerCase())
    .where('dismissed_at', 'is', null)
    .executeTakeFirst();
  return row as AdminNotificationRow | undefined;
}

/** The newest unread notification's place in the store, and how many are unread. */
export async function unreadUpTo(db: Kysely<Database>): Promise<{ upTo: Position; count: number } | null> {
  const [newest, count] = await Promise.all([
    inbox(db)
      .selectFrom('notifications')
      .select([sql<string>`source_tx::text`.as('tx'), sql<string>`source_gp::text`.as('gp')])
      .where('is_read', '=', false)
      .where('dismissed_at', 'is', null)
      .orderBy('source_tx', 'desc')
      .orderBy('source_gp', 'desc')
      .limit(1)
      .executeTakeFirst(),
    unreadCount(db),
  ]);
  if (!newest) return null;
  return { upTo: { transactionId: newest.tx, globalPosition: newest.gp }, count };
}
