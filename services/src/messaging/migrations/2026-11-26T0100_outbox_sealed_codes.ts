import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has run; add a new one.
// Codes in messages are stored masked in body/html/template (what the admin outbox
// shows) and sealed, for the delivery only, in columns dropped once sent. Bodies of
// finished messages are purged after a retention period.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('outbox_messages')
    .addColumn('sealed_body', 'text')
    .addColumn('sealed_html', 'text')
    .addColumn('sealed_template', 'jsonb')
    .addColumn('body_purged_at', 'timestamptz')
    .execute();
  // Rows from before: finished messages keep no code. (Queued ones go out as they are.)
  await sql`update outbox_messages
    set body = regexp_replace(body, '\\m\\d{6}\\M', '••••••', 'g'),
        html = regexp_replace(html, '\\m\\d{6}\\M', '••••••', 'g'),
        template = null
    where purpose like '%otp' and status in ('sent', 'dead')`.execute(db);
  // The retention purge: finished rows whose body is still there, oldest first.
  await sql`create index outbox_messages_purge_idx on outbox_messages (created_at)
    where body_purged_at is null and status in ('sent', 'dead')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index outbox_messages_purge_idx`.execute(db);
  await db.schema
    .alterTable('outbox_messages')
    .dropColumn('sealed_body')
    .dropColumn('sealed_html')
    .dropColumn('sealed_template')
    .dropColumn('body_purged_at')
    .execute();
}
