import { sql, type Kysely, type QueryCreator } from 'kysely';
import { evolveRows } from '../runtime/evolve-rows.js';
import { eventReader, type EventOf, type LoanOrCustomerEvent } from '../runtime/known-events.js';
import type { Projection } from '../runtime/projection.js';
import { customerContactColumns, perLoanFollowingCustomer } from '../shared/per-loan.js';
import type {
  AdminNotificationRow,
  AdminNotificationsTables,
  NotificationLoanRow,
} from './admin-notifications.tables.js';
import {
  notificationLoanOf,
  toAdminNotification,
  type NotificationsEvent,
} from './admin-notifications.raise.js';

export type * from './admin-notifications.tables.js';
export { ENQUIRY_PREVIEW_CHARS, toAdminNotification } from './admin-notifications.raise.js';

/** Pure: what a loan's notifications name, after one event of the loan's or its customer's stream. */
export function evolveNotificationLoan(
  row: NotificationLoanRow | undefined,
  event: LoanOrCustomerEvent,
): NotificationLoanRow | undefined {
  switch (event.type) {
    case 'LoanCreated':
      return notificationLoanOf(event);
    case 'CustomerUpdated':
      return row && { ...row, ...customerContactColumns(event.data) };
    case 'PaymentRecorded':
    case 'PaymentApproved':
    case 'PaymentReversed':
    case 'LoanDetailsEdited':
    case 'RateUpgraded':
    case 'LoanClosed':
    case 'LoanReopened':
    case 'LoanRenewed':
    case 'LoanDeleted':
    case 'InstallmentFellDue':
    case 'InstallmentOverdue':
    case 'MarkedReadyForAuction':
    case 'AuctionScheduled':
    case 'Auctioned':
    case 'AuctionCancelled':
    case 'GoldReturnScheduled':
    case 'GoldReturned':
    case 'GoldReturnReminderSent':
    case 'PaymentsReallocated':
    case 'RefundDue':
    case 'RefundPaid':
    case 'PaymentReminderSent':
    case 'CustomerRegistered':
    case 'CustomerVerified':
    case 'CustomerAccountLinked':
    case 'CustomerVerificationCleared':
    case 'MarginCallRaised':
    case 'MarginCallCured':
    case 'MarginCallEscalated':
    case 'AuctionNoticeSent':
    case 'AuctionPublicNoticeRecorded':
    case 'AuctionBidderRegistered':
    case 'AuctionCostRecorded':
    case 'AuctionFailed':
    case 'DelinquencyClassChanged':
    case 'GoldItemsAdded':
    case 'CustomerToldGoldReady':
    case 'ReleaseCompensationAccrued':
    case 'ReleaseCompensationPaid':
    case 'GoldUnclaimed':
    case 'UnclaimedGoldNoticeSent':
      return row;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

// 17 columns a row: stay well under Postgres' 65,535 parameters per statement.
const CHUNK = 1000;

async function insertNotifications(db: QueryCreator<AdminNotificationsTables>, rows: AdminNotificationRow[]) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('notifications')
      .values(rows.slice(i, i + CHUNK))
      // The runner already skips what it has applied; this keeps a replay harmless too.
      .onConflict((oc) => oc.column('source_event_id').doNothing())
      .execute();
  }
}

type ReadStateEvent = EventOf<'admin-notification' | 'admin-notification-inbox'>;

/** Marks and deletions: applied in store order after every notification raised before them. */
async function applyReadState(
  db: QueryCreator<AdminNotificationsTables>,
  event: ReadStateEvent,
): Promise<void> {
  const by = event.metadata.actor?.name ?? null;
  switch (event.type) {
    case 'NotificationRead':
      await db
        .updateTable('notifications')
        .set({ is_read: true, read_at: event.occurredAt, read_by: by })
        .where('id', '=', event.data.notificationId)
        .where('is_read', '=', false)
        .execute();
      return;
    case 'NotificationDismissed':
      await db
        .updateTable('notifications')
        .set({ dismissed_at: event.occurredAt })
        .where('id', '=', event.data.notificationId)
        .where('dismissed_at', 'is', null)
        .execute();
      return;
    case 'AllNotificationsRead': {
      const { upTo } = event.data;
      await db
        .updateTable('notifications')
        .set({ is_read: true, read_at: event.occurredAt, read_by: by })
        .where('is_read', '=', false)
        .where(
          sql<boolean>`(source_tx, source_gp) <= (${upTo.transactionId}::bigint, ${upTo.globalPosition}::bigint)`,
        )
        .execute();
      return;
    }
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

const readEvents = eventReader(
  'loan',
  'customer',
  'contact',
  'admin-notification',
  'admin-notification-inbox',
  'staff-lookup',
  'approval',
  'approval-policy',
);

/**
 * One batch: the loan look-up rows evolve like any per-loan read model; on the way,
 * each event raises its notification naming the loan as it then stood, and each read
 * mark or deletion is queued after the notifications raised before it.
 */
async function applyNotifications(
  db: QueryCreator<AdminNotificationsTables>,
  events: readonly NotificationsEvent[],
): Promise<void> {
  const steps: Array<AdminNotificationRow[] | ReadStateEvent> = [];
  let raised: AdminNotificationRow[] = [];
  const lookUp = perLoanFollowingCustomer<NotificationLoanRow, NotificationsEvent>(
    'notification_loans',
    {},
    (row, e) =>
      e.streamType === 'loan' || e.streamType === 'customer' ? evolveNotificationLoan(row, e) : row,
    (e, loan) => {
      if (e.streamType === 'admin-notification' || e.streamType === 'admin-notification-inbox') {
        steps.push(raised, e);
        raised = [];
        return;
      }
      const row = toAdminNotification(e, loan);
      if (row) raised.push(row);
    },
  );
  await evolveRows(db, lookUp, events);
  steps.push(raised);
  for (const step of steps) {
    if (Array.isArray(step)) await insertNotifications(db, step);
    else await applyReadState(db, step);
  }
}

export const adminNotificationsProjection: Projection<AdminNotificationsTables> = {
  name: 'admin-notifications',
  // 2: loan events, the loan look-up table, read state and deletion from events.
  // 3: maker-checker requests and policy changes. 4: the loan's branch on its notifications (issue 16).
  // 5: margin calls raised and escalated (issue 17).
  version: 5,
  schema: 'rm_admin_notifications',

  async createTables(db: Kysely<any>, schema: string) {
    await db.schema
      .withSchema(schema)
      .createTable('notifications')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('customer_name', 'text')
      .addColumn('customer_mobile', 'text')
      .addColumn('amount_paise', 'bigint')
      .addColumn('loan_uuid', 'uuid')
      .addColumn('loan_id', 'text')
      .addColumn('branch_id', 'uuid')
      .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('read_at', 'timestamptz')
      .addColumn('read_by', 'text')
      .addColumn('dismissed_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('source_event_id', 'uuid', (c) => c.notNull().unique())
      .addColumn('source_tx', 'bigint', (c) => c.notNull())
      .addColumn('source_gp', 'bigint', (c) => c.notNull())
      .execute();
    // The panel lists newest first (store order), optionally only unread; the bell counts unread.
    await db.schema
      .withSchema(schema)
      .createIndex('notifications_order_idx')
      .on('notifications')
      .columns(['source_tx desc', 'source_gp desc'])
      .where(sql.ref('dismissed_at'), 'is', null)
      .execute();
    await db.schema
      .withSchema(schema)
      .createIndex('notifications_unread_idx')
      .on('notifications')
      .columns(['source_tx desc', 'source_gp desc'])
      .where(sql<boolean>`is_read = false and dismissed_at is null`)
      .execute();
    await db.schema
      .withSchema(schema)
      .createTable('notification_loans')
      .addColumn('loan_uuid', 'uuid', (c) => c.primaryKey())
      .addColumn('loan_id', 'text', (c) => c.notNull())
      .addColumn('branch_id', 'uuid', (c) => c.notNull())
      .addColumn('customer_stream_id', 'text', (c) => c.notNull())
      .addColumn('customer_name', 'text', (c) => c.notNull())
      .addColumn('customer_mobile', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .withSchema(schema)
      .createIndex('notification_loans_customer_idx')
      .on('notification_loans')
      .column('customer_stream_id')
      .execute();
  },

  async apply({ db }, events) {
    await applyNotifications(db, readEvents(events));
  },
};
