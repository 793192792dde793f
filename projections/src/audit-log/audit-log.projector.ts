import type { Kysely } from 'kysely';
import type { RecordedEvent } from '@goldledger/contracts';
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
}

export interface AuditLogTables {
  audit_log: AuditLogRow;
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
    client_ip: e.metadata.clientIp ?? null,
    correlation_id: e.metadata.correlationId ?? null,
    occurred_at: e.occurredAt,
    recorded_at: e.recordedAt,
  };
}

// 14 columns a row: stay well under Postgres' 65,535 parameters per statement.
const CHUNK = 1000;

export const auditLogProjection: Projection<AuditLogTables> = {
  name: 'audit-log',
  // 2: an index by event type (the reports' upgrades per month read every RateUpgraded).
  version: 2,
  schema: 'rm_audit_log',

  async createTables(db: Kysely<any>, schema: string) {
    await db.schema
      .withSchema(schema)
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
      .execute();
    await db.schema
      .withSchema(schema)
      .createIndex('audit_log_stream_idx')
      .on('audit_log')
      .columns(['stream_id', 'stream_position'])
      .execute();
    await db.schema
      .withSchema(schema)
      .createIndex('audit_log_actor_idx')
      .on('audit_log')
      .columns(['actor_id', 'recorded_at'])
      .execute();
    await db.schema
      .withSchema(schema)
      .createIndex('audit_log_type_idx')
      .on('audit_log')
      .columns(['event_type', 'stream_id', 'stream_position'])
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
  },
};
