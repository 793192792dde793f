import type { ColumnType, JSONColumnType } from 'kysely';
import type { Channel } from './message-port.js';

export type MessageStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'dead';
export type Provider = 'outbox' | 'smtp' | 'fast2sms';

export interface MessageTemplate {
  id: string;
  variables: string[];
}

export interface OutboxMessagesTable {
  id: string;
  channel: Channel;
  /** Normalised: lower-case email, or the 10-digit mobile number. */
  recipient: string;
  subject: string | null;
  body: string;
  html: string | null;
  purpose: string;
  template: JSONColumnType<MessageTemplate | null, string | null, string | null>;
  correlation_id: string | null;
  idempotency_key: string | null;
  status: MessageStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date;
  last_error: string | null;
  provider: Provider | null;
  provider_message_id: string | null;
  created_at: ColumnType<Date, Date, never>;
  sent_at: Date | null;
  /**
   * The text, html and template of a message holding a one-time code, as delivered; the
   * columns above hold them masked. Null once the message is sent or given up (kept for
   * the dev outbox only when OUTBOX_API=1 outside production).
   */
  sealed_body: string | null;
  sealed_html: string | null;
  sealed_template: JSONColumnType<MessageTemplate | null, string | null, string | null>;
  /** When the retention purge emptied the subject and body. */
  body_purged_at: Date | null;
}

export interface MessagingDatabase {
  outbox_messages: OutboxMessagesTable;
}
