import { sql, type Kysely } from 'kysely';

/**
 * Rate-limit counters shared by every API process (http/rate-limit-store.ts): one row
 * per limited key, its window starting at the key's first request, counted by an
 * atomic upsert. Times are epoch milliseconds of the database's clock, so replicas agree.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_counters_expires_idx')
    .on('rate_limit_counters')
    .column('expires_at')
    .execute();
  // Counters are worth nothing after a crash: no WAL for them keeps the upsert cheap.
  await sql`alter table rate_limit_counters set unlogged`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').execute();
}
