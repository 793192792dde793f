import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BRANCH_ID } from '@goldledger/contracts';
import type { FixedClock } from '../platform/clock.js';
import type { App } from '../platform/http/app.js';
import { listDevOutbox } from '../messaging/outbox-queries.js';
import { createTestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';

let t: TestDatabase;
let app: App;
let clock: FixedClock;

beforeAll(async () => {
  t = await createTestDatabase('signin');
  const api = await createTestApi(t);
  app = api.app;
  clock = api.clock;
});
afterAll(async () => {
  await app?.close();
  await t?.drop();
});

/** The newest code sent to a recipient, read from the outbox like a person reads their phone. */
async function lastCodeSentTo(recipient: string): Promise<string> {
  const [latest] = await listDevOutbox(t.db, { to: recipient, limit: 1 });
  const code = latest && /\b(\d{6})\b/.exec(latest.text)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${recipient}`);
  return code;
}

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });

/** Each test moves the clock past the resend cooldown so codes can be asked for again. */
const later = () => clock.advance(61_000);

describe('OTP sign-in', () => {
  it.each([
    ['admin@demo.local', 'admin', 'Asha Admin', false],
    ['9000000002', 'employee', 'Ravi Employee', true],
    [' customer@demo.local ', 'customer', 'Lakshmi Customer', false],
    ['auditor@demo.local', 'auditor', 'Indira Auditor', false],
  ] as const)(
    'signs in %s as %s with the code from the outbox',
    async (identifier, role, name, mustReset) => {
      later();
      const sent = await post('/api/auth/send-login-otp', { identifier });
      expect(sent.statusCode).toBe(200);
      const recipient = identifier.trim();
      const otp = await lastCodeSentTo(recipient);
      const verified = await post('/api/auth/verify-otp', { identifier, otp });
      expect(verified.statusCode).toBe(200);
      const body = verified.json();
      expect(body.user).toMatchObject({ role, name });
      // An employee's branches come with them (the web's branch choice); nobody else's do.
      expect(body.user.branchIds).toEqual(role === 'employee' ? [DEFAULT_BRANCH_ID] : undefined);
      expect(body.mustResetPassword).toBe(mustReset);
      const validate = await app.inject({
        method: 'GET',
        url: '/api/auth/validate',
        headers: { 'x-auth-token': body.token },
      });
      expect(validate.statusCode).toBe(200);
      const bearer = await app.inject({
        method: 'GET',
        url: '/api/auth/validate',
        headers: { authorization: `Bearer ${body.token}` },
      });
      expect(bearer.json().user.role).toBe(role);
    },
  );

  it('answers an unknown identifier exactly like a known one, and sends nothing', async () => {
    later();
    const known = await post('/api/auth/send-login-otp', { identifier: 'admin@demo.local' });
    const unknown = await post('/api/auth/send-login-otp', { identifier: 'nobody@demo.local' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual({ ...known.json() });
    expect(await listDevOutbox(t.db, { to: 'nobody@demo.local', limit: 10 })).toHaveLength(0);
  });

  it('refuses a wrong code with the attempts left, and voids the code on the fifth wrong try', async () => {
    later();
    await post('/api/auth/send-login-otp', { identifier: '9000000001' });
    const right = await lastCodeSentTo('9000000001');
    const wrong = right === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      const r = await post('/api/auth/verify-otp', { identifier: '9000000001', otp: wrong });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({
        message: `Invalid OTP. ${left} attempt${left === 1 ? '' : 's'} left.`,
        attemptsLeft: left,
      });
    }
    const fifth = await post('/api/auth/verify-otp', { identifier: '9000000001', otp: wrong });
    expect(fifth.json()).toMatchObject({
      message: 'Too many wrong attempts. Please request a new OTP.',
      attemptsLeft: 0,
    });
    // Even the right code no longer works.
    const sixth = await post('/api/auth/verify-otp', { identifier: '9000000001', otp: right });
    expect(sixth.statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    later();
    await post('/api/auth/send-login-otp', { identifier: 'employee@demo.local' });
    const otp = await lastCodeSentTo('employee@demo.local');
    clock.advance(180_000);
    const r = await post('/api/auth/verify-otp', { identifier: 'employee@demo.local', otp });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('OTP has expired. Please request a new OTP.');
  });

  it('answers a resend inside 60 seconds with 429 and the seconds left', async () => {
    later();
    await post('/api/auth/send-login-otp', { identifier: 'customer@demo.local' });
    clock.advance(15_000);
    const again = await post('/api/auth/send-login-otp', { identifier: 'customer@demo.local' });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ message: 'Please wait before requesting another OTP', timeLeft: 45 });
  });

  it('refuses malformed identifiers and codes with a message', async () => {
    const blank = await post('/api/auth/send-login-otp', { identifier: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please enter your email or mobile number');
    const short = await post('/api/auth/verify-otp', { identifier: 'admin@demo.local', otp: '12ab' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Please enter the 6-digit OTP');
  });
});

describe('a session token', () => {
  async function signIn(identifier: string): Promise<string> {
    later();
    await post('/api/auth/send-login-otp', { identifier });
    const otp = await lastCodeSentTo(identifier);
    return (await post('/api/auth/verify-otp', { identifier, otp })).json().token;
  }

  it("stops working after logout, and so do the same user's earlier sessions", async () => {
    const earlier = await signIn('admin@demo.local');
    const token = await signIn('admin@demo.local');
    const validate = (t: string) =>
      app.inject({ method: 'GET', url: '/api/auth/validate', headers: { 'x-auth-token': t } });
    expect((await validate(earlier)).statusCode).toBe(200);
    expect((await validate(token)).statusCode).toBe(200);
    const out = await post('/api/auth/logout', {}, { 'x-auth-token': token });
    expect(out.statusCode).toBe(200);
    for (const t of [token, earlier]) {
      const after = await validate(t);
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe('Your session has ended. Please sign in again.');
    }
    // Another user's session is untouched.
    const other = await signIn('employee@demo.local');
    expect((await validate(other)).statusCode).toBe(200);
  });

  it('is required: no token or a forged one gets 401', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/validate' })).statusCode).toBe(401);
    const forged = await app.inject({
      method: 'GET',
      url: '/api/auth/validate',
      headers: { 'x-auth-token': 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad' },
    });
    expect(forged.statusCode).toBe(401);
  });
});
