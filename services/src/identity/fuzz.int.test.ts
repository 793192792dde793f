import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';

let t: TestDatabase;
let api: TestApi;

beforeAll(async () => {
  t = await createTestDatabase('fuzz');
  api = await createTestApi(t);
  await api.project();
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

const eventCount = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from events`.execute(t.db)).rows[0]!.n);

/** Bodies a careless or hostile client might send. */
const hostileBody = fc.oneof(
  fc.anything().map((v) => ({ json: v })),
  fc.object({ maxDepth: 3 }).map((v) => ({ json: v })),
  fc
    .record(
      {
        identifier: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.constant('a'.repeat(100_000))),
        otp: fc.oneof(fc.string(), fc.integer(), fc.constant('12345678')),
        email: fc.oneof(fc.string(), fc.emailAddress(), fc.constant(['x'])),
        name: fc.oneof(fc.string(), fc.constant(''), fc.constant('x'.repeat(10_000))),
        mobile: fc.oneof(fc.string(), fc.integer()),
        aadharNumber: fc.oneof(fc.string(), fc.bigInt().map(String)),
        role: fc.oneof(fc.constantFrom('admin', 'employee', 'customer', 'agent', 'root'), fc.string()),
        newPassword: fc.oneof(fc.string(), fc.constant(12345678)),
      },
      { requiredKeys: [] },
    )
    .map((v) => ({ json: v })),
  fc.string().map((raw) => ({ raw })),
  fc
    .constantFrom('{', '{"identifier":', '[]', 'null', '"str"', '{"__proto__":{"x":1}}', '\u0000')
    .map((raw) => ({ raw })),
);

const hostileId = fc.oneof(
  fc.uuid(),
  fc.constantFrom(
    '../../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    'null',
    "' or 1=1 --",
    'x'.repeat(5000),
  ),
  fc.string({ minLength: 1, maxLength: 50 }),
);

describe('malformed requests', () => {
  it('get a 4xx with a message, never a 5xx, and a refused request changes nothing', async () => {
    const routes = api.app.accessTable.filter(
      (r) => r.url.startsWith('/api/auth') || r.url.startsWith('/api/admin/employees'),
    );
    expect(routes.length).toBeGreaterThan(8);
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        hostileBody,
        hostileId,
        fc.constantFrom('admin', 'employee', 'customer', 'anonymous'),
        async (route, body, id, caller) => {
          const url = route.url.replace(':id', encodeURIComponent(id));
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (caller !== 'anonymous') headers['x-auth-token'] = await api.tokenFor(caller as 'admin');
          const before = await eventCount();
          const payload = 'raw' in body ? body.raw : JSON.stringify(body.json ?? null);
          const res = await api.app.inject({
            method: route.method as 'POST',
            url,
            headers,
            ...(route.method === 'GET' ? {} : { payload }),
          });
          expect(res.statusCode, `${route.method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            refused++;
            expect(typeof res.json().message, res.body.slice(0, 200)).toBe('string');
            expect(await eventCount(), `${route.method} ${url} refused but appended`).toBe(before);
          }
        },
      ),
      { numRuns: 1000 },
    );
    // Most are refused; the rest are GETs and logouts, which take no body.
    expect(refused).toBeGreaterThan(600);
  });
});
