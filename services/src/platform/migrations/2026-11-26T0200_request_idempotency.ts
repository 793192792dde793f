import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has run; add a new one.
/**
 * The answers to command requests sent with an `Idempotency-Key` (http/idempotency.plugin.ts):
 * one row per caller scope and key, claimed before the handler runs and completed with the
 * answer after it. Rows older than the retention are purged (and ignored until then).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('request_idempotency')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('running', 'completed')`))
    /** Which run holds a running claim; a run whose lease ran out may be taken over. */
    .addColumn('owner', 'uuid', (c) => c.notNull())
    .addColumn('lease_until', 'timestamptz', (c) => c.notNull())
    .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('response_status', 'integer')
    .addColumn('response_headers', 'jsonb')
    .addColumn('response_body', 'bytea')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addPrimaryKeyConstraint('request_idempotency_pkey', ['scope', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('request_idempotency_created_at_idx')
    .on('request_idempotency')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('request_idempotency').execute();
}
