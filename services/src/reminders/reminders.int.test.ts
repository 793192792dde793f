import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../app.js';
import { issueToken, sessionOfUser } from '../identity/access.plugin.js';
import { loadUser } from '../identity/user-commands.js';
import { OutboxSender } from '../messaging/outbox-sender.js';
import { loadConfig } from '../platform/config.js';
import { createLogger } from '../platform/logger.js';
import { InProcessTransport } from '../platform/transport.js';
import { eventsOf, openLoan, outbox } from '../testing/jobs-test-kit.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';

let t: TestDatabase;
let api: TestApi;
/** The loans' internal ids and loan numbers. */
const loans: Record<'soon' | 'later' | 'behind', { loanUuid: string; loanId: string }> = {} as never;

// The clock stands at 10:00 on Saturday 21 Nov 2026 in Kolkata.
beforeAll(async () => {
  t = await createTestDatabase('reminders');
  api = await createTestApi(t);
  // First installment on Monday 23 Nov: due in 2 days.
  loans.soon = await openLoan(api, { loanDate: '2026-10-23', rate: 18 });
  // First installment on 30 Nov: due in 9 days.
  loans.later = await openLoan(api, { loanDate: '2026-10-30', rate: 24 });
  // Installments on 5 Oct and 5 Nov unpaid (47 and 16 days overdue); the last on 5 Dec.
  loans.behind = await openLoan(api, { loanDate: '2026-09-05', rate: 18 });
  await api.project();
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

const call = async (
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  role: 'admin' | 'employee' = 'admin',
) =>
  api.app.inject({
    method,
    url,
    payload,
    headers: { 'x-auth-token': await api.tokenFor(role) },
  });

interface Item {
  _id: string;
  loanId: string;
  installmentNumber: number;
  dueDate: string;
  daysUntilDue: number;
  daysOverdue: number;
  lastReminderSentOn: string | null;
}

const upcoming = async (days?: number) =>
  (await call('GET', `/api/notifications/upcoming-payments${days ? `?days=${days}` : ''}`)).json()
    .data as Item[];
const overdue = async () => (await call('GET', '/api/notifications/overdue-payments')).json().data as Item[];
const brief = (items: Item[]) => items.map((i) => `${i.loanId} #${i.installmentNumber} ${i.dueDate}`);

describe('the reminder lists', () => {
  it('show installments due within the chosen window, 7 days by default', async () => {
    const soon = `${loans.soon.loanId} #1 2026-11-23`;
    const later = `${loans.later.loanId} #1 2026-11-30`;
    const behindLast = `${loans.behind.loanId} #3 2026-12-05`;
    expect(brief(await upcoming())).toEqual([soon]);
    expect(brief(await upcoming(3))).toEqual([soon]);
    expect(brief(await upcoming(14))).toEqual([soon, later, behindLast]);
    expect(brief(await upcoming(30))).toEqual([soon, later, behindLast]);

    const [item] = await upcoming(7);
    expect(item).toMatchObject({
      _id: loans.soon.loanUuid,
      customerName: 'Lakshmi Customer',
      customerMobile: '9000000003',
      customerEmail: 'customer@demo.local',
      type: 'upcoming',
      daysUntilDue: 2,
      daysOverdue: 0,
      installmentNumber: 1,
      totalInstallments: 3,
      installmentPlace: { n: 1, of: 3, upgradedOn: null },
      totalPaid: 0,
      lastReminderSentOn: null,
    });
    expect((item as unknown as { amount: number }).amount).toBeGreaterThan(33_333);
  });

  it('refuse a window other than 3, 7, 14 or 30 days', async () => {
    for (const days of ['5', 'abc', '0']) {
      const res = await call('GET', `/api/notifications/upcoming-payments?days=${days}`);
      expect(res.statusCode, days).toBe(400);
      expect(res.json().message).toBe('days must be 3, 7, 14 or 30');
    }
  });

  it('show overdue installments with how late they are', async () => {
    const items = await overdue();
    expect(brief(items)).toEqual([
      `${loans.behind.loanId} #1 2026-10-05`,
      `${loans.behind.loanId} #2 2026-11-05`,
    ]);
    expect(items.map((i) => [i.daysOverdue, i.daysUntilDue])).toEqual([
      [47, 0],
      [16, 0],
    ]);
  });

  it('are for admins only', async () => {
    expect(
      (await call('GET', '/api/notifications/upcoming-payments', undefined, 'employee')).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/notifications/overdue-payments', undefined, 'employee')).statusCode).toBe(
      403,
    );
  });
});

describe('Send Email Reminders', () => {
  it('emails each listed installment once a day: a second press sends none', async () => {
    const first = await call('POST', '/api/notifications/send-payment-reminders', { type: 'all' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      data: { totalSent: 3, emailsSent: 3, smsSent: 0, alreadySent: 0 },
      message: 'Successfully sent 3 reminder emails!',
    });
    const emails = await outbox(t);
    expect(emails.map((m) => [m.channel, m.recipient, m.purpose]).sort()).toEqual([
      ['email', 'customer@demo.local', 'payment_overdue'],
      ['email', 'customer@demo.local', 'payment_overdue'],
      ['email', 'customer@demo.local', 'payment_reminder'],
    ]);
    const reminder = emails.find((m) => m.purpose === 'payment_reminder')!;
    expect(reminder.subject).toBe(`Payment reminder: ${loans.soon.loanId}, ₹34,869 due on 23 Nov 2026`);
    expect(reminder.body).toContain('installment 1 of 3');

    const second = await call('POST', '/api/notifications/send-payment-reminders', { type: 'all' });
    expect(second.json()).toMatchObject({
      data: { totalSent: 0, alreadySent: 3 },
      message: 'No reminder emails to send (3 already reminded today).',
    });
    expect(await outbox(t)).toHaveLength(3);
    // Each reminder is recorded on its loan.
    const recorded = await eventsOf(t, [loans.soon.loanUuid, loans.behind.loanUuid], ['PaymentReminderSent']);
    expect(
      recorded.map((e) => [e.data.installmentNumber, e.data.kind, e.data.channel, e.data.sentOn]).sort(),
    ).toEqual([
      [1, 'overdue', 'email', '2026-11-21'],
      [1, 'upcoming', 'email', '2026-11-21'],
      [2, 'overdue', 'email', '2026-11-21'],
    ]);
    await api.project();
    expect((await overdue()).map((i) => i.lastReminderSentOn)).toEqual(['2026-11-21', '2026-11-21']);
  });

  it('sends only the kind asked for, and again the next day', async () => {
    api.clock.set('2026-11-22T04:30:00Z');
    try {
      const res = await call('POST', '/api/notifications/send-payment-reminders', { type: 'overdue' });
      expect(res.json().data).toMatchObject({ totalSent: 2, emailsSent: 2 });
    } finally {
      api.clock.set('2026-11-21T04:30:00Z');
    }
  });
});

describe('Send SMS Reminder', () => {
  const body = () => ({
    loanId: loans.behind.loanId,
    customerMobile: '+91 90000 00003',
    customerName: 'Lakshmi Customer',
    amount: 34869,
    dueDate: '2026-10-05',
    daysUntilDue: 0,
    daysOverdue: 47,
  });

  it("texts the customer's number on file, once a day", async () => {
    const res = await call('POST', '/api/notifications/send-individual-sms-reminder', body());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'SMS reminder sent successfully to Lakshmi Customer!',
    });
    const [sms] = await outbox(t, 'payment_overdue').then((m) => m.filter((x) => x.channel === 'sms'));
    expect(sms).toMatchObject({ recipient: '9000000003' });
    expect(sms!.body).toContain(`installment 1 of 3 of your gold loan ${loans.behind.loanId}`);
    expect(sms!.body).toContain('47 days overdue');

    const again = await call('POST', '/api/notifications/send-individual-sms-reminder', body());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'An SMS reminder for installment 1 was already sent to Lakshmi Customer today',
    );
  });

  it('refuses a number that is not the customer’s, and a loan that does not exist', async () => {
    const stranger = await call('POST', '/api/notifications/send-individual-sms-reminder', {
      ...body(),
      customerMobile: '9876543210',
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(
      "The mobile number 9876543210 is not on file for this loan's customer",
    );
    const missing = await call('POST', '/api/notifications/send-individual-sms-reminder', {
      ...body(),
      loanId: 'GL9912999',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Loan not found');
    const bad = await call('POST', '/api/notifications/send-individual-sms-reminder', {
      ...body(),
      customerMobile: '12',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'Please enter a valid mobile number with country code, e.g. +91 98765 43210',
    );
  });
});

describe('the SMS settings', () => {
  it('show the outbox as provider when no SMS provider is configured', async () => {
    const res = await call('GET', '/api/notifications/sms-config');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      provider: 'outbox',
      hasApiKey: false,
      hasFast2smsApiKey: false,
      senderId: null,
      templateValidation: { payment_reminder: { configured: false, templateId: null } },
    });
  });

  it('never show the API key, and say which templates are configured', async () => {
    const key = 'f2s-secret-api-key-0123456789';
    const platform = {
      config: loadConfig({
        LOG_LEVEL: 'silent',
        FAST2SMS_API_KEY: key,
        FAST2SMS_SENDER_ID: 'GLDLGR',
        FAST2SMS_TEMPLATES:
          '{"payment_reminder":"1707170000000000001","gold_return_reminder":"1707170000000000009"}',
      }),
      log: createLogger('silent'),
      connectionString: t.url,
      pool: t.pool,
      db: t.db,
      store: api.store,
      transport: new InProcessTransport(api.store),
      embedded: undefined,
      close: async () => undefined,
    };
    const app = await createApi({
      platform,
      clock: api.clock,
      secrets: { jwt: 'another-jwt-secret-'.repeat(3), otp: 'another-otp-secret-'.repeat(3) },
      messages: new OutboxSender(t.db, api.clock),
    });
    try {
      await app.ready();
      const { state, version } = await loadUser(api.store, api.users.admin);
      const token = issueToken(app, sessionOfUser(api.users.admin, state, version));
      const res = await app.inject({
        method: 'GET',
        url: '/api/notifications/sms-config',
        headers: { 'x-auth-token': token },
      });
      expect(res.body).not.toContain(key);
      expect(res.json().data).toMatchObject({
        provider: 'fast2sms',
        hasApiKey: true,
        hasFast2smsApiKey: true,
        senderId: 'GLDLGR',
        templateValidation: {
          payment_reminder: { configured: true, templateId: '1707170000000000001' },
          payment_overdue: { configured: false, templateId: null },
          gold_return_reminder: { configured: true, templateId: '1707170000000000009' },
        },
      });
      expect(res.json().data.templates.payment_reminder.variables).toEqual([
        'name',
        'amount',
        'loanId',
        'dueDate',
      ]);

      // Fast2SMS sends only DLT templates: a test without one is refused before anything is queued.
      const before = (await outbox(t)).length;
      const refused = await app.inject({
        method: 'POST',
        url: '/api/notifications/test-sms',
        headers: { 'x-auth-token': token },
        payload: { phoneNumber: '+91 98765 43210' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(
        'No DLT template is configured for "test_sms": add its template id to FAST2SMS_TEMPLATES',
      );
      const templated = await app.inject({
        method: 'POST',
        url: '/api/notifications/test-payment-reminder-sms',
        headers: { 'x-auth-token': token },
        payload: { phoneNumber: '+91 98765 43210' },
      });
      expect(templated.json()).toEqual({ success: true, message: 'Test SMS sent to 9876543210.' });
      const [queued] = await t.db
        .selectFrom('outbox_messages' as any)
        .select(['template', 'recipient'])
        .where('purpose', '=', 'payment_reminder')
        .where('channel', '=', 'sms')
        .execute();
      expect(queued).toMatchObject({
        recipient: '9876543210',
        template: {
          id: '1707170000000000001',
          variables: ['Test Customer', '₹5,000', 'GL0000000', '24 Nov 2026'],
        },
      });
      expect((await outbox(t)).length).toBe(before + 1);
    } finally {
      await app.close();
    }
  });
});

describe('the test SMS buttons', () => {
  it('send a test message to a valid number, and explain a bad one', async () => {
    for (const [path, purpose] of [
      ['test-sms', 'test_sms'],
      ['test-payment-reminder-sms', 'payment_reminder'],
      ['test-simple-payment-sms', 'payment_due_simple'],
    ] as const) {
      const res = await call('POST', `/api/notifications/${path}`, { phoneNumber: '+91 98765 43210' });
      expect(res.statusCode, path).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message:
          'Test SMS stored in the outbox for 9876543210: no SMS provider is configured, so it is not delivered.',
      });
      const sent = (await outbox(t, purpose)).filter((m) => m.recipient === '9876543210');
      expect(sent.length, purpose).toBeGreaterThanOrEqual(1);
    }
    const [simple] = await outbox(t, 'payment_due_simple');
    expect(simple!.body).toBe(
      'GoldLedger: your gold loan payment of ₹5,000 is due on 24 Nov 2026. Please pay on time.',
    );

    for (const [payload, message] of [
      [
        { phoneNumber: '12345' },
        'Please enter a valid mobile number with country code, e.g. +91 98765 43210',
      ],
      [
        { phoneNumber: '+1 415 555 0100' },
        'Please enter a valid mobile number with country code, e.g. +91 98765 43210',
      ],
      [{ phoneNumber: '' }, 'Phone number is required'],
      [{}, 'Phone number is required'],
    ] as const) {
      const res = await call('POST', '/api/notifications/test-sms', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(
      (await call('POST', '/api/notifications/test-sms', { phoneNumber: '9876543210' }, 'employee'))
        .statusCode,
    ).toBe(403);
  });
});
