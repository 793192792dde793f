import nodemailer from 'nodemailer';
import { PermanentDeliveryError, type DeliveryAdapter } from './delivery-adapter.js';

export interface SmtpAdapterOptions {
  /** e.g. smtp://user:pass@host:587 or smtps://user:pass@host:465 */
  url: string;
  /** e.g. 'GoldLedger <no-reply@goldledger.local>' */
  from: string;
  /** Upper bound for one send, connection included. */
  timeoutMs: number;
}

/** The domain of the From address: our Message-IDs are made under it. */
function senderDomain(from: string): string {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'goldledger.local';
}

export function createSmtpAdapter(options: SmtpAdapterOptions): DeliveryAdapter {
  const { timeoutMs } = options;
  // A small pool: reminder runs send bursts, and a handshake per mail would dominate.
  const transport = nodemailer.createTransport(
    {
      url: options.url,
      pool: true,
      maxConnections: 3,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    },
    { from: options.from },
  );
  const domain = senderDomain(options.from);
  return {
    provider: 'smtp',
    async deliver(m) {
      try {
        const info = await transport.sendMail({
          to: m.recipient,
          subject: m.subject ?? '',
          text: m.body,
          ...(m.html ? { html: m.html } : {}),
          // Our row id as Message-ID: a retry after an unclear outcome (timeout after the
          // server took the mail) reaches the mailbox with the same id, which clients dedupe.
          messageId: `<${m.id}@${domain}>`,
          signal: AbortSignal.timeout(timeoutMs),
        });
        return { providerMessageId: info.serverMessageId ?? info.messageId };
      } catch (error) {
        const e = error as { permanent?: unknown; command?: unknown; message?: unknown };
        // Only a recipient refused for good is hopeless; a refused login or sender is
        // a configuration problem that a retry after the fix will get past.
        if (e.permanent === true && e.command === 'RCPT TO')
          throw new PermanentDeliveryError(String(e.message), { cause: error });
        throw error;
      }
    },
    async close() {
      transport.close();
    },
  };
}
