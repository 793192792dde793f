import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../platform/clock.js';
import { parseOutgoingMessage, type MessageSender, type OutgoingMessage } from './message-port.js';
import type { Database } from '../platform/platform.js';

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
    const inserted = await this.db
      .insertInto('outbox_messages')
      .values({
        id: randomUUID(),
        channel: m.channel,
        recipient: m.to,
        subject: m.subject ?? null,
        body: m.text,
        html: m.html ?? null,
        purpose: m.purpose,
        template: m.template ? JSON.stringify(m.template) : null,
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
