import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';
import { CAUGHT_UP_HEADER, READ_AFTER_HEADER } from './read-after-write.js';

let t: TestDatabase;
let api: TestApi;
let admin: string;

beforeAll(async () => {
  t = await createTestDatabase('read_after');
  api = await createTestApi(t);
  await api.project();
  admin = await api.tokenFor('admin');
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

const enquiry = {
  name: 'Meena Iyer',
  email: 'meena@example.com',
  gold: 25.5,
  phone: '+91 98765 43210',
  message: 'I would like a loan against my jewellery. Please call after 11 AM.',
};

const unreadCount = (readAfter?: string) =>
  api.app.inject({
    method: 'GET',
    url: '/api/notifications/unread-count',
    headers: { 'x-auth-token': admin, ...(readAfter ? { [READ_AFTER_HEADER]: readAfter } : {}) },
  });

describe('read your own writes', () => {
  it('names the appended event on a command answer, and nothing on a refused one', async () => {
    const refused = await api.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...enquiry, email: 'not an email' },
      remoteAddress: '203.0.113.1',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers[READ_AFTER_HEADER]).toBeUndefined();

    const sent = await api.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: enquiry,
      remoteAddress: '203.0.113.2',
    });
    expect(sent.statusCode).toBeLessThan(300);
    expect(sent.headers[READ_AFTER_HEADER]).toMatch(/^\d+:\d+$/);
  });

  it('answers a read once the read models include the write, and says when they do not yet', async () => {
    await api.project();
    const before = Number((await unreadCount()).json().count);
    const sent = await api.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: enquiry,
      remoteAddress: '203.0.113.3',
    });
    const position = String(sent.headers[READ_AFTER_HEADER]);

    // No projector runs in this test until project(): the wait runs out, and the read says so.
    const stale = await unreadCount(position);
    expect(stale.statusCode).toBe(200);
    expect(stale.headers[CAUGHT_UP_HEADER]).toBe('false');

    await api.project();
    const fresh = await unreadCount(position);
    expect(fresh.headers[CAUGHT_UP_HEADER]).toBe('true');
    const after = Number(fresh.json().count);
    expect(after).toBe(before + 1);

    // A read without the header, or with a malformed one, is not held at all.
    expect((await unreadCount()).headers[CAUGHT_UP_HEADER]).toBeUndefined();
    expect((await unreadCount('1; drop table events')).headers[CAUGHT_UP_HEADER]).toBeUndefined();
  });
});
