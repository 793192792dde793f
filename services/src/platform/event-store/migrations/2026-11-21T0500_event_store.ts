import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has run; add a new one.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('streams')
    .addColumn('stream_id', 'text', (c) => c.primaryKey())
    .addColumn('stream_type', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull().check(sql`version > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await sql`create sequence events_global_position_seq as bigint`.execute(db);

  await db.schema
    .createTable('events')
    .addColumn('global_position', 'bigint', (c) =>
      c.notNull().defaultTo(sql`nextval('events_global_position_seq')`),
    )
    .addColumn('transaction_id', sql`xid8`, (c) => c.notNull().defaultTo(sql`pg_current_xact_id()`))
    .addColumn('stream_id', 'text', (c) => c.notNull().references('streams.stream_id'))
    .addColumn('stream_position', 'bigint', (c) => c.notNull().check(sql`stream_position > 0`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('schema_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('events_pkey', ['stream_id', 'stream_position'])
    .execute();
  await sql`alter sequence events_global_position_seq owned by events.global_position`.execute(db);
  await db.schema
    .createIndex('events_transaction_id_global_position_idx')
    .on('events')
    .columns(['transaction_id', 'global_position'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    .addColumn('stream_id', 'text', (c) => c.notNull())
    .addColumn('first_stream_position', 'bigint', (c) => c.notNull())
    .addColumn('next_expected_version', 'bigint', (c) => c.notNull())
    .addColumn('event_ids', sql`uuid[]`, (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // The log is append-only: history is corrected by new events, never by edits.
  await sql`
    create function events_are_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'events are append-only: % is not allowed', tg_op
        using errcode = 'restrict_violation';
    end $$`.execute(db);
  await sql`
    create trigger events_append_only
    before update or delete on events
    for each row execute function events_are_append_only()`.execute(db);
  await sql`
    create trigger events_no_truncate
    before truncate on events
    for each statement execute function events_are_append_only()`.execute(db);

  // Wake relays as soon as a batch commits (NOTIFY is delivered at commit).
  await sql`
    create function events_notify_appended() returns trigger language plpgsql as $$
    begin
      perform pg_notify('goldledger_events_appended', '');
      return null;
    end $$`.execute(db);
  await sql`
    create trigger events_notify
    after insert on events
    for each statement execute function events_notify_appended()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await sql`drop trigger events_notify on events`.execute(db);
  await sql`drop function events_notify_appended()`.execute(db);
  await sql`drop trigger events_no_truncate on events`.execute(db);
  await sql`drop trigger events_append_only on events`.execute(db);
  await db.schema.dropTable('events').execute();
  await sql`drop function events_are_append_only()`.execute(db);
  await db.schema.dropTable('streams').execute();
}
