import { sql, type Kysely } from 'kysely';

export interface CheckpointsTable {
  projection: string;
  version: number;
  transaction_id: string;
  global_position: string;
  events_applied: string;
  updated_at: Date;
}

export interface DeadLettersTable {
  id: string;
  projection: string;
  event_id: string;
  stream_id: string;
  event_type: string;
  transaction_id: string;
  global_position: string;
  event: unknown;
  error: string;
  attempts: number;
  parked_at: Date;
}

export interface RuntimeDatabase {
  projection_checkpoints: CheckpointsTable;
  projection_dead_letters: DeadLettersTable;
}

/** Idempotent: the runner's own tables, shared by all projections. */
export async function ensureRuntimeTables(db: Kysely<any>): Promise<void> {
  // Several processes may start at once; serialise the DDL on an advisory lock.
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('goldledger:projection-runtime-ddl'))`.execute(trx);
    await sql`
      create table if not exists projection_checkpoints (
        projection text primary key,
        version integer not null,
        transaction_id xid8 not null default '0',
        global_position bigint not null default 0,
        events_applied bigint not null default 0,
        updated_at timestamptz not null default now()
      )`.execute(trx);
    await sql`
      create table if not exists projection_dead_letters (
        id bigserial primary key,
        projection text not null,
        event_id uuid not null,
        stream_id text not null,
        event_type text not null,
        transaction_id xid8 not null,
        global_position bigint not null,
        event jsonb not null,
        error text not null,
        attempts integer not null,
        parked_at timestamptz not null default now(),
        unique (projection, event_id)
      )`.execute(trx);
  });
}
