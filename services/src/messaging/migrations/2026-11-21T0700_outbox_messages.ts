import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has run; add a new one.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('template', 'jsonb')
    .addColumn('correlation_id', 'text')
    // A caller that may repeat itself (a re-run scheduler job) names the message once.
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('queued', 'sending', 'sent', 'failed', 'dead')`),
    )
    .addColumn('attempts', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`attempts >= 0`),
    )
    // When the message is next due; while `sending`, when the claim lapses.
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('provider', 'text', (c) => c.check(sql`provider in ('outbox', 'smtp', 'fast2sms')`))
    .addColumn('provider_message_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .execute();
  // Only unfinished rows are ever due: a partial index stays small however much history
  // the table keeps, and serves the dispatcher's "due, oldest first" scan in order.
  await sql`
    create index outbox_messages_due_idx on outbox_messages (next_attempt_at)
    where status in ('queued', 'sending', 'failed')`.execute(db);
  await sql`create index outbox_messages_recipient_idx on outbox_messages (recipient, created_at desc)`.execute(
    db,
  );
  // The admin outbox list: newest first, optionally by status.
  await sql`create index outbox_messages_status_created_idx on outbox_messages (status, created_at desc)`.execute(
    db,
  );
  await sql`create index outbox_messages_created_idx on outbox_messages (created_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox_messages').execute();
}
