import type { Kysely } from 'kysely';
import { normaliseEmail, normaliseMobile, type Channel } from './message-port.js';
import type { MessageStatus, MessageTemplate, Provider } from './outbox-messages.schema.js';
import type { Database } from '../platform/platform.js';

export interface OutboxFilter {
  /** As the caller writes it: `+91 98765 43210` finds the row stored as `9876543210`. */
  to?: string;
  channel?: Channel;
  status?: MessageStatus;
  /** Page size; at most 500. */
  limit: number;
  /** The id of the last message of the previous page: only older ones follow. */
  before?: string;
}

export interface OutboxEntry {
  id: string;
  channel: Channel;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  purpose: string;
  template: MessageTemplate | null;
  correlationId: string | null;
  status: MessageStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  provider: Provider | null;
  providerMessageId: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

export const MAX_OUTBOX_PAGE = 500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The stored form of a recipient searched for, whichever way it was written. */
function recipientForm(to: string, channel: Channel | undefined): string {
  if (channel === 'email' || (channel === undefined && to.includes('@'))) return normaliseEmail(to);
  return normaliseMobile(to) ?? to.trim();
}

/**
 * Messages newest first, for the admin outbox list and the dev/test look-up of the
 * last OTP sent to someone. Pages by (created_at, id), so equal times never skip rows.
 */
export function listOutbox(db: Kysely<Database>, filter: OutboxFilter): Promise<OutboxEntry[]> {
  return queryOutbox(db, filter, false);
}

/**
 * The same list with one-time codes as sent: only for GET /api/dev/outbox (OUTBOX_API=1,
 * refused in production), where tests and the demo read their codes.
 */
export function listDevOutbox(db: Kysely<Database>, filter: OutboxFilter): Promise<OutboxEntry[]> {
  return queryOutbox(db, filter, true);
}

async function queryOutbox(
  db: Kysely<Database>,
  filter: OutboxFilter,
  withCodes: boolean,
): Promise<OutboxEntry[]> {
  const limit = Math.min(Math.max(Math.trunc(filter.limit), 1), MAX_OUTBOX_PAGE);
  let query = db.selectFrom('outbox_messages as m').selectAll('m');
  if (filter.to !== undefined)
    query = query.where('m.recipient', '=', recipientForm(filter.to, filter.channel));
  if (filter.channel) query = query.where('m.channel', '=', filter.channel);
  if (filter.status) query = query.where('m.status', '=', filter.status);
  if (filter.before !== undefined) {
    const before = filter.before;
    if (!UUID.test(before)) throw new RangeError(`before must be a message id, got "${before}"`);
    query = query.where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('m.created_at', 'm.id'),
        '<',
        selectFrom('outbox_messages as b')
          .select(['b.created_at', 'b.id'])
          .where('b.id', '=', before)
          .$asTuple('created_at', 'id'),
      ),
    );
  }
  const rows = await query.orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    to: r.recipient,
    subject: r.subject,
    text: (withCodes && r.sealed_body) || r.body,
    html: withCodes && r.sealed_body !== null ? r.sealed_html : r.html,
    purpose: r.purpose,
    template: (withCodes && r.sealed_template) || r.template,
    correlationId: r.correlation_id,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.next_attempt_at,
    lastError: r.last_error,
    provider: r.provider,
    providerMessageId: r.provider_message_id,
    createdAt: r.created_at,
    sentAt: r.sent_at,
  }));
}
