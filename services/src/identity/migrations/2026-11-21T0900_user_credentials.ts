import type { Kysely } from 'kysely';

// Frozen in time: never edit a migration that has run; add a new one.
// Password hashes are kept out of the event log (which is permanent and replayed):
// the log records that a password was set (PasswordSet), this table holds the hash.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_credentials')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_credentials').execute();
}
