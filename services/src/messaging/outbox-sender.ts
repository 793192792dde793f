import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../platform/clock.js';
import { parseOutgoingMessage, type MessageSender, type OutgoingMessage } from './message-port.js';
import type { MessageTemplate } from './outbox-messages.schema.js';
import type { Database } from '../platform/platform.js';

/** What the admin outbox shows in place of a one-time code. */
export const MASKED_CODE = '••••••';

function masker(secrets: readonly string[]) {
  return (text: string) => secrets.reduce((t, secret) => t.replaceAll(secret, MASKED_CODE), text);
}

/**
 * The port's one implementation: a message is a row in `outbox_messages`, written in
 * its own statement, so delivery trouble can never reach the caller or its events.
 */
export class OutboxSender implements MessageSender {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    /** Told after each new row, so an in-process dispatcher need not wait for its poll. */
    private readonly onQueued: () => void = () => undefined,
  ) {}

  async send(message: OutgoingMessage): Promise<{ id: string }> {
    const m = parseOutgoingMessage(message);
    const now = this.clock.now();
    const secrets = m.secrets ?? [];
    const mask = masker(secrets);
    const template: MessageTemplate | null = m.template ?? null;
    const sealed = secrets.length > 0;
    const inserted = await this.db
      .insertInto('outbox_messages')
      .values({
        id: randomUUID(),
        channel: m.channel,
        recipient: m.to,
        subject: m.subject ?? null,
        body: mask(m.text),
        html: m.html === undefined ? null : mask(m.html),
        purpose: m.purpose,
        template: template && JSON.stringify({ ...template, variables: template.variables.map(mask) }),
        // The code itself only where the delivery reads it, never where the admin list does.
        sealed_body: sealed ? m.text : null,
        sealed_html: sealed ? (m.html ?? null) : null,
        sealed_template: sealed && template ? JSON.stringify(template) : null,
        correlation_id: m.correlationId ?? null,
        idempotency_key: m.idempotencyKey ?? null,
        status: 'queued',
        next_attempt_at: now,
        created_at: now,
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      this.onQueued();
      return { id: inserted.id };
    }
    // The key was used before: that first message stands for this one.
    const first = await this.db
      .selectFrom('outbox_messages')
      .select('id')
      .where('idempotency_key', '=', m.idempotencyKey!)
      .executeTakeFirstOrThrow();
    return { id: first.id };
  }
}
