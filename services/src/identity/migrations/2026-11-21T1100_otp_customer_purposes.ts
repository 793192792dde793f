import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has run; add a new one.
// Customers prove their mobile with a code too: when staff register them, and again
// at the gate before a loan form.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table auth_otp_challenges drop constraint auth_otp_challenges_purpose_check`.execute(db);
  await sql`alter table auth_otp_challenges add constraint auth_otp_challenges_purpose_check
    check (purpose in ('login', 'password_reset', 'customer_verification', 'loan'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table auth_otp_challenges drop constraint auth_otp_challenges_purpose_check`.execute(db);
  await sql`alter table auth_otp_challenges add constraint auth_otp_challenges_purpose_check
    check (purpose in ('login', 'password_reset'))`.execute(db);
}
