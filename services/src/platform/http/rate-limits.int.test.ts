import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createTestApi, type TestApi } from '../../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-infra.js';
import type { App } from './app.js';
import { registerHttpSecurity, TOO_MANY_REQUESTS } from './security.js';

let t: TestDatabase;
let api: TestApi;

beforeAll(async () => {
  t = await createTestDatabase('ratelimits');
  api = await createTestApi(t);
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

/** Routes a visitor reaches without signing in that are deliberately not limited. */
const UNLIMITED = new Set([
  // Test and demo only (OUTBOX_API=1, refused in production); the browser tests poll it.
  'GET /api/dev/outbox',
]);

/** Signed-in routes of the sign-in flows that are limited too. */
const SIGNED_IN_LIMITED = ['GET /api/auth/validate'];

/**
 * Calls a route until its limit, then once more. The requests carry no valid body: a
 * refusal counts like any request (the limit runs first), and nothing is sent or stored.
 */
async function exhaust(method: string, url: string, headers: Record<string, string> = {}) {
  const call = () =>
    api.app.inject({ method: method as 'GET', url, headers, ...(method === 'GET' ? {} : { payload: {} }) });
  const first = await call();
  const limit = Number(first.headers['x-ratelimit-limit']);
  expect(limit, `${method} ${url} has no rate limit`).toBeGreaterThan(0);
  const statuses = [first.statusCode];
  for (let i = 1; i < limit; i++) statuses.push((await call()).statusCode);
  const over = await call();
  return { limit, statuses, over };
}

describe('rate limits', () => {
  it('cover every public route, each answering 429 with the message once its limit is spent', async () => {
    const publicRoutes = api.app.accessTable
      .filter((r) => r.access === 'public')
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !UNLIMITED.has(r));
    expect(publicRoutes).toEqual(
      expect.arrayContaining([
        'POST /api/auth/send-login-otp',
        'POST /api/auth/verify-otp',
        'POST /api/auth/forgot-password',
        'POST /api/auth/verify-reset-otp',
        'POST /api/auth/reset-password',
        'GET /api/settings/gold-rate',
        'POST /api/contact',
        'POST /api/loans/calculate-interest',
        'GET /api/gold-prices/valuation',
      ]),
    );
    const token = await api.tokenFor('admin');
    const routes = [...publicRoutes, ...SIGNED_IN_LIMITED];
    const limits: Record<string, number> = {};
    for (const route of routes) {
      const [method, url] = route.split(' ') as [string, string];
      const { limit, statuses, over } = await exhaust(
        method,
        url,
        SIGNED_IN_LIMITED.includes(route) ? { 'x-auth-token': token } : {},
      );
      limits[route] = limit;
      expect(
        statuses.filter((s) => s === 429),
        route,
      ).toEqual([]);
      expect(over.statusCode, route).toBe(429);
      expect(over.json(), route).toEqual({ message: TOO_MANY_REQUESTS, timeLeft: expect.any(Number) });
      expect(over.json().timeLeft, route).toBeGreaterThan(0);
      expect(over.headers['retry-after'], route).toBeDefined();
    }
    expect(limits).toEqual({
      'POST /api/auth/send-login-otp': 30,
      'POST /api/auth/verify-otp': 60,
      'POST /api/auth/forgot-password': 30,
      'POST /api/auth/verify-reset-otp': 60,
      'POST /api/auth/reset-password': 60,
      'GET /api/settings/gold-rate': 300,
      'POST /api/contact': 5,
      'POST /api/loans/calculate-interest': 120,
      'GET /api/gold-prices/valuation': 120,
      'GET /api/auth/validate': 120,
      'GET /api/branches': 120,
    });
  });

  it('leave the probes alone: /health, /ready and /metrics are never limited', async () => {
    for (const url of ['/health', '/ready', '/metrics']) {
      const res = await api.app.inject({ method: 'GET', url });
      expect(res.headers['x-ratelimit-limit'], url).toBeUndefined();
    }
  });

  it('are required: the server refuses to start with a public route that declares none', async () => {
    const app = Fastify() as unknown as App;
    await registerHttpSecurity(app, { HSTS: false, CORS_ORIGINS: [] });
    expect(() => app.get('/api/open', { config: { access: 'public' } }, async () => ({}))).toThrow(
      'GET /api/open is public and declares no rate limit (config.rateLimit)',
    );
    // A deliberate `false` is accepted.
    app.get('/api/dev/open', { config: { access: 'public', rateLimit: false } }, async () => ({}));
    await app.close();
  });
});
