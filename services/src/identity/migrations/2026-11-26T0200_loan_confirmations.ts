import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has run; add a new one.
// The loan gate's code is bound to the member of staff who asked for it, and a verified
// code becomes a confirmation that one loan (by that member of staff, for that
// customer, within minutes) uses up. Security state like the codes: a table, not events.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auth_otp_challenges').addColumn('requested_by', 'uuid').execute();
  await db.schema
    .createTable('loan_confirmations')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('customer_uuid', 'uuid', (c) => c.notNull())
    .addColumn('staff_user_id', 'uuid', (c) => c.notNull())
    .addColumn('verified_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    // The loan it opened (its stream uuid), once opened.
    .addColumn('loan_uuid', 'uuid')
    .execute();
  await sql`create index loan_confirmations_open_idx
    on loan_confirmations (customer_uuid, staff_user_id, verified_at desc)
    where consumed_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('loan_confirmations').execute();
  await db.schema.alterTable('auth_otp_challenges').dropColumn('requested_by').execute();
}
