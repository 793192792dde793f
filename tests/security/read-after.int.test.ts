import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../services/src/testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../../services/src/testing/test-infra.js';
import { CAUGHT_UP_HEADER, READ_AFTER_HEADER } from '../../services/src/platform/read-after-write.js';

/**
 * Issue 15, point 15: `x-read-after` beyond the store head held each GET for the whole
 * wait (5 s in production), and any number of reads could wait at once.
 */
let t: TestDatabase;
let api: TestApi;
let admin: string;

const MAX_WAIT_MS = 1500;
const MAX_WAITING = 2;

beforeAll(async () => {
  t = await createTestDatabase('sec_read_after');
  api = await createTestApi(t, undefined, {
    READ_AFTER_MAX_WAIT_MS: String(MAX_WAIT_MS),
    READ_AFTER_MAX_WAITING: String(MAX_WAITING),
  });
  await api.project();
  admin = await api.tokenFor('admin');
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

const read = (readAfter: string) =>
  api.app.inject({
    method: 'GET',
    url: '/api/notifications/unread-count',
    headers: { 'x-auth-token': admin, [READ_AFTER_HEADER]: readAfter },
  });

/** A real write the read models have not seen (no projector runs until project()). */
async function unprojectedWrite(ip: string): Promise<string> {
  const sent = await api.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: {
      name: 'Meena Iyer',
      email: 'meena@example.com',
      gold: 25.5,
      phone: '+91 98765 43210',
      message: 'I would like a loan against my jewellery.',
    },
    remoteAddress: ip,
  });
  expect(sent.statusCode).toBeLessThan(300);
  return String(sent.headers[READ_AFTER_HEADER]);
}

describe('x-read-after (issue 15, point 15)', () => {
  it('refuses a position beyond the store head at once with a 400 and a message', async () => {
    const started = performance.now();
    const res = await read('999999999:999999999');
    const took = performance.now() - started;
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'x-read-after names no recorded event: send back the value a command answered with',
    );
    expect(took).toBeLessThan(MAX_WAIT_MS / 2);
  });

  it('still waits for a real position, and answers as soon as the read models have it', async () => {
    const position = await unprojectedWrite('203.0.113.10');
    await api.project();
    const res = await read(position);
    expect(res.statusCode).toBe(200);
    expect(res.headers[CAUGHT_UP_HEADER]).toBe('true');
  });

  it('lets only a few reads wait at once: the rest answer at once and say whether they are caught up', async () => {
    const position = await unprojectedWrite('203.0.113.11');
    const timed = async () => {
      const started = performance.now();
      const res = await read(position);
      return { res, took: performance.now() - started };
    };
    const results = await Promise.all(Array.from({ length: 6 }, timed));
    for (const { res } of results) {
      expect(res.statusCode).toBe(200);
      expect(res.headers[CAUGHT_UP_HEADER]).toBe('false');
    }
    const waited = results.filter((r) => r.took >= MAX_WAIT_MS * 0.9);
    const answeredAtOnce = results.filter((r) => r.took < MAX_WAIT_MS / 2);
    expect(waited.length).toBe(MAX_WAITING);
    expect(answeredAtOnce.length).toBe(6 - MAX_WAITING);
  });
});
