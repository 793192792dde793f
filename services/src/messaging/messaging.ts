import type { Kysely } from 'kysely';
import type { Clock } from '../platform/clock.js';
import { ConfigError, type Config } from '../platform/config.js';
import type { Logger } from '../platform/logger.js';
import type { DeliveryAdapter } from './adapters/delivery-adapter.js';
import { createFast2SmsAdapter } from './adapters/fast2sms.adapter.js';
import { createOutboxAdapter } from './adapters/outbox.adapter.js';
import { createSmtpAdapter } from './adapters/smtp.adapter.js';
import { MessageDispatcher } from './dispatcher.js';
import type { Channel, MessageSender } from './message-port.js';
import { listOutbox, type OutboxEntry, type OutboxFilter } from './outbox-queries.js';
import type { Provider } from './outbox-messages.schema.js';
import { OutboxSender } from './outbox-sender.js';
import type { Database } from '../platform/platform.js';

export type MessagingConfig = Pick<
  Config,
  | 'SMTP_URL'
  | 'SMTP_FROM'
  | 'FAST2SMS_API_KEY'
  | 'FAST2SMS_SENDER_ID'
  | 'FAST2SMS_URL'
  | 'MESSAGING_POLL_MS'
  | 'MESSAGING_BATCH_SIZE'
  | 'MESSAGING_SEND_TIMEOUT_MS'
  | 'MESSAGING_BODY_RETENTION_DAYS'
  | 'OUTBOX_API'
  | 'NODE_ENV'
>;

export interface Messaging {
  /** The port for the rest of the code. */
  sender: MessageSender;
  /** Run it (`dispatcher.run(signal)`) in every process that should deliver; several may. */
  dispatcher: MessageDispatcher;
  list(filter: OutboxFilter): Promise<OutboxEntry[]>;
  /** Which provider each channel goes out through, for logs and the admin page. */
  providers: Readonly<Record<Channel, Provider>>;
  /** Closes provider connections; call after the dispatcher has stopped. */
  close(): Promise<void>;
}

/** A claim outlasts the slowest possible send (every send is bounded by the timeout). */
const MIN_CLAIM_MS = 5 * 60_000;

/** Chooses each channel's way out from config: the outbox table unless a provider is set. */
export function createMessaging(
  config: MessagingConfig,
  db: Kysely<Database>,
  clock: Clock,
  log: Logger,
): Messaging {
  if (config.FAST2SMS_API_KEY && !config.FAST2SMS_SENDER_ID)
    throw new ConfigError(['FAST2SMS_SENDER_ID: required when FAST2SMS_API_KEY is set (missing)']);
  const timeoutMs = config.MESSAGING_SEND_TIMEOUT_MS;
  const outbox = createOutboxAdapter();
  const email: DeliveryAdapter = config.SMTP_URL
    ? createSmtpAdapter({ url: config.SMTP_URL, from: config.SMTP_FROM, timeoutMs })
    : outbox;
  const sms: DeliveryAdapter =
    config.FAST2SMS_API_KEY && config.FAST2SMS_SENDER_ID
      ? createFast2SmsAdapter({
          url: config.FAST2SMS_URL,
          apiKey: config.FAST2SMS_API_KEY,
          senderId: config.FAST2SMS_SENDER_ID,
          timeoutMs,
        })
      : outbox;
  const messagingLog = log.child({ component: 'messaging' });
  const dispatcher = new MessageDispatcher({
    db,
    clock,
    log: messagingLog,
    adapters: { email, sms },
    pollMs: config.MESSAGING_POLL_MS,
    batchSize: config.MESSAGING_BATCH_SIZE,
    claimMs: Math.max(MIN_CLAIM_MS, 4 * timeoutMs),
    keepSealedForDevOutbox: config.OUTBOX_API && config.NODE_ENV !== 'production',
    bodyRetentionDays: config.MESSAGING_BODY_RETENTION_DAYS,
  });
  const sender = new OutboxSender(db, clock, () => dispatcher.wake());
  const providers = { email: email.provider, sms: sms.provider };
  messagingLog.info(providers, 'messaging ready');
  return {
    sender,
    dispatcher,
    list: (filter) => listOutbox(db, filter),
    providers,
    async close() {
      await Promise.all([email.close?.(), sms.close?.()]);
    },
  };
}
