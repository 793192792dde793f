import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../services/src/platform/clock.js';
import { AccessLogController } from '../../services/src/platform/http/access-log.js';
import type { App } from '../../services/src/platform/http/app.js';
import { registerHttpSecurity, TOO_MANY_REQUESTS } from '../../services/src/platform/http/security.js';
import { createTestApi, createTestApp, type TestApi } from '../../services/src/testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../../services/src/testing/test-infra.js';

/**
 * Issue 15, point 14: limits were kept in each process's memory, so N API replicas
 * allowed N times the limit; and every refused request wrote its access log lines
 * (277k refusals: 125 MB of log in 20 s).
 */
let t: TestDatabase;
let first: TestApi;
let second: App;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  t = await createTestDatabase('sec_ratelimits');
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const clock = new FixedClock('2026-11-21T04:30:00Z');
  first = await createTestApi(t, clock, {}, { log: pino({ level: 'info' }, capture) });
  second = (await createTestApp(t, clock)).app;
});
afterAll(async () => {
  await first?.app.close();
  await second?.close();
  await t?.drop();
});

/** POST /api/contact allows 5 a client per 10 minutes; an empty body stores nothing. */
const contact = (app: App, ip: string) =>
  app.inject({ method: 'POST', url: '/api/contact', payload: {}, remoteAddress: ip });

describe('rate limits across replicas (issue 15, point 14)', () => {
  it('two API processes on one database allow the limit once between them, not twice', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await contact(i % 2 === 0 ? first.app : second, '198.51.100.7')).statusCode);
    }
    expect(statuses.filter((s) => s !== 429)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual([429, 429, 429, 429, 429]);
    const refused = await contact(second, '198.51.100.7');
    expect(refused.json()).toEqual({ message: TOO_MANY_REQUESTS, timeLeft: expect.any(Number) });
    expect(refused.headers['retry-after']).toBeDefined();
    // Another client still has its own allowance.
    expect((await contact(second, '198.51.100.99')).statusCode).toBe(400);
  });

  it('logs the first refusal of a client on a route, not each one after it', async () => {
    for (let i = 0; i < 5; i++) expect((await contact(first.app, '198.51.100.8')).statusCode).toBe(400);
    const before = lines.length;
    for (let i = 0; i < 20; i++) expect((await contact(first.app, '198.51.100.8')).statusCode).toBe(429);
    const logged = lines.slice(before);
    const refusals = logged.filter((l) => (l.res as { statusCode?: number } | undefined)?.statusCode === 429);
    expect(refusals).toHaveLength(1);
    // One line for the first refusal (and no "incoming request" line for the others).
    expect(logged.length).toBeLessThanOrEqual(2);
  });

  it('counts the refusals it did not log, and says so with the next refusal it logs', async () => {
    const own: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line) own.push(JSON.parse(line));
        done();
      },
    });
    const app = Fastify({
      loggerInstance: pino({ level: 'info' }, sink),
      logController: new AccessLogController(),
    }) as unknown as App;
    await registerHttpSecurity(app, { HSTS: false, CORS_ORIGINS: [] });
    app.get('/api/ping', { config: { rateLimit: { max: 1, timeWindow: 1000 } } }, async () => ({ ok: true }));
    const ping = () => app.inject({ method: 'GET', url: '/api/ping' });
    const refusedLines = () =>
      own.filter((l) => (l.res as { statusCode?: number } | undefined)?.statusCode === 429);

    expect((await ping()).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await ping()).statusCode).toBe(429);
    expect(refusedLines()).toHaveLength(1);
    expect(refusedLines()[0]).toMatchObject({ refusedSinceLastLogged: 0 });

    await sleep(1100);
    expect((await ping()).statusCode).toBe(200);
    expect((await ping()).statusCode).toBe(429);
    expect(refusedLines()).toHaveLength(2);
    expect(refusedLines()[1]).toMatchObject({ refusedSinceLastLogged: 3 });
    // Every request that was answered is in the log once: 2 allowed, 2 refusals logged.
    expect(own.filter((l) => l.msg === 'request completed')).toHaveLength(4);
    await app.close();
  });
});
