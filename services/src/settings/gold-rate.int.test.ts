import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@goldledger/contracts';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';
import { GOLD_RATE_STREAM_ID } from './gold-rate.decider.js';

let t: TestDatabase;
let api: TestApi;

beforeAll(async () => {
  t = await createTestDatabase('goldrate');
  api = await createTestApi(t, undefined, {}, { goldPrices: false });
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

const as = async (role: Role | 'anonymous'): Promise<Record<string, string>> =>
  role === 'anonymous' ? {} : { 'x-auth-token': await api.tokenFor(role) };

const readRate = () => api.app.inject({ method: 'GET', url: '/api/settings/gold-rate' });
const updateRate = async (rate: unknown, role: Role | 'anonymous' = 'admin') =>
  api.app.inject({
    method: 'POST',
    url: '/api/settings/update-gold-rate',
    headers: await as(role),
    payload: rate === undefined ? {} : { rate },
  });
const history = async (role: Role | 'anonymous' = 'admin') =>
  api.app.inject({ method: 'GET', url: '/api/settings/gold-rate/history', headers: await as(role) });
const streamVersion = () => api.store.streamVersion(GOLD_RATE_STREAM_ID);

describe('the gold rate before anyone sets it', () => {
  it('is ₹7,000 a gram for every visitor, with no one named', async () => {
    const res = await readRate();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rate: 7000, updatedAt: null, updatedBy: null });
  });

  it('has an empty history', async () => {
    expect((await history()).json()).toEqual({ data: [] });
  });
});

describe('an admin updating the gold rate', () => {
  it('answers with the new rate, which every visitor then sees with who set it and when', async () => {
    const res = await updateRate(7250.5);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Gold rate updated successfully!', rate: 7250.5 });
    expect((await readRate()).json()).toEqual({
      rate: 7250.5,
      updatedAt: '2026-11-21T04:30:00.000Z',
      updatedBy: 'Asha Admin',
    });
  });

  it('records the change in paise with the admin as actor', async () => {
    const { events } = await api.store.readStream(GOLD_RATE_STREAM_ID);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      streamType: 'settings',
      type: 'GoldRateUpdated',
      data: { ratePaisePerGram: 725_050, previousRatePaisePerGram: 700_000 },
      metadata: { actor: { id: api.users.admin, role: 'admin', name: 'Asha Admin' } },
      occurredAt: '2026-11-21T04:30:00.000Z',
    });
  });

  it('lists the history newest first, each change with the rate it replaced, who and when', async () => {
    api.clock.advance(24 * 3600_000);
    expect((await updateRate(7310)).statusCode).toBe(200);
    const res = await history();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          rate: 7310,
          previousRate: 7250.5,
          updatedAt: '2026-11-22T04:30:00.000Z',
          updatedBy: 'Asha Admin',
          updatedById: api.users.admin,
        },
        {
          rate: 7250.5,
          previousRate: 7000,
          updatedAt: '2026-11-21T04:30:00.000Z',
          updatedBy: 'Asha Admin',
          updatedById: api.users.admin,
        },
      ],
    });
  });

  it('records nothing when the rate is set to what it already is', async () => {
    const before = await streamVersion();
    const res = await updateRate(7310);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Gold rate updated successfully!', rate: 7310 });
    expect(await streamVersion()).toBe(before);
  });
});

describe('admins saving the gold rate at the same moment', () => {
  it('are serialised: every change names the rate it really replaced', async () => {
    const rates = [7401, 7402, 7403, 7404, 7405];
    const answers = await Promise.all(rates.map((r) => updateRate(r)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const changes: Array<{ rate: number; previousRate: number }> = (await history()).json().data;
    const latest = changes.slice(0, rates.length).reverse();
    expect(latest.map((c) => c.rate).sort()).toEqual(rates);
    expect(latest[0]!.previousRate).toBe(7310);
    for (let i = 1; i < latest.length; i++) expect(latest[i]!.previousRate).toBe(latest[i - 1]!.rate);
    // Back to the rate the next tests expect.
    expect((await updateRate(7310)).statusCode).toBe(200);
  });
});

describe('the gold rate is changed only by admins', () => {
  it.each([
    ['employee', 403],
    ['customer', 403],
    ['anonymous', 401],
  ] as const)('refuses %s with %i, and records nothing', async (role, status) => {
    const before = await streamVersion();
    expect((await updateRate(9000, role)).statusCode).toBe(status);
    expect((await history(role)).statusCode).toBe(status);
    expect(await streamVersion()).toBe(before);
    expect((await readRate()).json().rate).toBe(7310);
  });
});

describe('a bad gold rate', () => {
  it.each([
    [0, 'Gold rate must be a positive number'],
    [-5, 'Gold rate must be a positive number'],
    ['abc', 'Gold rate must be a positive number'],
    ['7000', 'Gold rate must be a positive number'],
    [null, 'Gold rate must be a positive number'],
    [undefined, 'Please enter the gold rate per gram'],
    [1.234, 'Gold rate can have at most 2 decimal places'],
    [100_000.01, 'Gold rate must be at most ₹1,00,000 per gram'],
    [1e12, 'Gold rate must be at most ₹1,00,000 per gram'],
  ])('%o is refused with 400 "%s" and nothing recorded', async (rate, message) => {
    const before = await streamVersion();
    const res = await updateRate(rate);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: [{ msg: message, path: 'rate' }] });
    expect(await streamVersion()).toBe(before);
  });

  it('accepts the bounds: 0.01 and 1,00,000', async () => {
    expect((await updateRate(0.01)).json().rate).toBe(0.01);
    expect((await updateRate(100_000)).json().rate).toBe(100_000);
    expect((await readRate()).json().rate).toBe(100_000);
  });
});
