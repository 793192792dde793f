import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, largeJpeg, makeLoan, multipart } from '../../testing/photo-test-support.js';
import { createTestApi, type TestApi } from '../../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-infra.js';

/**
 * Two APIs: one as it starts with no settings (the one-command start), one deployed
 * behind a TLS proxy at 127.0.0.1 with a partner origin, and small body limits.
 */
let plainDb: TestDatabase;
let plain: TestApi;
let deployedDb: TestDatabase;
let deployed: TestApi;
let webDir: string;

const PARTNER = 'https://partner.example.in';
const FOREIGN = 'https://evil.example.com';

beforeAll(async () => {
  // A stand-in for web/dist: what matters is how it is served.
  webDir = mkdtempSync(path.join(tmpdir(), 'goldledger-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>GoldLedger</title><script type="module" src="/assets/app-1.js"></script>',
  );
  writeFileSync(path.join(webDir, 'assets', 'app-1.js'), 'export {};');
  [plainDb, deployedDb] = await Promise.all([createTestDatabase('sec_plain'), createTestDatabase('sec_dep')]);
  plain = await createTestApi(plainDb, undefined, { WEB_DIST_DIR: webDir });
  deployed = await createTestApi(deployedDb, undefined, {
    WEB_DIST_DIR: webDir,
    HSTS: '1',
    TRUST_PROXY: '127.0.0.1',
    CORS_ORIGINS: `${PARTNER},http://localhost:5173`,
    BODY_LIMIT_BYTES: String(16 * 1024),
    PHOTO_MAX_BYTES: String(64 * 1024),
  });
});
afterAll(async () => {
  await plain?.app.close();
  await deployed?.app.close();
  await plainDb?.drop();
  await deployedDb?.drop();
  rmSync(webDir, { recursive: true, force: true });
});

const eventCount = async (t: TestDatabase) =>
  Number((await sql<{ n: string }>`select count(*) as n from events`.execute(t.db)).rows[0]!.n);

const directives = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values.join(' ')]),
  );

describe('every response', () => {
  it('carries a strict Content-Security-Policy on the web app, its files and the API', async () => {
    for (const url of ['/', '/admin/loans', '/assets/app-1.js', '/api/settings/gold-rate', '/api/nowhere']) {
      const res = await plain.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(url === '/api/nowhere' ? 404 : 200);
      expect(directives(res.headers['content-security-policy']), url).toEqual({
        'default-src': "'self'",
        'script-src': "'self'",
        'script-src-attr': "'none'",
        'style-src': "'self'",
        'img-src': "'self' data: blob:",
        'font-src': "'self'",
        'connect-src': "'self'",
        'object-src': "'none'",
        'base-uri': "'self'",
        'form-action': "'self'",
        'frame-ancestors': "'none'",
      });
      expect(res.headers, url).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'same-origin',
        'cross-origin-opener-policy': 'same-origin-allow-popups',
        'cross-origin-resource-policy': 'same-origin',
      });
      // Plain HTTP (the one-command start): no HSTS, no upgrade of requests.
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
    const page = await plain.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('pins browsers to HTTPS only when HSTS=1 says the site is served over TLS', async () => {
    const res = await deployed.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBe('max-age=15552000');
    expect(directives(res.headers['content-security-policy'])).toHaveProperty('upgrade-insecure-requests');
  });
});

describe('cross-origin requests', () => {
  it('are closed by default: no allow headers for a foreign origin, and its preflight is refused', async () => {
    const read = await plain.app.inject({
      method: 'GET',
      url: '/api/settings/gold-rate',
      headers: { origin: FOREIGN },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await plain.app.inject({
      method: 'OPTIONS',
      url: '/api/contact',
      headers: { origin: FOREIGN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(Object.keys(preflight.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });

  it('are open to an origin CORS_ORIGINS lists, and only to it', async () => {
    const preflight = await deployed.app.inject({
      method: 'OPTIONS',
      url: '/api/employee/customers/500000000003',
      headers: {
        origin: PARTNER,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type,x-auth-token',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(preflight.headers['access-control-allow-methods']).toContain('PUT');
    expect(preflight.headers['access-control-allow-headers']).toContain('x-auth-token');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

    const read = await deployed.app.inject({
      method: 'GET',
      url: '/api/settings/gold-rate',
      headers: { origin: PARTNER },
    });
    expect(read.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(read.headers['access-control-expose-headers']).toContain('x-request-id');
    expect(read.headers.vary).toContain('Origin');

    for (const origin of [FOREIGN, `${PARTNER}.evil.com`, 'http://partner.example.in']) {
      const other = await deployed.app.inject({
        method: 'OPTIONS',
        url: '/api/contact',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(other.statusCode, origin).toBe(404);
      expect(other.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });
});

describe('request size limits', () => {
  it('refuses a JSON body over BODY_LIMIT_BYTES with 413 and a clear message, and records nothing', async () => {
    const before = await eventCount(deployedDb);
    const res = await deployed.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.10' },
      payload: JSON.stringify({
        name: 'Meena Iyer',
        email: 'meena@example.com',
        gold: 25,
        phone: '9876543210',
        message: 'x'.repeat(20 * 1024),
      }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: 'The request is too large: at most 16 KB can be sent',
      code: 'payload_too_large',
    });
    expect(await eventCount(deployedDb)).toBe(before);
  });

  it('keeps the default of 1 MB without BODY_LIMIT_BYTES', async () => {
    const res = await plain.app.inject({
      method: 'POST',
      url: '/api/loans/calculate-interest',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The request is too large: at most 1 MB can be sent');
  });

  it('refuses a photo over PHOTO_MAX_BYTES with 413, storing no file and no event', async () => {
    const { loanUuid } = await makeLoan(deployed);
    const bytes = await largeJpeg();
    expect(bytes.length).toBeGreaterThan(64 * 1024);
    const body = await multipart({ goldItemIndex: '0', description: '' }, [{ name: 'chain.jpg', bytes }]);
    const before = await eventCount(deployedDb);
    const res = await deployed.app.inject({
      method: 'POST',
      url: `/api/loans/${loanUuid}/photos`,
      headers: { ...body.headers, 'x-auth-token': await deployed.tokenFor('employee') },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Each photo must be at most 64 KB');
    expect(await eventCount(deployedDb)).toBe(before);
    expect(filesUnder(deployed.blobDir)).toEqual([]);
  });

  it('answers an over-long id or URL with a 4xx, never a 5xx', async () => {
    const token = await plain.tokenFor('admin');
    const long = await plain.app.inject({
      method: 'GET',
      url: `/api/loans/${'a'.repeat(500)}`,
      headers: { 'x-auth-token': token },
    });
    expect(long.statusCode).toBe(404);
    const notAnId = await plain.app.inject({
      method: 'GET',
      url: `/api/loans/${'a'.repeat(90)}`,
      headers: { 'x-auth-token': token },
    });
    expect(notAnId.statusCode).toBe(400);
    // Past Node's header limit (16 KB, the request line included): refused before Fastify.
    const address = await plain.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const huge = await fetch(`${address}/api/loans/${'a'.repeat(20_000)}`);
      expect(huge.status).toBe(431);
    } finally {
      await plain.app.server.close();
    }
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  const contact = (forwardedFor?: string) =>
    deployed.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: {
        name: 'Meena Iyer',
        email: 'meena@example.com',
        gold: 25,
        phone: '9876543210',
        message: 'Loan against jewellery, please call.',
      },
    });

  it("records the visitor's address from X-Forwarded-For in the event, not the proxy's", async () => {
    const res = await contact('203.0.113.7, 127.0.0.1');
    expect(res.statusCode).toBe(200);
    const { rows } = await sql<{ ip: string }>`
      select metadata->>'clientIp' as ip from events where type = 'ContactMessageReceived'`.execute(
      deployedDb.db,
    );
    expect(rows.map((r) => r.ip)).toEqual(['203.0.113.7']);
  });

  it('limits each visitor on their own, so one busy address does not lock out the rest', async () => {
    for (let i = 0; i < 5; i++) await contact('203.0.113.20');
    expect((await contact('203.0.113.20')).statusCode).toBe(429);
    expect((await contact('203.0.113.21')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY, so a client cannot pick its own address', async () => {
    const res = await plain.app.inject({
      method: 'POST',
      url: '/api/auth/send-login-otp',
      headers: { 'x-forwarded-for': '203.0.113.99' },
      payload: { identifier: '9000000001' },
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await sql<{
      ip: string | null;
    }>`select client_ip as ip from auth_otp_challenges`.execute(plainDb.db);
    expect(rows.map((r) => r.ip)).toEqual(['127.0.0.1']);
  });
});
