import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-infra.js';
import { FixedClock } from '../../platform/clock.js';
import { loadConfig } from '../../platform/config.js';
import { createLogger } from '../../platform/logger.js';
import { createMessaging } from '../messaging.js';
import { PermanentDeliveryError, type DeliverableMessage } from './delivery-adapter.js';
import { createFast2SmsAdapter } from './fast2sms.adapter.js';

interface Seen {
  method: string | undefined;
  path: string | undefined;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

/** Stands in for Fast2SMS on 127.0.0.1: records each request, answers as told. */
let server: Server;
let url: string;
const seen: Seen[] = [];
let answer: { status: number; body: string } | 'hang';

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method,
        path: req.url,
        headers: req.headers,
        form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      });
      if (answer === 'hang') return;
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dev/bulkV2`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
  answer = ok;
});

const ok = {
  status: 200,
  body: JSON.stringify({ return: true, request_id: 'lwdtp7cjyqxvfe9', message: ['SMS sent successfully.'] }),
};

const otp = (over: Partial<DeliverableMessage> = {}): DeliverableMessage => ({
  id: '0b6f3f7e-8a51-4c3e-9d0f-2a7b1c9e4d10',
  channel: 'sms',
  recipient: '9876543210',
  subject: null,
  body: 'Your GoldLedger login code is 482913. It expires in 10 minutes.',
  html: null,
  purpose: 'login_otp',
  template: { id: '171234', variables: ['482913', '10'] },
  correlationId: null,
  ...over,
});

const adapter = (timeoutMs = 5000) =>
  createFast2SmsAdapter({ url, apiKey: 'test-key-123', senderId: 'GLDLGR', timeoutMs });

describe('the Fast2SMS adapter', () => {
  it('posts the DLT template, its variables and the number, authorised by the key', async () => {
    await expect(adapter().deliver(otp())).resolves.toEqual({ providerMessageId: 'lwdtp7cjyqxvfe9' });
    expect(seen).toHaveLength(1);
    const request = seen[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/dev/bulkV2');
    expect(request.headers.authorization).toBe('test-key-123');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.form).toEqual({
      route: 'dlt',
      sender_id: 'GLDLGR',
      message: '171234',
      variables_values: '482913|10',
      numbers: '9876543210',
      flash: '0',
    });
  });

  it("fails with the provider's reason when it answers an error status", async () => {
    answer = {
      status: 401,
      body: JSON.stringify({
        return: false,
        status_code: 412,
        message: 'Invalid Authentication, Check Authorization Key',
      }),
    };
    await expect(adapter().deliver(otp())).rejects.toThrow(
      'Fast2SMS refused the SMS (HTTP 401, code 412): Invalid Authentication, Check Authorization Key',
    );
  });

  it('fails when a 200 answer says return: false', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({ return: false, status_code: 411, message: 'Invalid Numbers' }),
    };
    await expect(adapter().deliver(otp())).rejects.toThrow(/HTTP 200, code 411\): Invalid Numbers/);
  });

  it('fails with the start of the page when the answer is not JSON', async () => {
    answer = { status: 502, body: '<html>Bad Gateway</html>' };
    await expect(adapter().deliver(otp())).rejects.toThrow(/HTTP 502\): <html>Bad Gateway<\/html>/);
  });

  it('gives up on a provider that does not answer within the timeout', async () => {
    answer = 'hang';
    await expect(adapter(200).deliver(otp())).rejects.toThrow(
      /Fast2SMS could not be reached: .*(timeout|aborted)/i,
    );
  });

  it('refuses for good an SMS without a DLT template, without calling the provider', async () => {
    await expect(adapter().deliver(otp({ template: null }))).rejects.toBeInstanceOf(PermanentDeliveryError);
    expect(seen).toEqual([]);
  });
});

describe('SMS with FAST2SMS_API_KEY set', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('msg_f2s');
  });
  afterAll(async () => t?.drop());

  const make = (clock: FixedClock) =>
    createMessaging(
      loadConfig({ FAST2SMS_API_KEY: 'test-key-123', FAST2SMS_SENDER_ID: 'GLDLGR', FAST2SMS_URL: url }),
      t.db,
      clock,
      createLogger('silent'),
    );
  const send = (messaging: ReturnType<typeof make>) =>
    messaging.sender.send({
      channel: 'sms',
      to: '+91 98765 43210',
      text: 'Your GoldLedger login code is 482913. It expires in 10 minutes.',
      purpose: 'login_otp',
      template: { id: '171234', variables: ['482913', '10'] },
    });

  it('is sent through the provider and the row keeps its request id', async () => {
    const messaging = make(new FixedClock('2026-11-21T04:30:00Z'));
    const { id } = await send(messaging);
    expect(await messaging.dispatcher.drainOnce()).toMatchObject({ claimed: 1, sent: 1 });
    const [entry] = await messaging.list({ to: '9876543210', limit: 1 });
    expect(entry).toMatchObject({
      id,
      status: 'sent',
      provider: 'fast2sms',
      providerMessageId: 'lwdtp7cjyqxvfe9',
    });
    expect(seen.map((s) => s.form.numbers)).toEqual(['9876543210']);
  });

  it("is retried after the provider's error, which the row records", async () => {
    const clock = new FixedClock('2026-11-21T05:00:00Z');
    const messaging = make(clock);
    answer = {
      status: 200,
      body: JSON.stringify({ return: false, status_code: 995, message: 'Spamming detected' }),
    };
    const { id } = await send(messaging);
    expect(await messaging.dispatcher.drainOnce()).toMatchObject({ claimed: 1, failed: 1 });
    let [entry] = await messaging.list({ to: '9876543210', limit: 1 });
    expect(entry).toMatchObject({ id, status: 'failed', attempts: 1, provider: 'fast2sms' });
    expect(entry!.lastError).toMatch(/Spamming detected/);
    expect(entry!.nextAttemptAt).toEqual(new Date('2026-11-21T05:00:30Z'));

    answer = ok;
    clock.advance(30_000);
    expect(await messaging.dispatcher.drainOnce()).toMatchObject({ claimed: 1, sent: 1 });
    [entry] = await messaging.list({ to: '9876543210', limit: 1 });
    expect(entry).toMatchObject({ id, status: 'sent', attempts: 2, providerMessageId: 'lwdtp7cjyqxvfe9' });
  });
});
