import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApi,
  createTestDatabase,
  type TestApi,
  type TestDatabase,
} from '@goldledger/services/testing';
import { createLogger } from '../../services/src/platform/logger.js';
import { loadConfig } from '../../services/src/platform/config.js';
import { createMessaging } from '../../services/src/messaging/messaging.js';
import { OutboxSender } from '../../services/src/messaging/outbox-sender.js';

/**
 * Issue 15, point 9: an admin could read anyone's sign-in code in GET /api/admin/outbox
 * and sign in as them. Checked against ce4a037: the admin outbox showed the code, the
 * sent row kept it, and message bodies were kept for ever.
 */
let t: TestDatabase;
let api: TestApi;

beforeAll(async () => {
  t = await createTestDatabase('sec_outbox');
  api = await createTestApi(t, undefined, { FAST2SMS_TEMPLATES: '{"login_otp":"1707000000000000001"}' });
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

const get = async (url: string, as?: 'admin') =>
  api.app.inject({
    method: 'GET',
    url,
    headers: as ? { 'x-auth-token': await api.tokenFor(as) } : {},
  });

async function devCode(to: string): Promise<string> {
  const res = await get(`/api/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
  const code = /\b(\d{6})\b/.exec(res.json().data[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the dev outbox for ${to}: ${res.body}`);
  return code;
}

/** Every stored column of the recipient's messages, as text. */
async function storedRows(to: string): Promise<string> {
  const { rows } = await sql`select * from outbox_messages where recipient = ${to}`.execute(t.db);
  return JSON.stringify(rows);
}

/** A dispatcher as production runs it: the outbox adapter delivers, no dev outbox. */
function productionMessaging() {
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  return createMessaging(config, t.db, api.clock, createLogger('silent'));
}

describe('sign-in codes in the outbox (issue 15, point 9)', () => {
  it('an admin never reads a code in GET /api/admin/outbox, queued or sent', async () => {
    for (const to of ['employee@demo.local', '9000000002']) {
      api.clock.advance(61_000);
      const sent = await api.app.inject({
        method: 'POST',
        url: '/api/auth/send-login-otp',
        payload: { identifier: to },
      });
      expect(sent.statusCode).toBe(200);
      const code = await devCode(to);
      const listed = await get(`/api/admin/outbox?to=${to}`, 'admin');
      expect(listed.statusCode).toBe(200);
      expect(listed.json().data).toHaveLength(1);
      expect(listed.body).not.toContain(code);
      // The admin cannot sign in with what the list shows.
      const shown = /\b(\d{6})\b/.exec(listed.json().data[0].text)?.[1];
      expect(shown).toBeUndefined();
    }
  });

  it('once sent, no stored column keeps the code; the dev outbox is the only place that shows it', async () => {
    const to = 'admin@demo.local';
    api.clock.advance(61_000);
    await api.app.inject({ method: 'POST', url: '/api/auth/send-login-otp', payload: { identifier: to } });
    const code = await devCode(to);
    expect(await storedRows(to)).toContain(code); // queued: the code must still go out
    const messaging = productionMessaging();
    expect((await messaging.dispatcher.drainOnce()).sent).toBeGreaterThanOrEqual(1);
    await messaging.close();
    expect(await storedRows(to)).not.toContain(code);
    const listed = await get(`/api/admin/outbox?to=${to}`, 'admin');
    expect(listed.json().data[0]).toMatchObject({ status: 'sent', purpose: 'login_otp' });
    expect(listed.json().data[0].text).toContain('is your GoldLedger sign-in code');
  });

  it('purges message bodies after the retention period, keeping who, what for and when', async () => {
    const sender = new OutboxSender(t.db, api.clock);
    const { id } = await sender.send({
      channel: 'email',
      to: 'someone@example.com',
      subject: 'Your statement',
      text: 'Loan GL-2026-000001: balance ₹12,345.00',
      purpose: 'statement',
    });
    const messaging = productionMessaging();
    await messaging.dispatcher.drainOnce();
    api.clock.advance(89 * 24 * 3_600_000);
    expect(await messaging.dispatcher.purgeOnce()).toBe(0);
    api.clock.advance(2 * 24 * 3_600_000);
    expect(await messaging.dispatcher.purgeOnce()).toBeGreaterThanOrEqual(1);
    await messaging.close();
    const { rows } = await sql<Record<string, unknown>>`
      select * from outbox_messages where id = ${id}`.execute(t.db);
    const row = rows[0]!;
    expect(JSON.stringify(row)).not.toContain('12,345');
    expect(row).toMatchObject({ recipient: 'someone@example.com', purpose: 'statement', status: 'sent' });
    expect(row.body_purged_at).not.toBeNull();
  });
});
