import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has run; add a new one.
// Custody (issue 16): the second person of a vault movement confirms with a code sent to
// their own mobile, and a customer proves presence at a release with a code of their own.
const ALL = `'login', 'password_reset', 'customer_verification', 'loan', 'custody_confirmation', 'custody_release'`;
const BEFORE = `'login', 'password_reset', 'customer_verification', 'loan'`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table auth_otp_challenges drop constraint auth_otp_challenges_purpose_check`.execute(db);
  await sql
    .raw(
      `alter table auth_otp_challenges add constraint auth_otp_challenges_purpose_check check (purpose in (${ALL}))`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from auth_otp_challenges where purpose in ('custody_confirmation', 'custody_release')`.execute(
    db,
  );
  await sql`alter table auth_otp_challenges drop constraint auth_otp_challenges_purpose_check`.execute(db);
  await sql
    .raw(
      `alter table auth_otp_challenges add constraint auth_otp_challenges_purpose_check check (purpose in (${BEFORE}))`,
    )
    .execute(db);
}
