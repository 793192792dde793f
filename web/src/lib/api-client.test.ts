import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, actionKeys, api, IDEMPOTENCY_HEADER, NetworkError } from './api-client';

/** Issue 15, point 4: each command carries an Idempotency-Key, kept across its retries. */
const sent: Array<{ method: string; key: string | null }> = [];
let answers: Array<() => Response> = [];

beforeEach(() => {
  vi.useFakeTimers();
  sent.length = 0;
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    sent.push({ method: init.method ?? 'GET', key: headers.get(IDEMPOTENCY_HEADER) });
    const next = answers.shift();
    return next ? Promise.resolve(next()) : Promise.reject(new TypeError('fetch failed'));
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  answers = [];
});

const ok = () => Response.json({ message: 'Payment recorded successfully' }, { status: 201 });
const Message = z.object({ message: z.string() });

async function settle<T>(promise: Promise<T>): Promise<T> {
  const result = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  const r = await result;
  if ('error' in r) throw r.error;
  return r.value;
}

describe('commands and their Idempotency-Key', () => {
  it('sends a fresh key with each command, none with a read', async () => {
    answers = [ok, ok, () => Response.json({ message: 'x' })];
    await settle(api.post('/api/loans/1/payment', { amount: 1 }, Message));
    await settle(api.post('/api/loans/1/payment', { amount: 1 }, Message));
    await settle(api.get('/api/loans/1', Message));
    expect(sent.map((s) => s.method)).toEqual(['POST', 'POST', 'GET']);
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
    expect(sent[2]!.key).toBeNull();
  });

  it('resends with the same key after a lost connection, a 503 and a 409 "in progress"', async () => {
    answers = [
      () => {
        throw new TypeError('fetch failed');
      },
      () => Response.json({ message: 'down' }, { status: 503 }),
      () => Response.json({ message: 'busy', code: 'idempotency_in_progress' }, { status: 409 }),
      ok,
    ];
    const answer = await settle(api.post('/api/loans/1/payment', { amount: 1 }, Message));
    expect(answer.message).toBe('Payment recorded successfully');
    expect(sent).toHaveLength(4);
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
  });

  it('gives up after four tries with the network error, and never resends a refusal', async () => {
    await expect(settle(api.put('/api/x', {}, Message))).rejects.toBeInstanceOf(NetworkError);
    expect(sent).toHaveLength(4);
    sent.length = 0;
    answers = [() => Response.json({ message: 'Amount must be more than 0' }, { status: 400 })];
    await expect(settle(api.post('/api/x', {}, Message))).rejects.toBeInstanceOf(ApiError);
    expect(sent).toHaveLength(1);
  });

  it('uses the key the caller gives (the same action again)', async () => {
    answers = [ok];
    await settle(api.post('/api/x', {}, Message, { idempotencyKey: 'repay-1' }));
    expect(sent[0]!.key).toBe('repay-1');
  });

  it('actionKeys: the same body keeps its key, a changed body gets a new one', () => {
    const keyFor = actionKeys();
    const first = keyFor({ amount: 100, paymentMethod: 'handcash' });
    expect(keyFor({ amount: 100, paymentMethod: 'handcash' })).toBe(first);
    const changed = keyFor({ amount: 200, paymentMethod: 'handcash' });
    expect(changed).not.toBe(first);
    expect(keyFor({ amount: 200, paymentMethod: 'handcash' })).toBe(changed);
  });
});
