import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApi,
  createTestDatabase,
  type TestApi,
  type TestDatabase,
} from '@goldledger/services/testing';

/**
 * Issue 15, point 13: a token without `exp` never expired, an `sv` above the account's
 * version skipped the revocation check, and an unknown role answered 500. Checked
 * against ce4a037: the first two answered 200, the third 500.
 */
let t: TestDatabase;
let api: TestApi;

// The test API's JWT secret (services/src/testing/test-api.ts).
const SECRET = 'test-jwt-secret-'.repeat(3);

/** A token signed with the server's secret, with exactly the claims given (no `exp` unless set). */
function forge(claims: Record<string, unknown>): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${head}.${createHmac('sha256', SECRET).update(head).digest('base64url')}`;
}

const validate = (token: string) =>
  api.app.inject({ method: 'GET', url: '/api/auth/validate', headers: { 'x-auth-token': token } });

async function claimsOf(role: 'admin' | 'employee') {
  const token = await api.tokenFor(role);
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

beforeAll(async () => {
  t = await createTestDatabase('sec_tokens');
  api = await createTestApi(t);
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

describe('tokens (issue 15, point 13)', () => {
  it('a well-formed token is accepted (the forged ones below differ in one claim only)', async () => {
    const claims = await claimsOf('admin');
    expect((await validate(forge(claims))).statusCode).toBe(200);
  });

  it('refuses a token without exp', async () => {
    const { exp: _exp, ...claims } = await claimsOf('admin');
    const res = await validate(forge(claims));
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().message).toBe('Your session has ended. Please sign in again.');
  });

  it('refuses a token whose sv is above the account version, even after a sign-out', async () => {
    const claims = await claimsOf('employee');
    const ahead = forge({ ...claims, sv: Number(claims.sv) + 50 });
    // Sign out with a real token: every earlier token is revoked.
    const real = await api.tokenFor('employee');
    expect(
      (await api.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'x-auth-token': real } }))
        .statusCode,
    ).toBe(200);
    const res = await validate(ahead);
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().message).toBe('Your session has ended. Please sign in again.');
  });

  it('refuses a token with a role the server does not know with 401, not 500', async () => {
    const claims = await claimsOf('admin');
    for (const role of ['superuser', '', null, 7]) {
      const res = await validate(forge({ ...claims, role }));
      expect(res.statusCode, `${String(role)}: ${res.body}`).toBe(401);
    }
  });
});
