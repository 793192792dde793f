import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminNotificationsProjection, rebuildProjection } from '@goldledger/projections';
import { executeLoanCommand } from '../lending/loan-commands.js';
import { operationsSupport } from '../testing/operations-test-support.js';
import { createLogger } from '../platform/logger.js';
import { ProjectorHost } from '../platform/projector-host.js';
import { Relay } from '../platform/relay.js';
import { InProcessTransport } from '../platform/transport.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';

/**
 * The bell with the real projector runtime running in-process, as in the embedded
 * default: the relay wakes on the store's NOTIFY, hands committed events to the
 * projector host, which applies them to the read model the API reads. Nothing here
 * calls `api.project()`.
 */
let t: TestDatabase;
let api: TestApi;
let ops: ReturnType<typeof operationsSupport>;
const stop = new AbortController();
let running: Promise<unknown>;

const APPEAR_WITHIN_MS = 1000;

beforeAll(async () => {
  t = await createTestDatabase('bell');
  api = await createTestApi(t);
  ops = operationsSupport(api, '3');
  const log = createLogger('silent');
  const transport = new InProcessTransport(api.store);
  const relay = new Relay({
    store: api.store,
    transport,
    connectionString: t.url,
    log,
    pollMs: 200,
    batchSize: 500,
  });
  const host = new ProjectorHost({
    db: t.db,
    reader: api.store,
    transport,
    connectionString: t.url,
    projections: [adminNotificationsProjection],
    log,
    lockRetryMs: 100,
  });
  running = Promise.all([relay.run(stop.signal), host.run(stop.signal)]);
  for (let i = 0; i < 300 && !host.runners.has(adminNotificationsProjection.name); i++) await sleep(20);
  expect(host.runners.has(adminNotificationsProjection.name)).toBe(true);
});
afterAll(async () => {
  stop.abort();
  await running;
  await api?.app.close();
  await t?.drop();
});

interface Item {
  _id: string;
  type: string;
  title: string;
  message: string;
  customerName: string | null;
  amount?: number;
  loanId: string | null;
  isRead: boolean;
  readAt: string | null;
  readBy: string | null;
}

const bell = async (query = '?limit=100') => {
  const res = await ops.call('admin', 'GET', `/api/notifications${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Item[]; unreadCount: number; pagination: { total: number } };
};
const unread = async () =>
  (await ops.call('admin', 'GET', '/api/notifications/unread-count')).json().count as number;

/** Polls the API until `check` holds; returns how long that took after `since`. */
async function visibleWithin(since: number, check: () => Promise<boolean>, what: string): Promise<number> {
  for (;;) {
    if (await check()) return performance.now() - since;
    if (performance.now() - since > 10_000) throw new Error(`${what}: not visible after 10 s`);
    await sleep(5);
  }
}

const latencies: Record<string, number> = {};

describe('the admin notification bell', () => {
  let loan: { loanUuid: string; loanId: string };
  let customer: Awaited<ReturnType<typeof ops.newCustomer>>;
  let other: { loanUuid: string; loanId: string };

  it('shows a new loan, a repayment and the closure within a second of each event', async () => {
    customer = await ops.newCustomer();
    let since = performance.now();
    loan = await ops.openLoan(customer.customerUuid, '2026-11-01');
    latencies.new_loan = await visibleWithin(
      since,
      async () => (await bell()).data.some((n) => n.type === 'new_loan' && n.loanId === loan.loanId),
      'new loan',
    );
    const created = (await bell()).data.find((n) => n.type === 'new_loan')!;
    expect(created).toMatchObject({
      title: `New loan ${loan.loanId}`,
      message: `${customer.name}: ₹50,000 at 18% for 3 months, by Asha Admin.`,
      customerName: customer.name,
      customerMobile: customer.mobile,
      amount: 50_000,
      loanId: loan.loanId,
      loanRef: loan.loanUuid,
      isRead: false,
      readAt: null,
      createdAt: '2026-11-01T06:30:00.000Z',
    });

    since = performance.now();
    const part = await ops.call('employee', 'POST', `/api/loans/${loan.loanUuid}/payment`, { amount: 5_000 });
    expect(part.statusCode, part.body).toBe(201);
    latencies.new_repayment = await visibleWithin(
      since,
      async () => (await bell()).data.some((n) => n.type === 'new_repayment'),
      'repayment',
    );
    expect((await bell()).data[0]).toMatchObject({
      type: 'new_repayment',
      title: `Repayment on ${loan.loanId}`,
      customerName: customer.name,
      amount: 5_000,
    });

    since = performance.now();
    await ops.repay(loan.loanUuid);
    latencies.loan_closed = await visibleWithin(
      since,
      async () => (await bell()).data.some((n) => n.type === 'loan_closed'),
      'closure',
    );
    since = performance.now();
    await executeLoanCommand(ops.deps, loan.loanUuid, {
      type: 'MarkGoldReturned',
      notes: null,
      today: '2026-11-21',
    });
    latencies.gold_returned = await visibleWithin(
      since,
      async () => (await bell()).data.some((n) => n.type === 'gold_returned'),
      'gold returned',
    );

    const { data } = await bell();
    expect(data.map((n) => n.type)).toEqual([
      'gold_returned',
      'loan_closed',
      'new_repayment',
      'new_repayment',
      'new_loan',
    ]);
    expect(await unread()).toBe(5);
    for (const [what, ms] of Object.entries(latencies))
      expect(ms, what).toBeLessThanOrEqual(APPEAR_WITHIN_MS);
  });

  it('counts unread, marks one read, deletes one and marks all read, each shown within a second', async () => {
    const before = (await bell()).data;
    const [first, second] = before;

    let since = performance.now();
    const read = await ops.call('admin', 'PUT', `/api/notifications/${first!._id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      success: true,
      data: { _id: first!._id, isRead: true, readBy: 'Asha Admin' },
    });
    latencies.read = await visibleWithin(since, async () => (await unread()) === 4, 'one read');
    const shown = (await bell()).data.find((n) => n._id === first!._id)!;
    expect(shown).toMatchObject({ isRead: true, readBy: 'Asha Admin' });
    expect(shown.readAt).not.toBeNull();
    expect((await bell('?isRead=false')).data.map((n) => n._id)).not.toContain(first!._id);
    // Reading it again changes nothing.
    expect((await ops.call('admin', 'PUT', `/api/notifications/${first!._id}/read`)).statusCode).toBe(200);

    since = performance.now();
    const deleted = await ops.call('admin', 'DELETE', `/api/notifications/${second!._id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: 'Notification deleted' });
    latencies.deleted = await visibleWithin(
      since,
      async () => !(await bell()).data.some((n) => n._id === second!._id),
      'deleted',
    );
    expect(await unread()).toBe(3);
    for (const [method, id] of [
      ['PUT', `${second!._id}/read`],
      ['DELETE', second!._id],
      ['PUT', '00000000-0000-4000-8000-000000000000/read'],
      ['PUT', 'not-an-id/read'],
    ] as const) {
      const res = await ops.call('admin', method, `/api/notifications/${id}`);
      expect(res.statusCode, `${method} ${id}`).toBe(404);
      expect(res.json().message).toBe('Notification not found');
    }

    since = performance.now();
    const all = await ops.call('admin', 'PUT', '/api/notifications/read-all');
    expect(all.json()).toEqual({ success: true, message: 'All notifications marked as read', count: 3 });
    latencies.read_all = await visibleWithin(since, async () => (await unread()) === 0, 'all read');
    expect((await bell('?isRead=false')).data).toEqual([]);
    expect((await ops.call('admin', 'PUT', '/api/notifications/read-all')).json().count).toBe(0);

    // What comes after "mark all read" is unread.
    since = performance.now();
    other = await ops.openLoan((await ops.newCustomer(false)).customerUuid, '2026-11-21');
    await visibleWithin(since, async () => (await unread()) === 1, 'a later notification');
    expect((await bell('?isRead=false')).data.map((n) => n.loanId)).toEqual([other.loanId]);
    for (const [what, ms] of Object.entries(latencies))
      expect(ms, what).toBeLessThanOrEqual(APPEAR_WITHIN_MS);
  });

  it('keeps read marks and deletions through a rebuild of the read model', async () => {
    const before = await bell();
    const rebuilt = await rebuildProjection({
      db: t.db,
      reader: api.store,
      projection: adminNotificationsProjection,
    });
    expect(rebuilt.events).toBeGreaterThan(0);
    const after = await bell();
    expect(after.data).toEqual(before.data);
    expect(after.unreadCount).toBe(1);
    expect(after.pagination.total).toBe(5);
    // And the live consumer carries on after the swap.
    const since = performance.now();
    const paid = await ops.call('employee', 'POST', `/api/loans/${other.loanUuid}/payment`, {
      amount: 1_000,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(
      await visibleWithin(since, async () => (await unread()) === 2, 'after the rebuild'),
    ).toBeLessThanOrEqual(APPEAR_WITHIN_MS);
  });

  it('pages, filters by type, and is for admins only', async () => {
    const page = await bell('?limit=2&page=2');
    expect(page.data).toHaveLength(2);
    expect(page.pagination).toMatchObject({ total: 6 });
    expect((await bell('?type=new_loan')).data.every((n) => n.type === 'new_loan')).toBe(true);
    expect((await ops.call('admin', 'GET', '/api/notifications?isRead=maybe')).statusCode).toBe(400);
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['PUT', '/api/notifications/read-all'],
    ] as const) {
      expect((await ops.call('employee', method, url)).statusCode).toBe(403);
    }
  });
});
