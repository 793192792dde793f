import type { LoanState } from '../lending/loan.state.js';
import { loadCustomer } from '../customers/customer-commands.js';
import { InvalidMessageError, type MessageSender } from '../messaging/message-port.js';
import type { EventStore } from '../platform/event-store/event-store.js';

export interface CustomerContact {
  name: string;
  mobile: string;
  email: string | null;
}

/**
 * Where to reach a loan's customer now: the customer's stream (staff may have changed a
 * number since the loan was made), else the loan's snapshot.
 */
export async function customerContact(store: EventStore, loan: LoanState): Promise<CustomerContact> {
  const snapshot = loan.customer;
  if (!snapshot) throw new Error('a loan without a customer');
  const { state } = await loadCustomer(store, snapshot.customerStreamId.replace(/^customer-/, ''));
  const profile = state?.profile ?? snapshot;
  return { name: profile.name, mobile: profile.primaryMobile, email: profile.email };
}

export interface CustomerNotice {
  /** snake_case, e.g. `gold_return_reminder`; also the DLT template's key. */
  purpose: string;
  subject: string;
  sms: string;
  email: string;
  /** The SMS template's variables, used when a DLT template is configured for `purpose`. */
  smsVariables: string[];
  /** Per channel: `<key>:sms`, `<key>:email`; a repeat queues nothing new. */
  idempotencyKey: string;
  correlationId?: string;
}

/**
 * An SMS to the primary mobile and, when there is one, an email: each queued in the
 * outbox on its own, so a bad address on one channel does not stop the other.
 * Returns the recipients queued.
 */
export async function sendCustomerNotice(
  messages: MessageSender,
  contact: CustomerContact,
  notice: CustomerNotice,
  smsTemplates: Readonly<Record<string, string>> = {},
): Promise<string[]> {
  const sentTo: string[] = [];
  const template = smsTemplates[notice.purpose];
  const common = { purpose: notice.purpose, correlationId: notice.correlationId };
  const attempts = [
    {
      ...common,
      channel: 'sms' as const,
      to: contact.mobile,
      text: notice.sms,
      idempotencyKey: `${notice.idempotencyKey}:sms`,
      ...(template ? { template: { id: template, variables: notice.smsVariables } } : {}),
    },
    ...(contact.email
      ? [
          {
            ...common,
            channel: 'email' as const,
            to: contact.email,
            subject: notice.subject,
            text: notice.email,
            idempotencyKey: `${notice.idempotencyKey}:email`,
          },
        ]
      : []),
  ];
  for (const message of attempts) {
    try {
      await messages.send(message);
      sentTo.push(message.to);
    } catch (error) {
      // A malformed address on file: the other channel may still reach them.
      if (!(error instanceof InvalidMessageError)) throw error;
    }
  }
  return sentTo;
}
