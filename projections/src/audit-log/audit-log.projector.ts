import { sql, type Kysely } from 'kysely';
import { STAFF_LOOKUP_STREAM_TYPE, staffLookupDetail, type RecordedEvent } from '@goldledger/contracts';
import type { Projection } from '../runtime/projection.js';

/** Who did what, when and from where: one row per event, searchable by admins. */
export interface AuditLogRow {
  global_position: string;
  transaction_id: string;
  event_id: string;
  stream_id: string;
  stream_type: string;
  stream_position: number;
  event_type: string;
  actor_id: string | null;
  actor_role: string | null;
  actor_name: string | null;
  client_ip: string | null;
  correlation_id: string | null;
  occurred_at: string;
  recorded_at: string;
  /**
   * What the event type alone does not say, for the events written for the audit log:
   * a staff lookup's masked Aadhar number and whether it was found, a search's masked
   * text and its result count. Null for every other event (the log holds no event data).
   */
  detail: string | null;
}

/** Everyone who has acted, under each name they acted with: resolves "actor contains …" to ids. */
export interface AuditActorRow {
  actor_id: string;
  actor_name: string;
  /** The role of their latest event. */
  actor_role: string;
  events: string;
  last_recorded_at: string;
}

/** Every event type seen, with its count: the admin search's event-type choices. */
export interface AuditEventTypeRow {
  event_type: string;
  events: string;
  last_recorded_at: string;
}

export interface AuditLogTables {
  audit_log: AuditLogRow;
  audit_actors: AuditActorRow;
  audit_event_types: AuditEventTypeRow;
}

/**
 * An IPv4 client behind a dual-stack socket reads `::ffff:203.0.113.7`; the log keeps
 * `203.0.113.7`, so one address is one value and an IPv4 prefix search finds it.
 */
export function normalizeClientIp(ip: string | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped ? mapped[1]! : ip.toLowerCase();
}

/** Pure: the audit row of one event. */
export function toAuditRow(e: RecordedEvent): AuditLogRow {
  return {
    global_position: e.position.globalPosition,
    transaction_id: e.position.transactionId,
    event_id: e.eventId,
    stream_id: e.streamId,
    stream_type: e.streamType,
    stream_position: e.streamPosition,
    event_type: e.type,
    actor_id: e.metadata.actor?.id ?? null,
    actor_role: e.metadata.actor?.role ?? null,
    actor_name: e.metadata.actor?.name ?? null,
    client_ip: normalizeClientIp(e.metadata.clientIp),
    correlation_id: e.metadata.correlationId ?? null,
    occurred_at: e.occurredAt,
    recorded_at: e.recordedAt,
    detail: e.streamType === STAFF_LOOKUP_STREAM_TYPE ? staffLookupDetail(e.type, e.data) : null,
  };
}

/** The batch's actors and event types with their counts, to add to the facet tables. */
export function auditFacets(rows: readonly AuditLogRow[]): {
  actors: AuditActorRow[];
  eventTypes: AuditEventTypeRow[];
} {
  const actors = new Map<string, AuditActorRow & { n: number }>();
  const types = new Map<string, AuditEventTypeRow & { n: number }>();
  const later = (a: string, b: string) => (new Date(a) >= new Date(b) ? a : b);
  for (const r of rows) {
    if (r.actor_id) {
      const name = r.actor_name ?? '';
      const key = JSON.stringify([r.actor_id, name]);
      const seen = actors.get(key);
      if (!seen) {
        actors.set(key, {
          actor_id: r.actor_id,
          actor_name: name,
          actor_role: r.actor_role ?? '',
          events: '1',
          last_recorded_at: r.recorded_at,
          n: 1,
        });
      } else {
        seen.n += 1;
        // Rows arrive in store order: the last one carries the current role.
        seen.actor_role = r.actor_role ?? seen.actor_role;
        seen.last_recorded_at = later(seen.last_recorded_at, r.recorded_at);
      }
    }
    const type = types.get(r.event_type);
    if (!type) {
      types.set(r.event_type, {
        event_type: r.event_type,
        events: '1',
        last_recorded_at: r.recorded_at,
        n: 1,
      });
    } else {
      type.n += 1;
      type.last_recorded_at = later(type.last_recorded_at, r.recorded_at);
    }
  }
  return {
    actors: [...actors.values()].map(({ n, ...a }) => ({ ...a, events: String(n) })),
    eventTypes: [...types.values()].map(({ n, ...t }) => ({ ...t, events: String(n) })),
  };
}

// 15 columns a row: stay well under Postgres' 65,535 parameters per statement.
const CHUNK = 1000;

export const auditLogProjection: Projection<AuditLogTables> = {
  name: 'audit-log',
  // 2: an index by event type (the reports' upgrades per month read every RateUpgraded).
  // 3: the admins' audit search (services/src/audit): newest-first indexes for each
  //    filter, ending in (recorded_at, global_position) so a filtered page is an index
  //    range read in order, never a sort of every match; the actor and event-type facet
  //    tables; IPv4-mapped IPv6 addresses stored as plain IPv4.
  // 4: `detail`, what a staff lookup event says beyond its type (issue 15: the Aadhar oracle).
  version: 4,
  schema: 'rm_audit_log',

  async createTables(db: Kysely<any>, schema: string) {
    const s = db.schema.withSchema(schema);
    await s
      .createTable('audit_log')
      .addColumn('global_position', 'bigint', (c) => c.primaryKey())
      .addColumn('transaction_id', 'text', (c) => c.notNull())
      .addColumn('event_id', 'uuid', (c) => c.notNull().unique())
      .addColumn('stream_id', 'text', (c) => c.notNull())
      .addColumn('stream_type', 'text', (c) => c.notNull())
      .addColumn('stream_position', 'integer', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text')
      .addColumn('actor_role', 'text')
      .addColumn('actor_name', 'text')
      .addColumn('client_ip', 'text')
      .addColumn('correlation_id', 'text')
      .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
      .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
      .addColumn('detail', 'text')
      .execute();
    await s
      .createIndex('audit_log_stream_idx')
      .on('audit_log')
      .columns(['stream_id', 'stream_position'])
      .execute();
    // The reports' upgrades per month: every RateUpgraded, by loan, in stream order.
    await s
      .createIndex('audit_log_type_idx')
      .on('audit_log')
      .columns(['event_type', 'stream_id', 'stream_position'])
      .execute();
    // The audit search lists newest first by (recorded_at, global_position); a filter's
    // index ends in those columns, so its page is read in order and stops at the limit.
    const newest = ['recorded_at', 'global_position'];
    await s.createIndex('audit_log_recorded_idx').on('audit_log').columns(newest).execute();
    await s
      .createIndex('audit_log_actor_idx')
      .on('audit_log')
      .columns(['actor_id', ...newest])
      .execute();
    await s
      .createIndex('audit_log_role_idx')
      .on('audit_log')
      .columns(['actor_role', ...newest])
      .execute();
    await s
      .createIndex('audit_log_type_time_idx')
      .on('audit_log')
      .columns(['event_type', ...newest])
      .execute();
    // text_pattern_ops: `client_ip like '10.1.%'` is an index range whatever the collation.
    await sql`create index audit_log_ip_idx on ${sql.table(`${schema}.audit_log`)}
      (client_ip text_pattern_ops, recorded_at, global_position)`.execute(db);
    await s.createIndex('audit_log_correlation_idx').on('audit_log').column('correlation_id').execute();

    await s
      .createTable('audit_actors')
      .addColumn('actor_id', 'text', (c) => c.notNull())
      .addColumn('actor_name', 'text', (c) => c.notNull())
      .addColumn('actor_role', 'text', (c) => c.notNull())
      .addColumn('events', 'bigint', (c) => c.notNull())
      .addColumn('last_recorded_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('audit_actors_pk', ['actor_id', 'actor_name'])
      .execute();
    await s
      .createTable('audit_event_types')
      .addColumn('event_type', 'text', (c) => c.primaryKey())
      .addColumn('events', 'bigint', (c) => c.notNull())
      .addColumn('last_recorded_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },

  async apply({ db }, events) {
    const rows = events.map(toAuditRow);
    for (let i = 0; i < rows.length; i += CHUNK) {
      await db
        .insertInto('audit_log')
        .values(rows.slice(i, i + CHUNK))
        .execute();
    }
    const { actors, eventTypes } = auditFacets(rows);
    for (let i = 0; i < actors.length; i += CHUNK) {
      await db
        .insertInto('audit_actors')
        .values(actors.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc.columns(['actor_id', 'actor_name']).doUpdateSet({
            events: sql`audit_actors.events + excluded.events`,
            actor_role: sql`excluded.actor_role`,
            last_recorded_at: sql`greatest(audit_actors.last_recorded_at, excluded.last_recorded_at)`,
          }),
        )
        .execute();
    }
    if (eventTypes.length > 0) {
      await db
        .insertInto('audit_event_types')
        .values(eventTypes)
        .onConflict((oc) =>
          oc.column('event_type').doUpdateSet({
            events: sql`audit_event_types.events + excluded.events`,
            last_recorded_at: sql`greatest(audit_event_types.last_recorded_at, excluded.last_recorded_at)`,
          }),
        )
        .execute();
    }
  },
};
