import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RecordedEvent } from '@goldledger/contracts';
import { ProjectionRunner, projections } from '@goldledger/projections';
import { listDevOutbox } from '../messaging/outbox-queries.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';

let t: TestDatabase;
let api: TestApi;

beforeAll(async () => {
  t = await createTestDatabase('contact');
  api = await createTestApi(t);
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

const form = {
  name: 'Meena Iyer',
  email: 'Meena@Example.com',
  gold: 25.5,
  phone: '+91 98765 43210',
  message: 'I would like a loan against my jewellery. Please call after 11 AM.',
};

// The per-IP limit (5 in 10 minutes) would otherwise stop a test file that sends many
// forms; each caller gets an address of its own, and the limit has a test of its own.
let nextIp = 1;
const freshIp = () => `203.0.113.${nextIp++}`;

const send = (payload: unknown, remoteAddress = freshIp()) =>
  api.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress });

/**
 * Every enquiry, oldest first, read stream by stream: reading "all" stops below the
 * oldest transaction still open anywhere on the server, which in a parallel test run
 * can hide a committed event for a while.
 */
async function enquiries(): Promise<RecordedEvent[]> {
  const streams = await t.db
    .selectFrom('streams')
    .select('stream_id')
    .where('stream_type', '=', 'contact')
    .orderBy('created_at')
    .execute();
  const read = await Promise.all(streams.map((s) => api.store.readStream(s.stream_id)));
  return read.flatMap((r) => r.events).filter((e) => e.type === 'ContactMessageReceived');
}

describe('a visitor sending the contact form', () => {
  it('is thanked with "Message sent successfully!"; the enquiry is recorded in its own stream', async () => {
    const res = await send(form, '198.51.100.7');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Message sent successfully!' });

    const [received, ...others] = await enquiries();
    expect(others).toHaveLength(0);
    const enquiryId = received!.data.enquiryId as string;
    expect(received).toMatchObject({
      streamId: `contact-${enquiryId}`,
      streamType: 'contact',
      streamPosition: 1,
      data: {
        enquiryId,
        name: 'Meena Iyer',
        email: 'meena@example.com',
        goldMilligrams: 25_500,
        phone: '9876543210',
        message: form.message,
      },
      metadata: { clientIp: '198.51.100.7' },
      occurredAt: '2026-11-21T04:30:00.000Z',
    });
    expect(received!.metadata.actor).toBeUndefined();
  });

  it('gets an acknowledgement email that repeats nothing they typed', async () => {
    const [ack, ...more] = await listDevOutbox(t.db, { to: 'meena@example.com', limit: 10 });
    expect(more).toHaveLength(0);
    expect(ack).toMatchObject({
      channel: 'email',
      to: 'meena@example.com',
      subject: 'We have received your message',
      purpose: 'contact_ack',
      status: 'queued',
    });
    const [received] = await enquiries();
    const reference = String(received!.data.enquiryId).slice(0, 8).toUpperCase();
    expect(ack!.text).toContain(`reference ${reference}`);
    expect(ack!.text).not.toContain('Meena');
    expect(ack!.text).not.toContain('jewellery');
  });

  it('reaches the admins as an unread notification once the projector runs', async () => {
    const projection = projections.find((p) => p.name === 'admin-notifications');
    expect(projection, 'admin-notifications is registered').toBeDefined();
    const runner = new ProjectionRunner({ db: t.db, reader: api.store, projection: projection! });
    await runner.init();
    const notifications = async () =>
      (await sql<Record<string, unknown>>`select * from rm_admin_notifications.notifications`.execute(t.db))
        .rows;
    // Catch-up sees a commit once no older transaction on the server is still open.
    await vi.waitFor(
      async () => {
        await runner.catchUp();
        expect(await notifications()).toHaveLength(1);
      },
      { timeout: 30_000, interval: 100 },
    );
    await runner.catchUp(); // another pass duplicates nothing

    const [received] = await enquiries();
    const rows = await notifications();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: received!.eventId,
      source_event_id: received!.eventId,
      type: 'contact_enquiry',
      title: 'New enquiry from Meena Iyer',
      message: `Phone: 9876543210\nEmail: meena@example.com\nGold: 25.5 g\nMessage: ${form.message}`,
      customer_name: 'Meena Iyer',
      customer_mobile: '9876543210',
      amount_paise: null,
      is_read: false,
      read_at: null,
      created_at: new Date('2026-11-21T04:30:00.000Z'),
    });
  });
});

describe('a contact form with a bad field', () => {
  it.each([
    [{ name: undefined }, 'Please enter your name', 'name'],
    [{ name: '  ' }, 'Please enter your name', 'name'],
    [{ name: 'x'.repeat(101) }, 'Name must be at most 100 characters', 'name'],
    [{ email: undefined }, 'Please enter your email address', 'email'],
    [{ email: 'meena.example.com' }, 'Please enter a valid email address', 'email'],
    [{ gold: undefined }, 'Please enter the weight of your gold in grams', 'gold'],
    [{ gold: 'lots' }, 'Gold weight must be a number of grams', 'gold'],
    [{ gold: -2 }, 'Gold weight cannot be negative', 'gold'],
    [{ gold: 10.555 }, 'Gold weight can have at most 2 decimal places', 'gold'],
    [{ gold: 200_000 }, 'Gold weight must be at most 1,00,000 grams', 'gold'],
    [{ phone: undefined }, 'Please enter your phone number', 'phone'],
    [{ phone: '98765' }, 'Please enter a valid 10-digit mobile number', 'phone'],
    [{ phone: '+1 415 555 0100' }, 'Please enter a valid 10-digit mobile number', 'phone'],
    [{ message: undefined }, 'Please enter your message', 'message'],
    [{ message: 'x'.repeat(2001) }, 'Message must be at most 2,000 characters', 'message'],
  ])('%o is refused with 400 "%s"; nothing is recorded or sent', async (change, message, path) => {
    const before = (await enquiries()).length;
    const outboxBefore = (await listDevOutbox(t.db, { limit: 500 })).length;
    const res = await send({ ...form, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: [{ msg: message, path }] });
    expect((await enquiries()).length).toBe(before);
    expect((await listDevOutbox(t.db, { limit: 500 })).length).toBe(outboxBefore);
  });

  it('an empty request asks for the form', async () => {
    const res = await api.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: freshIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please fill in the contact form');
  });
});

describe('the contact form from one address', () => {
  it('takes 5 messages in 10 minutes, then answers 429 with the seconds to wait', async () => {
    const ip = '192.0.2.99';
    for (let i = 0; i < 5; i++) expect((await send(form, ip)).statusCode).toBe(200);
    const before = (await enquiries()).length;
    const sixth = await send(form, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ message: 'Too many requests. Please try again later.' });
    expect(sixth.json().timeLeft).toBeGreaterThan(500);
    expect((await enquiries()).length).toBe(before);
    // Another visitor is not held up.
    expect((await send(form, freshIp())).statusCode).toBe(200);
  });
});
