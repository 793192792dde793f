import { sql, type Kysely } from 'kysely';
import { ContactEvents, type RecordedEvent } from '@goldledger/contracts';
import type { Projection } from '../runtime/projection.js';

/**
 * What reaches the admins' bell (000 §2, "Notification bell and panel"). One row per
 * source event; `is_read`/`read_at` start false/null here and are for the later
 * issue that adds marking read (which must arrive as events, so a rebuild keeps it).
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
  is_read: boolean;
  read_at: string | null;
  created_at: string;
  source_event_id: string;
}

export interface AdminNotificationsTables {
  notifications: AdminNotificationRow;
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

/** Pure: the notification an event raises, or null when it raises none. */
export function toAdminNotification(e: RecordedEvent): AdminNotificationRow | null {
  switch (e.type) {
    case 'ContactMessageReceived': {
      const d = ContactEvents.ContactMessageReceived.parse(e.data);
      return {
        id: e.eventId,
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
        is_read: false,
        read_at: null,
        created_at: e.occurredAt,
        source_event_id: e.eventId,
      };
    }
    default:
      return null;
  }
}

// 11 columns a row: stay well under Postgres' 65,535 parameters per statement.
const CHUNK = 1000;

export const adminNotificationsProjection: Projection<AdminNotificationsTables> = {
  name: 'admin-notifications',
  version: 1,
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
      .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('read_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('source_event_id', 'uuid', (c) => c.notNull().unique())
      .execute();
    // The panel lists newest first, optionally only unread; the bell counts unread.
    await db.schema
      .withSchema(schema)
      .createIndex('notifications_created_idx')
      .on('notifications')
      .columns(['created_at desc', 'id desc'])
      .execute();
    await db.schema
      .withSchema(schema)
      .createIndex('notifications_unread_idx')
      .on('notifications')
      .columns(['created_at desc', 'id desc'])
      .where(sql.ref('is_read'), '=', false)
      .execute();
  },

  async apply({ db }, events) {
    const rows = events.map(toAdminNotification).filter((r) => r !== null);
    for (let i = 0; i < rows.length; i += CHUNK) {
      await db
        .insertInto('notifications')
        .values(rows.slice(i, i + CHUNK))
        // The runner already skips what it has applied; this keeps a replay harmless too.
        .onConflict((oc) => oc.column('source_event_id').doNothing())
        .execute();
    }
  },
};
