import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has run; add a new one.
// One live code per identifier and purpose, held by the database itself: issuance is
// serialised by an advisory lock, and this index refuses any code path that forgets to.
export async function up(db: Kysely<any>): Promise<void> {
  // Codes issued in parallel before this migration: all but the newest become void.
  await sql`
    update auth_otp_challenges c set voided_at = now()
    where voided_at is null and consumed_at is null
      and exists (
        select 1 from auth_otp_challenges n
        where n.identifier = c.identifier and n.purpose = c.purpose
          and n.voided_at is null and n.consumed_at is null
          and (n.created_at, n.id) > (c.created_at, c.id)
      )`.execute(db);
  await sql`create unique index auth_otp_challenges_one_live_idx
    on auth_otp_challenges (identifier, purpose)
    where voided_at is null and consumed_at is null`.execute(db);
  // The daily cap counts an account's codes across its identifiers.
  await sql`create index auth_otp_challenges_user_idx
    on auth_otp_challenges (user_id, created_at) where user_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index auth_otp_challenges_user_idx`.execute(db);
  await sql`drop index auth_otp_challenges_one_live_idx`.execute(db);
}
