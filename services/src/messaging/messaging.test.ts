import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../platform/clock.js';
import { ConfigError, loadConfig } from '../platform/config.js';
import { createLogger } from '../platform/logger.js';
import { DEFAULT_BACKOFF_MS } from './dispatcher.js';
import { createMessaging } from './messaging.js';
import type { Database } from '../platform/platform.js';

// Never connected: choosing adapters touches no database.
const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
const clock = new FixedClock('2026-11-21T04:30:00Z');
const log = createLogger('silent');
afterAll(async () => db.destroy());

const make = (env: Record<string, string>) => createMessaging(loadConfig(env), db, clock, log);

describe('choosing how messages leave', () => {
  it('keeps both channels in the outbox table when no provider is configured', async () => {
    const messaging = make({});
    expect(messaging.providers).toEqual({ email: 'outbox', sms: 'outbox' });
    await messaging.close();
  });

  it('sends email over SMTP when SMTP_URL is set', async () => {
    const messaging = make({ SMTP_URL: 'smtp://user:secret@127.0.0.1:2525' });
    expect(messaging.providers).toEqual({ email: 'smtp', sms: 'outbox' });
    await messaging.close();
  });

  it('sends SMS through Fast2SMS when its key and sender id are set', async () => {
    const messaging = make({ FAST2SMS_API_KEY: 'k3y', FAST2SMS_SENDER_ID: 'GLDLGR' });
    expect(messaging.providers).toEqual({ email: 'outbox', sms: 'fast2sms' });
    await messaging.close();
  });

  it('refuses a Fast2SMS key without a sender id, naming the variable', () => {
    expect(() => make({ FAST2SMS_API_KEY: 'k3y' })).toThrow(ConfigError);
    expect(() => make({ FAST2SMS_API_KEY: 'k3y' })).toThrow(/FAST2SMS_SENDER_ID: required/);
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
  });
});

describe('the default retry schedule', () => {
  it('waits 30 s, 2 min, 10 min, 1 h and 6 h between attempts', () => {
    expect(DEFAULT_BACKOFF_MS.map((ms) => ms / 1000)).toEqual([30, 120, 600, 3600, 21_600]);
  });
});
