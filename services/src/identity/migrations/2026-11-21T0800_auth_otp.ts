import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has run; add a new one.
// One-time codes are short-lived security state, not business history: a table,
// not events. Codes are stored only as HMACs.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_otp_challenges')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('login', 'password_reset')`))
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid')
    .addColumn('code_hash', 'bytea', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('voided_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('client_ip', 'text')
    .execute();
  await db.schema
    .createIndex('auth_otp_challenges_identifier_idx')
    .on('auth_otp_challenges')
    .columns(['identifier', 'purpose', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auth_otp_challenges').execute();
}
