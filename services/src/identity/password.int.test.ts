import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDevOutbox } from '../messaging/outbox-queries.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';

let t: TestDatabase;
let api: TestApi;

beforeAll(async () => {
  t = await createTestDatabase('password');
  api = await createTestApi(t);
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

const post = (url: string, payload: object, token?: string) =>
  api.app.inject({ method: 'POST', url, payload, headers: token ? { 'x-auth-token': token } : {} });
const validate = (token: string) =>
  api.app.inject({ method: 'GET', url: '/api/auth/validate', headers: { 'x-auth-token': token } });
const lastCode = async (to: string) =>
  /\b(\d{6})\b/.exec((await listDevOutbox(t.db, { to, limit: 1 }))[0]?.text ?? '')?.[1];

describe('forgot password', () => {
  it('sends a code, checks it, then sets the new password and ends earlier sessions', async () => {
    const earlier = await api.tokenFor('admin');
    const sent = await post('/api/auth/forgot-password', { email: 'Admin@Demo.local' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe('OTP sent to your email.');
    const otp = (await lastCode('admin@demo.local'))!;
    const checked = await post('/api/auth/verify-reset-otp', { email: 'admin@demo.local', otp });
    expect(checked.json()).toEqual({ message: 'OTP verified. Please enter your new password.' });
    const short = await post('/api/auth/reset-password', {
      email: 'admin@demo.local',
      otp,
      newPassword: '12345',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 6 characters long.');
    const reset = await post('/api/auth/reset-password', {
      email: 'admin@demo.local',
      otp,
      newPassword: 'gold-2026',
    });
    expect(reset.json()).toEqual({ message: 'Password reset successful! You can now log in.' });
    expect((await validate(earlier)).statusCode).toBe(401);
    // The code is spent.
    const again = await post('/api/auth/reset-password', {
      email: 'admin@demo.local',
      otp,
      newPassword: 'other-2026',
    });
    expect(again.statusCode).toBe(400);
    const stored = await sql<{ password_hash: string }>`select password_hash from user_credentials`.execute(
      t.db,
    );
    expect(stored.rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    const leaked = await sql<{
      n: string;
    }>`select count(*) as n from events where data::text like '%argon2%' or data::text like '%gold-2026%'`.execute(
      t.db,
    );
    expect(Number(leaked.rows[0]!.n)).toBe(0);
  });

  it('answers unknown and customer emails like any other, and sends nothing', async () => {
    for (const email of ['nobody@demo.local', 'customer@demo.local']) {
      const r = await post('/api/auth/forgot-password', { email });
      expect(r.json()).toEqual({ message: 'OTP sent to your email.' });
      expect(await listDevOutbox(t.db, { to: email, limit: 5 })).toHaveLength(0);
    }
  });

  it('counts wrong codes at the check step', async () => {
    api.clock.advance(61_000);
    await post('/api/auth/forgot-password', { email: 'employee@demo.local' });
    const right = (await lastCode('employee@demo.local'))!;
    const r = await post('/api/auth/verify-reset-otp', {
      email: 'employee@demo.local',
      otp: right === '000000' ? '999999' : '000000',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ message: 'Invalid OTP. 4 attempts left.', attemptsLeft: 4 });
  });
});

describe('first-login password reset', () => {
  it('lets a new staff member set a password once, handing back a fresh token', async () => {
    const token = await api.tokenFor('employee');
    const short = await post('/api/auth/reset-password/first-login', { password: 'abc' }, token);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 6 characters long.');
    const ok = await post('/api/auth/reset-password/first-login', { password: 'secret-123' }, token);
    expect(ok.statusCode).toBe(200);
    const body = ok.json();
    expect(body.user.role).toBe('employee');
    expect((await validate(token)).statusCode).toBe(401);
    expect((await validate(body.token)).statusCode).toBe(200);
    const twice = await post('/api/auth/reset-password/first-login', { password: 'secret-456' }, body.token);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Your password is already set. Use "Forgot password" to change it.');
  });

  it('is not for customers', async () => {
    const r = await post(
      '/api/auth/reset-password/first-login',
      { password: 'secret-123' },
      await api.tokenFor('customer'),
    );
    expect(r.statusCode).toBe(403);
  });
});
