import type { Channel } from '../message-port.js';
import type { MessageTemplate, Provider } from '../outbox-messages.schema.js';

/** A stored message as an adapter receives it. */
export interface DeliverableMessage {
  id: string;
  channel: Channel;
  recipient: string;
  subject: string | null;
  body: string;
  html: string | null;
  purpose: string;
  template: MessageTemplate | null;
  correlationId: string | null;
}

/** One way out for a channel: the outbox table itself, an SMTP server, an SMS gateway. */
export interface DeliveryAdapter {
  readonly provider: Provider;
  /**
   * Hands the message to the provider; resolves with the provider's id for it once the
   * provider has accepted it. Throws on failure: a PermanentDeliveryError when trying
   * again cannot help, anything else is retried with backoff.
   */
  deliver(message: DeliverableMessage): Promise<{ providerMessageId: string | null }>;
  close?(): Promise<void>;
}

/** The provider refused the message for good (e.g. the mailbox does not exist): no retry. */
export class PermanentDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentDeliveryError';
  }
}
