import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePositions, START, type Position, type RecordedEvent } from '@goldledger/contracts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-infra.js';
import { handle } from '../command-handler.js';
import { ConcurrencyError, createEventStore, type EventStore, type NewEvent } from './event-store.js';
import { createUpcaster } from './upcasting.js';

let t: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  t = await createTestDatabase('store');
  store = createEventStore(t.db, { contracts: 'unchecked' });
});
afterAll(async () => t?.drop());

const at = new Date('2026-11-21T10:00:00+05:30');
const ev = (type: string, data: Record<string, unknown> = {}): NewEvent => ({ type, data, occurredAt: at });

describe('appending to a stream', () => {
  it('creates a stream with "no_stream" and continues it at the exact version', async () => {
    const id = randomUUID();
    const first = await store.append(id, [ev('Opened'), ev('Noted', { n: 1 })], {
      streamType: 'test',
      expectedVersion: 'no_stream',
    });
    expect(first.nextExpectedVersion).toBe(2);
    expect(first.positions).toHaveLength(2);
    const second = await store.append(id, [ev('Noted', { n: 2 })], {
      streamType: 'test',
      expectedVersion: 2,
    });
    expect(second.nextExpectedVersion).toBe(3);
    const { version, events } = await store.readStream(id);
    expect(version).toBe(3);
    expect(events.map((e) => [e.streamPosition, e.type, e.data])).toEqual([
      [1, 'Opened', {}],
      [2, 'Noted', { n: 1 }],
      [3, 'Noted', { n: 2 }],
    ]);
    expect(events[0]!.streamType).toBe('test');
    expect(events[0]!.occurredAt).toBe(at.toISOString());
  });

  it('refuses "no_stream" for an existing stream and a stale version, with ConcurrencyError', async () => {
    const id = randomUUID();
    await store.append(id, [ev('Opened')], { streamType: 'test', expectedVersion: 'no_stream' });
    await expect(
      store.append(id, [ev('Opened')], { streamType: 'test', expectedVersion: 'no_stream' }),
    ).rejects.toMatchObject({ name: 'ConcurrencyError', actual: 1, expected: 'no_stream' });
    await expect(
      store.append(id, [ev('Noted')], { streamType: 'test', expectedVersion: 5 }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(
      store.append(randomUUID(), [ev('Noted')], { streamType: 'test', expectedVersion: 1 }),
    ).rejects.toMatchObject({ actual: 0 });
    expect((await store.readStream(id)).version).toBe(1);
  });

  it('lets exactly one of two concurrent appends with the same expected version win', async () => {
    for (let round = 0; round < 20; round++) {
      const id = randomUUID();
      await store.append(id, [ev('Opened')], { streamType: 'test', expectedVersion: 'no_stream' });
      const results = await Promise.allSettled([
        store.append(id, [ev('A')], { streamType: 'test', expectedVersion: 1 }),
        store.append(id, [ev('B')], { streamType: 'test', expectedVersion: 1 }),
      ]);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]!.reason).toBeInstanceOf(ConcurrencyError);
      expect((await store.readStream(id)).version).toBe(2);
    }
  });

  it('writes all events of one append or none', async () => {
    const id = randomUUID();
    await store.append(id, [ev('Opened')], { streamType: 'test', expectedVersion: 'no_stream' });
    const duplicateId = randomUUID();
    await store.append(id, [{ ...ev('A'), eventId: duplicateId }], {
      streamType: 'test',
      expectedVersion: 1,
    });
    // The second event reuses an event id: the unique index fails the statement.
    await expect(
      store.append(id, [ev('B'), { ...ev('C'), eventId: duplicateId }], {
        streamType: 'test',
        expectedVersion: 2,
      }),
    ).rejects.toThrow();
    const { version, events } = await store.readStream(id);
    expect(version).toBe(2);
    expect(events.map((e) => e.type)).toEqual(['Opened', 'A']);
  });
});

describe('a transaction over several streams', () => {
  it('commits the appends to every stream together', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await store.transaction(async (trx) => {
      await trx.append(a, [ev('Opened')], { streamType: 'test', expectedVersion: 'no_stream' });
      await trx.append(b, [ev('Opened')], { streamType: 'test', expectedVersion: 'no_stream' });
    });
    expect((await store.readStream(a)).version).toBe(1);
    expect((await store.readStream(b)).version).toBe(1);
  });

  it('rolls every append back when one of them, or anything after it, fails', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await store.append(b, [ev('Opened')], { streamType: 'test', expectedVersion: 'no_stream' });
    await expect(
      store.transaction(async (trx) => {
        await trx.append(a, [ev('Opened')], { streamType: 'test', expectedVersion: 'no_stream' });
        await trx.append(b, [ev('Noted')], { streamType: 'test', expectedVersion: 'no_stream' });
      }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(
      store.transaction(async (trx) => {
        await trx.append(a, [ev('Opened')], { streamType: 'test', expectedVersion: 'no_stream' });
        throw new Error('refused after the append');
      }),
    ).rejects.toThrow('refused after the append');
    expect((await store.readStream(a)).version).toBe(0);
    expect((await store.readStream(b)).version).toBe(1);
  });
});

describe('an idempotency key', () => {
  it('returns the first result and appends nothing when repeated', async () => {
    const id = randomUUID();
    const key = `pay:${id}:2026-11-21`;
    const first = await store.append(id, [ev('Paid', { amountPaise: 10_000 })], {
      streamType: 'test',
      expectedVersion: 'no_stream',
      metadata: { idempotencyKey: key },
    });
    const again = await store.append(id, [ev('Paid', { amountPaise: 10_000 })], {
      streamType: 'test',
      expectedVersion: 1,
      metadata: { idempotencyKey: key },
    });
    expect(again.duplicate).toBe(true);
    expect(again.eventIds).toEqual(first.eventIds);
    expect(again.nextExpectedVersion).toBe(1);
    const { events } = await store.readStream(id);
    expect(events).toHaveLength(1);
    expect(events[0]!.metadata.idempotencyKey).toBe(key);
  });

  it('appends once when the same key arrives twice at the same moment', async () => {
    const id = randomUUID();
    const key = `job:${id}`;
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        store.append(id, [ev('Ran')], {
          streamType: 'test',
          expectedVersion: 'no_stream',
          metadata: { idempotencyKey: key },
        }),
      ),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(new Set(results.map((r) => r.eventIds[0])).size).toBe(1);
    expect((await store.readStream(id)).version).toBe(1);
  });
});

describe('the events table', () => {
  it('refuses UPDATE and DELETE', async () => {
    const id = randomUUID();
    await store.append(id, [ev('Opened')], { streamType: 'test', expectedVersion: 'no_stream' });
    await expect(
      sql`update events set type = 'Forged' where stream_id = ${id}`.execute(t.db),
    ).rejects.toThrow(/append-only: UPDATE/);
    await expect(sql`delete from events where stream_id = ${id}`.execute(t.db)).rejects.toThrow(
      /append-only: DELETE/,
    );
    await expect(sql`truncate events cascade`.execute(t.db)).rejects.toThrow(/append-only: TRUNCATE/);
    expect((await store.readStream(id)).events[0]!.type).toBe('Opened');
  });
});

describe('handle (load, decide, append)', () => {
  type Counter = { count: number };
  const evolve = (s: Counter, e: Pick<RecordedEvent, 'type' | 'data'>): Counter =>
    e.type === 'Incremented' ? { count: s.count + 1 } : s;

  it('lands 50 concurrent commands on one stream with retries and contiguous versions', async () => {
    const id = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        handle<Counter>(
          store,
          id,
          ({ state }) => [ev('Incremented', { seenCount: state.count, command: i })],
          { streamType: 'counter', initialState: () => ({ count: 0 }), evolve, maxRetries: 100 },
        ),
      ),
    );
    const { version, events } = await store.readStream(id);
    expect(version).toBe(50);
    expect(events.map((e) => e.streamPosition)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // Each decision saw exactly the state before it: no lost update.
    expect(events.map((e) => e.data.seenCount)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(new Set(events.map((e) => e.data.command)).size).toBe(50);
    expect(results.some((r) => r.attempts > 1)).toBe(true);
  });

  it('gives up with ConcurrencyError after the bounded retries', async () => {
    const id = randomUUID();
    await store.append(id, [ev('Incremented')], { streamType: 'counter', expectedVersion: 'no_stream' });
    // A competitor that always writes between our load and our append.
    const racing = {
      ...store,
      readStream: async (s: string) => {
        const loaded = await store.readStream(s);
        await store.append(s, [ev('Incremented')], {
          streamType: 'counter',
          expectedVersion: loaded.version,
        });
        return loaded;
      },
    };
    await expect(
      handle<Counter>(racing, id, () => [ev('Incremented')], {
        streamType: 'counter',
        initialState: () => ({ count: 0 }),
        evolve,
        maxRetries: 3,
        backoffMs: 1,
      }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
  });

  it('appends nothing when the decision is empty', async () => {
    const id = randomUUID();
    const result = await handle<Counter>(store, id, () => [], {
      streamType: 'counter',
      initialState: () => ({ count: 0 }),
      evolve,
    });
    expect(result.eventIds).toEqual([]);
    expect(await store.streamVersion(id)).toBe(0);
  });
});

describe('reading all events', () => {
  it('upcasts old schema versions on read without rewriting them', async () => {
    const id = randomUUID();
    await store.append(id, [{ ...ev('PriceSet', { rupees: 12 }), schemaVersion: 1 }], {
      streamType: 'test',
      expectedVersion: 'no_stream',
    });
    const upcasting = createEventStore(t.db, {
      upcast: createUpcaster({
        PriceSet: {
          1: (d) => ({ paise: Number(d.rupees) * 100 }),
          2: (d) => ({ ...d, currency: 'INR' }),
        },
      }),
    });
    const [read] = (await upcasting.readStream(id)).events;
    expect(read).toMatchObject({ schemaVersion: 3, data: { paise: 1200, currency: 'INR' } });
    const [raw] = (await store.readStream(id)).events;
    expect(raw).toMatchObject({ schemaVersion: 1, data: { rupees: 12 } });
  });

  it('sees every event exactly once, in order, while 20 writers commit with random delays', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ events: fc.integer({ min: 1, max: 3 }), delayMs: fc.integer({ min: 0, max: 40 }) }),
          { minLength: 20, maxLength: 20 },
        ),
        async (writers) => {
          const marker = randomUUID();
          const from = await store.headPosition();
          const written: string[] = [];
          const seen: RecordedEvent[] = [];
          let writing = true;
          // The reader polls like the relay does, from its last position.
          const giveUpAt = performance.now() + 20_000;
          const reader = (async () => {
            let cursor: Position = from;
            for (;;) {
              const stillWriting = writing;
              const batch = await store.readAll(cursor, 7);
              for (const e of batch) if (e.data.marker === marker) seen.push(e);
              if (batch.length > 0) cursor = batch.at(-1)!.position;
              // Done when writing is over and every committed event has come through (a
              // transaction open elsewhere on the server may still hold the last ones back).
              else if (!stillWriting && (seen.length >= written.length || performance.now() > giveUpAt))
                return;
              else await sleep(2);
            }
          })();
          await Promise.all(
            writers.map(async (w, i) => {
              const ids = Array.from({ length: w.events }, () => randomUUID());
              // Open a transaction, take the sequence numbers, then commit late.
              await t.db.transaction().execute(async (trx) => {
                const s = createEventStore(trx, { contracts: 'unchecked' });
                await s.append(
                  randomUUID(),
                  ids.map((eventId) => ({ ...ev('Written', { marker, writer: i }), eventId })),
                  { streamType: 'test', expectedVersion: 'no_stream' },
                );
                await sleep(w.delayMs);
              });
              written.push(...ids);
            }),
          );
          writing = false;
          await reader;
          const ids = seen.map((e) => e.eventId);
          expect(new Set(ids).size).toBe(ids.length);
          expect([...ids].sort()).toEqual([...written].sort());
          for (let i = 1; i < seen.length; i++) {
            expect(comparePositions(seen[i - 1]!.position, seen[i]!.position)).toBeLessThan(0);
          }
        },
      ),
      { numRuns: 15 },
    );
  });

  it('reports the head position and starts from START', async () => {
    const head = await store.headPosition();
    expect(comparePositions(head, START)).toBeGreaterThan(0);
    const after = await store.readAll(head, 10);
    expect(after).toEqual([]);
  });
});
