import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';
import { FixedClock } from '../platform/clock.js';
import { loadConfig } from '../platform/config.js';
import { createLogger } from '../platform/logger.js';
import {
  PermanentDeliveryError,
  type DeliverableMessage,
  type DeliveryAdapter,
} from './adapters/delivery-adapter.js';
import { createOutboxAdapter } from './adapters/outbox.adapter.js';
import { MessageDispatcher } from './dispatcher.js';
import { InvalidMessageError, type OutgoingMessage } from './message-port.js';
import { createMessaging } from './messaging.js';
import { listOutbox } from './outbox-queries.js';
import { OutboxSender } from './outbox-sender.js';

let t: TestDatabase;
const log = createLogger('silent');
const T0 = '2026-11-21T04:30:00.000Z';
const at = (iso: string) => new Date(iso);
const plus = (ms: number, from = T0) => new Date(new Date(from).getTime() + ms);

beforeAll(async () => {
  t = await createTestDatabase('msg');
});
afterAll(async () => t?.drop());
// Every dispatcher claims whatever is due in the table: each test starts from an empty one.
beforeEach(async () => {
  await sql`delete from outbox_messages`.execute(t.db);
});

const otp = (to: string, code: string): OutgoingMessage => ({
  channel: 'sms',
  to,
  text: `Your GoldLedger login code is ${code}`,
  purpose: 'login_otp',
  template: { id: '171234', variables: [code] },
  correlationId: `login-${code}`,
});

const welcome = (to: string): OutgoingMessage => ({
  channel: 'email',
  to,
  subject: 'Welcome to GoldLedger',
  text: 'Your staff account is ready.',
  purpose: 'staff_welcome',
});

async function row(id: string) {
  return t.db
    .selectFrom('outbox_messages' as any)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow() as Promise<Record<string, any>>;
}

async function count(): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from outbox_messages`.execute(t.db);
  return r.rows[0]!.n;
}

/** An adapter that fails as scripted, then succeeds; records what it was given. */
function scripted(
  failures: (Error | undefined)[] = [],
): DeliveryAdapter & { delivered: DeliverableMessage[] } {
  const plan = [...failures];
  const delivered: DeliverableMessage[] = [];
  return {
    provider: 'smtp',
    delivered,
    async deliver(m) {
      const failure = plan.shift();
      if (failure) throw failure;
      delivered.push(m);
      return { providerMessageId: `prov-${delivered.length}` };
    },
  };
}

function dispatcher(clock: FixedClock, adapter: DeliveryAdapter, batchSize = 20) {
  return new MessageDispatcher({
    db: t.db,
    clock,
    log,
    adapters: { email: adapter, sms: adapter },
    pollMs: 50,
    batchSize,
    claimMs: 60_000,
  });
}

describe('sending a message', () => {
  it('records it as queued and returns at once', async () => {
    const clock = new FixedClock(T0);
    const sender = new OutboxSender(t.db, clock);
    const { id } = await sender.send(otp('+91 98765 43210', '482913'));
    expect(await row(id)).toMatchObject({
      channel: 'sms',
      recipient: '9876543210',
      subject: null,
      body: 'Your GoldLedger login code is 482913',
      purpose: 'login_otp',
      template: { id: '171234', variables: ['482913'] },
      correlation_id: 'login-482913',
      status: 'queued',
      attempts: 0,
      next_attempt_at: at(T0),
      created_at: at(T0),
      provider: null,
      sent_at: null,
    });
  });

  it('is delivered by the outbox adapter: the row itself, marked sent', async () => {
    const clock = new FixedClock(T0);
    const messaging = createMessaging(loadConfig({}), t.db, clock, log);
    const { id } = await messaging.sender.send(welcome('Asha@Example.com'));
    clock.advance(1500);
    expect(await messaging.dispatcher.drainOnce()).toEqual({ claimed: 1, sent: 1, failed: 0, dead: 0 });
    expect(await row(id)).toMatchObject({
      status: 'sent',
      provider: 'outbox',
      provider_message_id: null,
      attempts: 1,
      sent_at: plus(1500),
      last_error: null,
    });
    expect(await messaging.dispatcher.drainOnce()).toEqual({ claimed: 0, sent: 0, failed: 0, dead: 0 });
  });

  it('lists what went to a recipient newest first, however the number is written', async () => {
    const clock = new FixedClock(T0);
    const messaging = createMessaging(loadConfig({}), t.db, clock, log);
    const ids: string[] = [];
    for (const code of ['111111', '222222', '333333']) {
      ids.push((await messaging.sender.send(otp('9876543210', code))).id);
      clock.advance(60_000);
    }
    await messaging.sender.send(otp('9123456789', '999999'));
    await messaging.dispatcher.drainOnce();

    const list = await messaging.list({ to: '+919876543210', limit: 10 });
    expect(list.map((m) => m.template?.variables[0])).toEqual(['333333', '222222', '111111']);
    expect(list[0]).toMatchObject({ to: '9876543210', status: 'sent', provider: 'outbox', channel: 'sms' });
    expect(list[0]!.text).toBe('Your GoldLedger login code is 333333');

    const page2 = await messaging.list({ to: '9876543210', limit: 2, before: list[1]!.id });
    expect(page2.map((m) => m.id)).toEqual([ids[0]]);
    expect(await listOutbox(t.db, { limit: 10, channel: 'email' })).toEqual([]);
    expect(await listOutbox(t.db, { limit: 10, status: 'sent' })).toHaveLength(4);
  });

  it('pages through messages created in the same instant without skipping or repeating one', async () => {
    const sender = new OutboxSender(t.db, new FixedClock(T0));
    const sent = new Set<string>();
    for (let i = 0; i < 7; i++) sent.add((await sender.send(welcome(`same-${i}@example.com`))).id);
    const seen: string[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await listOutbox(t.db, { limit: 3, ...(before ? { before } : {}) });
      if (page.length === 0) break;
      seen.push(...page.map((m) => m.id));
      before = page.at(-1)!.id;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(sent);
  });

  it('stores a message sent twice with the same idempotency key once', async () => {
    const sender = new OutboxSender(t.db, new FixedClock(T0));
    const reminder = {
      ...otp('9876543210', '1'),
      purpose: 'payment_reminder',
      idempotencyKey: 'job:L-1:2026-11-21',
    };
    const first = await sender.send(reminder);
    const again = await sender.send(reminder);
    expect(again.id).toBe(first.id);
    expect(await count()).toBe(1);
  });

  it.each([
    [
      'a bad email address',
      { ...welcome('asha.example.com') },
      /to: "asha.example.com" is not an email address/,
    ],
    ['a bad mobile number', { ...otp('12345', '1') }, /to: "12345" is not a 10-digit Indian mobile number/],
    ['empty text', { ...welcome('asha@example.com'), text: '' }, /text: must not be empty/],
  ])('refuses %s and stores nothing', async (_name, message, reason) => {
    const sender = new OutboxSender(t.db, new FixedClock(T0));
    await expect(sender.send(message)).rejects.toThrow(InvalidMessageError);
    await expect(sender.send(message)).rejects.toThrow(reason);
    expect(await count()).toBe(0);
  });
});

describe('a message whose provider fails', () => {
  it('is marked failed with a backoff from the injected clock, retried when due, and dead after the last attempt', async () => {
    const clock = new FixedClock(T0);
    const adapter = scripted(Array.from({ length: 6 }, (_, i) => new Error(`connection refused #${i + 1}`)));
    const d = dispatcher(clock, adapter);
    const { id } = await new OutboxSender(t.db, clock).send(welcome('asha@example.com'));

    const waits = [30_000, 120_000, 600_000, 3_600_000, 21_600_000];
    for (const [i, wait] of waits.entries()) {
      expect(await d.drainOnce()).toMatchObject({ claimed: 1, failed: 1 });
      expect(await row(id)).toMatchObject({
        status: 'failed',
        attempts: i + 1,
        last_error: `connection refused #${i + 1}`,
        provider: 'smtp',
        next_attempt_at: new Date(clock.now().getTime() + wait),
      });
      // Not due yet: nothing is claimed a moment before the retry time.
      clock.advance(wait - 1);
      expect((await d.drainOnce()).claimed).toBe(0);
      clock.advance(1);
    }
    expect(await d.drainOnce()).toMatchObject({ claimed: 1, dead: 1 });
    expect(await row(id)).toMatchObject({ status: 'dead', attempts: 6, last_error: 'connection refused #6' });
    clock.advance(365 * 24 * 3_600_000);
    expect((await d.drainOnce()).claimed).toBe(0);
    expect(adapter.delivered).toEqual([]);
  });

  it('records the attempts it took when it succeeds after failures', async () => {
    const clock = new FixedClock(T0);
    const adapter = scripted([new Error('451 try later'), new Error('451 try later')]);
    const d = dispatcher(clock, adapter);
    const { id } = await new OutboxSender(t.db, clock).send(welcome('asha@example.com'));
    await d.drainOnce();
    clock.advance(30_000);
    await d.drainOnce();
    clock.advance(120_000);
    expect(await d.drainOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await row(id)).toMatchObject({
      status: 'sent',
      attempts: 3,
      provider: 'smtp',
      provider_message_id: 'prov-1',
      sent_at: plus(150_000),
      last_error: '451 try later',
    });
    expect(adapter.delivered.map((m) => m.id)).toEqual([id]);
  });

  it('is dead at once when the provider refuses it for good', async () => {
    const clock = new FixedClock(T0);
    const d = dispatcher(clock, scripted([new PermanentDeliveryError('550 no such mailbox')]));
    const { id } = await new OutboxSender(t.db, clock).send(welcome('nobody@example.com'));
    expect(await d.drainOnce()).toMatchObject({ claimed: 1, dead: 1 });
    expect(await row(id)).toMatchObject({ status: 'dead', attempts: 1, last_error: '550 no such mailbox' });
  });

  it('never touches the rest of the batch', async () => {
    const clock = new FixedClock(T0);
    const d = dispatcher(clock, scripted([new Error('boom')]));
    const sender = new OutboxSender(t.db, clock);
    await sender.send(welcome('a@example.com'));
    await sender.send(welcome('b@example.com'));
    expect(await d.drainOnce()).toEqual({ claimed: 2, sent: 1, failed: 1, dead: 0 });
  });
});

describe('a dispatcher that stops mid-send', () => {
  it('leaves its claim, which another dispatcher takes over once it lapses', async () => {
    const clock = new FixedClock(T0);
    const { id } = await new OutboxSender(t.db, clock).send(welcome('asha@example.com'));
    // The first dispatcher's send never returns (its process is gone).
    const hung: DeliveryAdapter = { provider: 'smtp', deliver: () => new Promise(() => undefined) };
    void dispatcher(clock, hung)
      .drainOnce()
      .catch(() => undefined);
    await expect.poll(async () => (await row(id)).status).toBe('sending');

    const other = dispatcher(clock, scripted());
    expect((await other.drainOnce()).claimed).toBe(0);
    clock.advance(60_000);
    expect(await other.drainOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('does not wait for ever on a provider that never answers: past its claim, the attempt failed', async () => {
    const clock = new FixedClock(T0);
    const { id } = await new OutboxSender(t.db, clock).send(welcome('asha@example.com'));
    const hung: DeliveryAdapter = { provider: 'smtp', deliver: () => new Promise(() => undefined) };
    const d = new MessageDispatcher({
      db: t.db,
      clock,
      log,
      adapters: { email: hung, sms: hung },
      pollMs: 50,
      batchSize: 20,
      claimMs: 100,
    });
    expect(await d.drainOnce()).toMatchObject({ claimed: 1, failed: 1 });
    expect(await row(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'the provider did not answer within 100 ms',
    });
  });

  it('gives the message up when the lapsed claim was its last attempt', async () => {
    const clock = new FixedClock(T0);
    const { id } = await new OutboxSender(t.db, clock).send(welcome('asha@example.com'));
    await sql`update outbox_messages set status = 'sending', attempts = 6, next_attempt_at = ${at(T0)} where id = ${id}`.execute(
      t.db,
    );
    const adapter = scripted();
    expect(await dispatcher(clock, adapter).drainOnce()).toMatchObject({ claimed: 1, dead: 1 });
    expect(await row(id)).toMatchObject({ status: 'dead', attempts: 7 });
    expect((await row(id)).last_error).toMatch(/interrupted/);
    expect(adapter.delivered).toEqual([]);
  });
});

describe('several dispatchers draining at once', () => {
  it('never send a message twice', async () => {
    const clock = new FixedClock(T0);
    const sender = new OutboxSender(t.db, clock);
    const ids = new Set<string>();
    for (let i = 0; i < 200; i++) ids.add((await sender.send(otp('9876543210', String(100000 + i)))).id);

    const deliveries: string[] = [];
    const slow: DeliveryAdapter = {
      provider: 'fast2sms',
      async deliver(m) {
        deliveries.push(m.id);
        await sleep(2); // long enough for the others to run their claims meanwhile
        return { providerMessageId: m.id };
      },
    };
    const passes = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const d = dispatcher(clock, slow, 7);
        let claimedPasses = 0;
        while ((await d.drainOnce()).claimed > 0) claimedPasses++;
        return claimedPasses;
      }),
    );
    expect(deliveries).toHaveLength(200);
    expect(new Set(deliveries)).toEqual(ids);
    // Each dispatcher did part of the work: they really ran side by side.
    expect(passes.filter((p) => p > 0).length).toBeGreaterThan(1);
    const statuses = await sql<{
      status: string;
      n: number;
    }>`select status, count(*)::int as n from outbox_messages group by status`.execute(t.db);
    expect(statuses.rows).toEqual([{ status: 'sent', n: 200 }]);
  });
});

describe('the dispatcher loop', () => {
  it('delivers a message sent in the same process without waiting for its poll', async () => {
    const clock = new FixedClock(T0);
    const messaging = createMessaging(loadConfig({ MESSAGING_POLL_MS: '60000' }), t.db, clock, log);
    const stop = new AbortController();
    const running = messaging.dispatcher.run(stop.signal);
    try {
      await sleep(50); // the first (empty) pass is over; the loop now sleeps for a minute
      const { id } = await messaging.sender.send(otp('9876543210', '424242'));
      await expect.poll(async () => (await row(id)).status, { timeout: 5000 }).toBe('sent');
    } finally {
      stop.abort();
      await running;
    }
  });

  it('stops when its signal aborts', async () => {
    const d = dispatcher(new FixedClock(T0), createOutboxAdapter());
    const stop = new AbortController();
    const running = d.run(stop.signal);
    stop.abort();
    await expect(running).resolves.toBeUndefined();
  });
});
