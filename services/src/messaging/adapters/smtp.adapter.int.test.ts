import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-infra.js';
import { FixedClock } from '../../platform/clock.js';
import { loadConfig } from '../../platform/config.js';
import { createLogger } from '../../platform/logger.js';
import { createMessaging } from '../messaging.js';
import { PermanentDeliveryError, type DeliverableMessage } from './delivery-adapter.js';
import { createSmtpAdapter } from './smtp.adapter.js';

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
let server: SMTPServer;
let port: number;
const received: Received[] = [];
/** What the server answers to RCPT TO for an address, by address. */
const rcptReplies = new Map<string, { code: number; text: string }>();

beforeAll(async () => {
  server = new SMTPServer({
    // No TLS here: the point is what arrives, and a self-signed certificate would be refused.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'clerk' && auth.password === 's3cret') callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      const reply = rcptReplies.get(address.address);
      if (reply) callback(Object.assign(new Error(reply.text), { responseCode: reply.code }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
  rcptReplies.clear();
});

const message = (over: Partial<DeliverableMessage> = {}): DeliverableMessage => ({
  id: '6f1c2b8e-3d4a-4e5f-9a0b-1c2d3e4f5a6b',
  channel: 'email',
  recipient: 'asha@example.com',
  subject: 'Your GoldLedger receipt',
  body: 'Payment of Rs 5,000 received for loan GL-0042.',
  html: '<p>Payment of <b>Rs 5,000</b> received for loan GL-0042.</p>',
  purpose: 'payment_receipt',
  template: null,
  correlationId: null,
  ...over,
});

const adapter = (user = 'clerk', pass = 's3cret') =>
  createSmtpAdapter({
    url: `smtp://${user}:${pass}@127.0.0.1:${port}`,
    from: 'GoldLedger <no-reply@goldledger.test>',
    timeoutMs: 5000,
  });

describe('the SMTP adapter', () => {
  it('delivers the recipient, subject and body to the SMTP server, logged in', async () => {
    const smtp = adapter();
    try {
      const result = await smtp.deliver(message());
      expect(result.providerMessageId).toBeTruthy();
    } finally {
      await smtp.close?.();
    }
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail).toMatchObject({ from: 'no-reply@goldledger.test', to: ['asha@example.com'], user: 'clerk' });
    expect(mail.raw).toMatch(/^Subject: Your GoldLedger receipt\r?$/m);
    expect(mail.raw).toMatch(/^To: asha@example\.com\r?$/m);
    expect(mail.raw).toMatch(/^From: GoldLedger <no-reply@goldledger\.test>\r?$/m);
    expect(mail.raw).toContain('Payment of Rs 5,000 received for loan GL-0042.');
    expect(mail.raw).toContain('<b>Rs 5,000</b>');
    // Our row id names the mail, so a repeated send is recognisably the same mail.
    expect(mail.raw).toMatch(/^Message-ID: <6f1c2b8e-3d4a-4e5f-9a0b-1c2d3e4f5a6b@goldledger\.test>\r?$/m);
  });

  it('calls a recipient refused for good (550) a permanent failure', async () => {
    rcptReplies.set('gone@example.com', { code: 550, text: 'No such mailbox' });
    const smtp = adapter();
    try {
      const failure = smtp.deliver(message({ recipient: 'gone@example.com' }));
      await expect(failure).rejects.toBeInstanceOf(PermanentDeliveryError);
      await expect(failure).rejects.toThrow(/550/);
    } finally {
      await smtp.close?.();
    }
  });

  it('leaves a temporary refusal (451) to be retried', async () => {
    rcptReplies.set('busy@example.com', { code: 451, text: 'Mailbox busy, try later' });
    const smtp = adapter();
    try {
      const failure = smtp.deliver(message({ recipient: 'busy@example.com' }));
      await expect(failure).rejects.toThrow(/451/);
      await expect(failure).rejects.not.toBeInstanceOf(PermanentDeliveryError);
    } finally {
      await smtp.close?.();
    }
  });

  it('leaves a refused login to be retried: fixing the password should get the mail out', async () => {
    const smtp = adapter('clerk', 'wrong');
    try {
      const failure = smtp.deliver(message());
      await expect(failure).rejects.toThrow(/535|Invalid login/i);
      await expect(failure).rejects.not.toBeInstanceOf(PermanentDeliveryError);
    } finally {
      await smtp.close?.();
    }
    expect(received).toEqual([]);
  });
});

describe('email with SMTP_URL set', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('msg_smtp');
  });
  afterAll(async () => t?.drop());

  it('goes from send() through the dispatcher to the SMTP server, and the row says so', async () => {
    const clock = new FixedClock('2026-11-21T04:30:00Z');
    const config = loadConfig({
      SMTP_URL: `smtp://clerk:s3cret@127.0.0.1:${port}`,
      SMTP_FROM: 'GoldLedger Branch <branch@goldledger.test>',
    });
    const messaging = createMessaging(config, t.db, clock, createLogger('silent'));
    try {
      const { id } = await messaging.sender.send({
        channel: 'email',
        to: 'Ravi@Example.com',
        subject: 'Welcome to GoldLedger',
        text: 'Your staff account is ready.',
        purpose: 'staff_welcome',
      });
      expect(await messaging.dispatcher.drainOnce()).toMatchObject({ claimed: 1, sent: 1 });
      const [entry] = await messaging.list({ to: 'ravi@example.com', limit: 1 });
      expect(entry).toMatchObject({ id, status: 'sent', provider: 'smtp', attempts: 1 });
      expect(entry!.providerMessageId).toBeTruthy();
    } finally {
      await messaging.close();
    }
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['ravi@example.com']);
    expect(received[0]!.raw).toMatch(/^Subject: Welcome to GoldLedger\r?$/m);
    expect(received[0]!.raw).toContain('Your staff account is ready.');
  });
});
