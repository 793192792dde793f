import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has run; add a new one.
// A NOTIFY inside the append transaction takes a cluster-wide lock at commit and
// holds it through the WAL flush, so appends committed one at a time (no group
// commit). The store now wakes relays itself after commit (event-store.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop trigger events_notify on events`.execute(db);
  await sql`drop function events_notify_appended()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
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
