import { sql, type Kysely, type QueryCreator } from 'kysely';
import {
  AdminNotificationEvents,
  AdminNotificationInboxEvents,
  ContactEvents,
  CustomerEvents,
  LOAN_STREAM_TYPE,
  LoanEvents,
  formatBusinessDate,
  formatInr,
  type RecordedEvent,
} from '@goldledger/contracts';
import type { Projection } from '../runtime/projection.js';

/**
 * What reaches the admins' bell (000 §2, "Notification bell and panel"): one row per
 * source event that raises one. Reading and deleting arrive as events of their own
 * (`admin-notification-<id>` streams and the inbox stream), folded here like any
 * other, so a rebuild keeps them. Read state is shared by the admins: the bell is the
 * team's inbox (docs/decisions.md).
 */
export interface AdminNotificationRow {
  /** The source event's id: stable across rebuilds, so links and read marks survive one. */
  id: string;
  type: string;
  title: string;
  message: string;
  customer_name: string | null;
  customer_mobile: string | null;
  amount_paise: string | null;
  /** The loan it is about, for a link: its stream uuid and its number. */
  loan_uuid: string | null;
  loan_id: string | null;
  is_read: boolean;
  read_at: string | null;
  read_by: string | null;
  /** Deleted from the panel. */
  dismissed_at: string | null;
  created_at: string;
  source_event_id: string;
  /** The source event's store position: the panel's order, and what "read all up to" compares. */
  source_tx: string;
  source_gp: string;
}

/** What a loan's notifications name: kept from LoanCreated, and the customer's later edits. */
export interface NotificationLoanRow {
  loan_uuid: string;
  loan_id: string;
  customer_stream_id: string;
  customer_name: string;
  customer_mobile: string;
}

export interface AdminNotificationsTables {
  notifications: AdminNotificationRow;
  notification_loans: NotificationLoanRow;
}

/** How much of an enquiry's text the panel shows; the full text stays in the event. */
export const ENQUIRY_PREVIEW_CHARS = 200;

/** Whole characters (an emoji is one), with an ellipsis when cut. */
function preview(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}…`;
}

/** 12500 mg → "12.5"; weights arrive in 10 mg steps, so this is exact. */
const grams = (milligrams: number) => String(milligrams / 1000);
const percent = (bps: number) => `${bps / 100}%`;
const loanUuidOf = (streamId: string) => streamId.replace(/^loan-/, '');
const customerStreamKey = (id: string) => (id.startsWith('customer-') ? id : `customer-${id}`);

type Raised = Pick<AdminNotificationRow, 'type' | 'title' | 'message'> & { amountPaise?: number };

/** Pure: what a loan event tells the admins, or null when it tells them nothing. */
function fromLoanEvent(e: RecordedEvent, loanId: string, customer: string): Raised | null {
  const by = e.metadata.actor?.name;
  switch (e.type) {
    case 'LoanCreated': {
      const d = LoanEvents.LoanCreated.parse(e.data);
      return {
        type: 'new_loan',
        title: d.renewalOf ? `Loan ${d.loanId} renews ${d.renewalOf.loanId}` : `New loan ${d.loanId}`,
        message: `${d.customer.name}: ${formatInr(d.principalPaise)} at ${percent(d.annualRateBps)} for ${d.termMonths} month${d.termMonths === 1 ? '' : 's'}, by ${d.createdBy.name}.`,
        amountPaise: d.principalPaise,
      };
    }
    case 'PaymentRecorded': {
      const d = LoanEvents.PaymentRecorded.parse(e.data);
      const pending = d.status === 'pending';
      return {
        type: 'new_repayment',
        title: pending ? `Online payment to approve on ${loanId}` : `Repayment on ${loanId}`,
        message: `${customer} paid ${formatInr(d.amountPaise)} ${d.method === 'online' ? `online (${d.transactionId ?? 'no reference'})` : 'in cash'} on ${formatBusinessDate(d.paymentDate)}, entered by ${d.enteredBy.name}.${pending ? ' It counts once an admin approves it.' : ''}`,
        amountPaise: d.amountPaise,
      };
    }
    case 'LoanClosed': {
      const d = LoanEvents.LoanClosed.parse(e.data);
      return {
        type: 'loan_closed',
        title: `Loan ${loanId} closed`,
        message:
          d.reason === 'repaid'
            ? `${customer} repaid the loan in full on ${formatBusinessDate(d.closedOn)}. The gold is to be returned within 7 working days.`
            : `Closed by the auction of ${customer}'s gold on ${formatBusinessDate(d.closedOn)}.`,
      };
    }
    case 'InstallmentFellDue': {
      const d = LoanEvents.InstallmentFellDue.parse(e.data);
      return {
        type: 'payment_due',
        title: `Installment due on ${loanId}`,
        message: `${customer}: installment ${d.installmentNumber} of ${formatInr(d.amountDuePaise)} is due on ${formatBusinessDate(d.dueDate)}.`,
        amountPaise: d.amountDuePaise,
      };
    }
    case 'InstallmentOverdue': {
      const d = LoanEvents.InstallmentOverdue.parse(e.data);
      return {
        type: 'payment_overdue',
        title: `Installment overdue on ${loanId}`,
        message: `${customer}: installment ${d.installmentNumber} of ${formatInr(d.amountDuePaise)}, due ${formatBusinessDate(d.dueDate)}, is unpaid.`,
        amountPaise: d.amountDuePaise,
      };
    }
    case 'RateUpgraded': {
      const d = LoanEvents.RateUpgraded.parse(e.data);
      return {
        type: 'interest_rate_upgrade',
        title: `Interest rate upgraded on ${loanId}`,
        message: `${customer}: ${percent(d.previousRateBps)} → ${percent(d.newRateBps)} from ${formatBusinessDate(d.upgradeDate)} (level ${d.level}), by ${d.upgradedBy.name}. New monthly payment ${formatInr(d.newMonthlyPaymentPaise)}.`,
        amountPaise: d.newTotalPaymentPaise,
      };
    }
    case 'MarkedReadyForAuction': {
      const d = LoanEvents.MarkedReadyForAuction.parse(e.data);
      return {
        type: 'auction_ready',
        title: `Loan ${loanId} ready for auction`,
        message: `${customer} owes ${formatInr(d.outstandingPaise)}. Listed by ${d.by === 'scheduler' ? 'the scheduler' : (by ?? 'an admin')} on ${formatBusinessDate(d.readyOn)}.`,
        amountPaise: d.outstandingPaise,
      };
    }
    case 'AuctionScheduled': {
      const d = LoanEvents.AuctionScheduled.parse(e.data);
      return {
        type: 'auction_scheduled',
        title: `Auction scheduled for ${loanId}`,
        message: `${customer}'s gold goes to auction on ${formatBusinessDate(d.auctionDate)}, reserve price ${formatInr(d.reservePricePaise)}.`,
        amountPaise: d.reservePricePaise,
      };
    }
    case 'Auctioned': {
      const d = LoanEvents.Auctioned.parse(e.data);
      const balance =
        d.surplusPaise > 0
          ? ` ${formatInr(d.surplusPaise)} is owed back to the customer.`
          : d.shortfallPaise > 0
            ? ` The sale fell ${formatInr(d.shortfallPaise)} short of the ${formatInr(d.outstandingPaise)} owed.`
            : '';
      return {
        type: 'auctioned',
        title: `Gold auctioned for ${loanId}`,
        message: `${customer}'s gold sold for ${formatInr(d.salePaise)} on ${formatBusinessDate(d.auctionDate)}.${balance}`,
        amountPaise: d.salePaise,
      };
    }
    case 'AuctionCancelled': {
      const d = LoanEvents.AuctionCancelled.parse(e.data);
      return {
        type: 'auction_cancelled',
        title: `Auction cancelled for ${loanId}`,
        message:
          d.reason === 'repayment'
            ? `${customer} made a repayment, which takes the loan off the auction list.`
            : `Taken off the auction list by ${by ?? 'an admin'}.${d.notes ? ` ${d.notes}` : ''}`,
      };
    }
    case 'GoldReturned': {
      const d = LoanEvents.GoldReturned.parse(e.data);
      return {
        type: 'gold_returned',
        title: `Gold returned for ${loanId}`,
        message: `${customer}'s gold was handed back on ${formatBusinessDate(d.returnedOn)}${d.daysLate > 0 ? `, ${d.daysLate} working day${d.daysLate === 1 ? '' : 's'} after the 7-working-day promise` : ', within the 7-working-day promise'}.`,
      };
    }
    default:
      return null;
  }
}

/**
 * Pure: the notification an event raises, or null when it raises none. Loan events
 * name the loan and its customer from `loan` (what LoanCreated said, kept current).
 */
export function toAdminNotification(
  e: RecordedEvent,
  loan?: NotificationLoanRow,
): AdminNotificationRow | null {
  const base = {
    id: e.eventId,
    is_read: false,
    read_at: null,
    read_by: null,
    dismissed_at: null,
    created_at: e.occurredAt,
    source_event_id: e.eventId,
    source_tx: e.position.transactionId,
    source_gp: e.position.globalPosition,
  };
  if (e.type === 'ContactMessageReceived') {
    const d = ContactEvents.ContactMessageReceived.parse(e.data);
    return {
      ...base,
      type: 'contact_enquiry',
      title: `New enquiry from ${d.name}`,
      message: [
        `Phone: ${d.phone}`,
        `Email: ${d.email}`,
        `Gold: ${grams(d.goldMilligrams)} g`,
        `Message: ${preview(d.message, ENQUIRY_PREVIEW_CHARS)}`,
      ].join('\n'),
      customer_name: d.name,
      customer_mobile: d.phone,
      amount_paise: null,
      loan_uuid: null,
      loan_id: null,
    };
  }
  if (e.streamType !== LOAN_STREAM_TYPE) return null;
  const created = e.type === 'LoanCreated' ? LoanEvents.LoanCreated.parse(e.data) : null;
  const loanId = created?.loanId ?? loan?.loan_id ?? 'a loan';
  const name = created?.customer.name ?? loan?.customer_name ?? 'The customer';
  const raised = fromLoanEvent(e, loanId, name);
  if (!raised) return null;
  return {
    ...base,
    type: raised.type,
    title: raised.title,
    message: raised.message,
    customer_name: created?.customer.name ?? loan?.customer_name ?? null,
    customer_mobile: created?.customer.primaryMobile ?? loan?.customer_mobile ?? null,
    amount_paise: raised.amountPaise === undefined ? null : String(raised.amountPaise),
    loan_uuid: loanUuidOf(e.streamId),
    loan_id: created?.loanId ?? loan?.loan_id ?? null,
  };
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

/** Marks and deletions: applied in store order after every notification raised before them. */
async function applyReadState(db: QueryCreator<AdminNotificationsTables>, e: RecordedEvent): Promise<void> {
  const by = e.metadata.actor?.name ?? null;
  switch (e.type) {
    case 'NotificationRead': {
      const d = AdminNotificationEvents.NotificationRead.parse(e.data);
      await db
        .updateTable('notifications')
        .set({ is_read: true, read_at: e.occurredAt, read_by: by })
        .where('id', '=', d.notificationId)
        .where('is_read', '=', false)
        .execute();
      return;
    }
    case 'NotificationDismissed': {
      const d = AdminNotificationEvents.NotificationDismissed.parse(e.data);
      await db
        .updateTable('notifications')
        .set({ dismissed_at: e.occurredAt })
        .where('id', '=', d.notificationId)
        .where('dismissed_at', 'is', null)
        .execute();
      return;
    }
    case 'AllNotificationsRead': {
      const { upTo } = AdminNotificationInboxEvents.AllNotificationsRead.parse(e.data);
      await db
        .updateTable('notifications')
        .set({ is_read: true, read_at: e.occurredAt, read_by: by })
        .where('is_read', '=', false)
        .where(
          sql<boolean>`(source_tx, source_gp) <= (${upTo.transactionId}::bigint, ${upTo.globalPosition}::bigint)`,
        )
        .execute();
      return;
    }
  }
}

const READ_STATE_EVENTS = new Set(['NotificationRead', 'NotificationDismissed', 'AllNotificationsRead']);

async function applyNotifications(
  db: QueryCreator<AdminNotificationsTables>,
  events: readonly RecordedEvent[],
): Promise<void> {
  // The loans this batch's events are about, and the customers it edits.
  const loanKeys = new Set<string>();
  const customers = new Set<string>();
  for (const e of events) {
    if (e.streamType === LOAN_STREAM_TYPE) loanKeys.add(loanUuidOf(e.streamId));
    else if (e.streamType === 'customer' && e.type === 'CustomerUpdated') customers.add(e.streamId);
  }
  const loans = new Map<string, NotificationLoanRow>();
  if (loanKeys.size > 0 || customers.size > 0) {
    const loaded = await db
      .selectFrom('notification_loans')
      .selectAll()
      .where((eb) =>
        eb.or([
          ...(loanKeys.size > 0 ? [eb('loan_uuid', 'in', [...loanKeys])] : []),
          ...(customers.size > 0 ? [eb('customer_stream_id', 'in', [...customers])] : []),
        ]),
      )
      .execute();
    for (const l of loaded) loans.set(l.loan_uuid, l);
  }
  const changedLoans = new Map<string, NotificationLoanRow>();

  let raised: AdminNotificationRow[] = [];
  for (const e of events) {
    if (e.streamType === LOAN_STREAM_TYPE && e.type === 'LoanCreated') {
      const d = LoanEvents.LoanCreated.parse(e.data);
      const loan: NotificationLoanRow = {
        loan_uuid: loanUuidOf(e.streamId),
        loan_id: d.loanId,
        customer_stream_id: customerStreamKey(d.customer.customerStreamId),
        customer_name: d.customer.name,
        customer_mobile: d.customer.primaryMobile,
      };
      loans.set(loan.loan_uuid, loan);
      changedLoans.set(loan.loan_uuid, loan);
    } else if (customers.has(e.streamId) && e.type === 'CustomerUpdated') {
      const d = CustomerEvents.CustomerUpdated.parse(e.data);
      for (const loan of loans.values()) {
        if (loan.customer_stream_id !== e.streamId) continue;
        const next = { ...loan, customer_name: d.name, customer_mobile: d.primaryMobile };
        loans.set(loan.loan_uuid, next);
        changedLoans.set(loan.loan_uuid, next);
      }
    }
    if (READ_STATE_EVENTS.has(e.type)) {
      await insertNotifications(db, raised);
      raised = [];
      await applyReadState(db, e);
      continue;
    }
    const loan = e.streamType === LOAN_STREAM_TYPE ? loans.get(loanUuidOf(e.streamId)) : undefined;
    const row = toAdminNotification(e, loan);
    if (row) raised.push(row);
  }
  await insertNotifications(db, raised);
  const upserts = [...changedLoans.values()];
  for (let i = 0; i < upserts.length; i += CHUNK) {
    await db
      .insertInto('notification_loans')
      .values(upserts.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.column('loan_uuid').doUpdateSet({
          loan_id: sql.ref('excluded.loan_id'),
          customer_stream_id: sql.ref('excluded.customer_stream_id'),
          customer_name: sql.ref('excluded.customer_name'),
          customer_mobile: sql.ref('excluded.customer_mobile'),
        }),
      )
      .execute();
  }
}

export const adminNotificationsProjection: Projection<AdminNotificationsTables> = {
  name: 'admin-notifications',
  // 2: loan events, the loan look-up table, read state and deletion from events.
  version: 2,
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
    await applyNotifications(db, events);
  },
};
