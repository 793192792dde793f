import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START, comparePositions } from '@goldledger/contracts';
import {
  ProjectionRunner,
  auditLogProjection,
  rebuildProjection,
  streamStatsProjection,
  type Delivery,
  type Projection,
} from '@goldledger/projections';
import {
  InProcessTransport,
  NatsTransport,
  ProjectorHost,
  Relay,
  createEventStore,
  createLogger,
  type EventStore,
  readModel,
} from '@goldledger/services';
import {
  TEST_NATS_URL,
  createTestDatabase,
  testNatsNames,
  untilCommittedReadable,
  type TestDatabase,
} from '@goldledger/services/testing';

let t: TestDatabase;
let store: EventStore;
const log = createLogger('silent');

beforeAll(async () => {
  t = await createTestDatabase('proj');
  store = createEventStore(t.db, { contracts: 'unchecked' });
});
afterAll(async () => t?.drop());

const occurredAt = new Date('2026-11-21T04:30:00Z');

/**
 * Before a catch-up that must see what was just appended: the store reads only below the
 * server-wide xmin, which a transaction held open by another file (or the browser tests
 * beside them) keeps back for a while.
 */
const readable = () => untilCommittedReadable(t.db);

async function appendMany(streams: number, perStream: number, type = 'Noted'): Promise<string[]> {
  const ids: string[] = [];
  await Promise.all(
    Array.from({ length: streams }, async () => {
      const id = randomUUID();
      ids.push(id);
      for (let v = 0; v < perStream; v++) {
        await store.append(id, [{ type, data: { v }, occurredAt }], {
          streamType: 'test',
          expectedVersion: v === 0 ? 'no_stream' : v,
          metadata: { actor: { id: 'u1', role: 'admin', name: 'Asha' }, clientIp: '10.0.0.1' },
        });
      }
    }),
  );
  return ids;
}

/** A projection that counts events and refuses any event of type `Poison`. */
function countingProjection(name: string, refusesPoison = true): Projection {
  const schema = `rm_${name.replaceAll('-', '_')}`;
  return {
    name,
    version: 1,
    schema,
    async createTables(db, s) {
      await db.schema
        .withSchema(s)
        .createTable('seen')
        .addColumn('event_id', 'uuid', (c) => c.primaryKey())
        .execute();
    },
    async apply({ db }, events) {
      for (const e of events) {
        if (refusesPoison && e.type === 'Poison') throw new Error(`cannot project ${e.eventId}`);
        await db.insertInto('seen').values({ event_id: e.eventId }).execute();
      }
    },
  };
}

/**
 * A counting projection whose next `cut(n)` applies lose their database connection
 * (the apply's own backend is terminated, as a PostgreSQL restart would); `cut`
 * answers how many cuts were still to come before the new count.
 */
function connectionCutting(name: string): { projection: Projection; cut: (n: number) => number } {
  const base = countingProjection(name, false);
  let cuts = 0;
  const projection: Projection = {
    ...base,
    async apply(ctx, events) {
      if (cuts > 0) {
        cuts--;
        await sql`select pg_terminate_backend(pg_backend_pid())`.execute(ctx.trx);
      }
      await base.apply(ctx, events);
    },
  };
  const cut = (n: number) => {
    const left = cuts;
    cuts = n;
    return left;
  };
  return { projection, cut };
}

const deadLettersOf = (projection: string) =>
  t.db.selectFrom('projection_dead_letters').selectAll().where('projection', '=', projection).execute();

const countSeen = async (schema: string) =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from ${sql.id(schema, 'seen')}`.execute(t.db)).rows[0]!.n,
  );

async function eventually(check: () => Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Not there yet (even "no such table" while a host is still starting) means wait.
    if (await check().catch(() => false)) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('a projection runner', () => {
  it('parks a poison event in the dead-letter table and keeps going', async () => {
    const projection = countingProjection(`poison-${randomUUID().slice(0, 8)}`);
    const runner = new ProjectionRunner({ db: t.db, reader: store, projection, attempts: 2, backoffMs: 1 });
    await runner.init();
    await readable();
    await runner.catchUp();
    const before = await countSeen(projection.schema);
    const id = randomUUID();
    await store.append(
      id,
      [
        { type: 'Good', data: {}, occurredAt },
        { type: 'Poison', data: { why: 'bad data' }, occurredAt },
        { type: 'Good', data: {}, occurredAt },
      ],
      { streamType: 'test', expectedVersion: 'no_stream' },
    );
    await readable();
    await runner.catchUp();
    expect(await countSeen(projection.schema)).toBe(before + 2);
    const parked = await t.db
      .selectFrom('projection_dead_letters')
      .selectAll()
      .where('projection', '=', projection.name)
      .execute();
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({ event_type: 'Poison', stream_id: id, attempts: 2 });
    expect(parked[0]!.error).toContain('cannot project');
    // The checkpoint moved past it: later events flow.
    await store.append(id, [{ type: 'Good', data: {}, occurredAt }], {
      streamType: 'test',
      expectedVersion: 3,
    });
    await readable();
    await runner.catchUp();
    expect(await countSeen(projection.schema)).toBe(before + 3);
  });

  it('waits out a lost database connection instead of parking the event', async () => {
    // A PostgreSQL restart under load: every try fails with "terminating connection
    // due to administrator command" for longer than the retries of a poison event.
    // Such a failure says nothing about the event, so nothing may be parked for it.
    const { projection, cut } = connectionCutting(`conn-${randomUUID().slice(0, 8)}`);
    const runner = new ProjectionRunner({ db: t.db, reader: store, projection, attempts: 2, backoffMs: 1 });
    await runner.init();
    await readable();
    await runner.catchUp();
    const before = await countSeen(projection.schema);
    cut(5);
    await appendMany(1, 2);
    await readable();
    await runner.catchUp();
    expect(cut(0)).toBe(0);
    expect(await countSeen(projection.schema)).toBe(before + 2);
    expect(await deadLettersOf(projection.name)).toEqual([]);
  });

  it('stops retrying a lost connection when it is told to stop', async () => {
    const { projection, cut } = connectionCutting(`stop-${randomUUID().slice(0, 8)}`);
    const stop = new AbortController();
    const runner = new ProjectionRunner({
      db: t.db,
      reader: store,
      projection,
      attempts: 2,
      backoffMs: 1,
      signal: stop.signal,
    });
    await runner.init();
    await readable();
    await runner.catchUp();
    cut(Infinity);
    await appendMany(1, 1);
    await readable();
    setTimeout(() => stop.abort(), 300);
    await expect(runner.catchUp()).rejects.toThrow(/terminat/i);
    expect(await deadLettersOf(projection.name)).toEqual([]);
  });

  it('skips redelivered events and fills a gap from the store', async () => {
    const projection = countingProjection(`gaps-${randomUUID().slice(0, 8)}`);
    const runner = new ProjectionRunner({ db: t.db, reader: store, projection });
    await runner.init();
    await readable();
    await runner.catchUp();
    const start = runner.checkpoint;
    const base = await countSeen(projection.schema);
    await appendMany(3, 4);
    await readable();
    const events = await store.readAll(start, 100);
    expect(events).toHaveLength(12);
    const deliveries: Delivery[] = events.map((event, i) => ({
      event,
      prev: i === 0 ? start : events[i - 1]!.position,
    }));
    // Deliver only the last 4: the runner must read the 8 before them itself.
    await runner.deliver(deliveries.slice(8));
    expect(await countSeen(projection.schema)).toBe(base + 12);
    // Redelivery of everything changes nothing.
    await runner.deliver(deliveries);
    await runner.deliver(deliveries.slice(3, 6));
    expect(await countSeen(projection.schema)).toBe(base + 12);
  });

  it('rebuilds when its version changes', async () => {
    const projection = countingProjection(`versions-${randomUUID().slice(0, 8)}`, false);
    const first = new ProjectionRunner({ db: t.db, reader: store, projection });
    await first.init();
    await readable();
    await first.catchUp();
    await sql`delete from ${sql.id(projection.schema, 'seen')}`.execute(t.db);
    const bumped = new ProjectionRunner({
      db: t.db,
      reader: store,
      projection: { ...projection, version: 2 },
    });
    await bumped.init();
    const total = Number(
      (await sql<{ n: string }>`select count(*) as n from events`.execute(t.db)).rows[0]!.n,
    );
    expect(await countSeen(projection.schema)).toBe(total);
  });
});

describe('rebuild', () => {
  it('produces the same read model as live projection', async () => {
    const runner = new ProjectionRunner({ db: t.db, reader: store, projection: streamStatsProjection });
    await runner.init();
    await appendMany(5, 6);
    await readable();
    await runner.catchUp();
    const live = await readModel(t.db, 'rm_stream_stats')
      .selectFrom('stream_stats')
      .selectAll()
      .orderBy('stream_id')
      .execute();
    const progress: number[] = [];
    const result = await rebuildProjection({
      db: t.db,
      reader: store,
      projection: streamStatsProjection,
      batchSize: 7,
      onProgress: (done) => progress.push(done),
    });
    const rebuilt = await readModel(t.db, 'rm_stream_stats')
      .selectFrom('stream_stats')
      .selectAll()
      .orderBy('stream_id')
      .execute();
    expect(rebuilt).toEqual(live);
    expect(progress.at(-1)).toBe(result.events);
    expect(progress.length).toBeGreaterThan(1);
    const checkpoint = await t.db
      .selectFrom('projection_checkpoints')
      .selectAll()
      .where('projection', '=', 'stream-stats')
      .executeTakeFirstOrThrow();
    expect(String(checkpoint.global_position)).toBe(result.position.globalPosition);
  });

  it('stops on a failing event instead of leaving a hole', async () => {
    const projection = countingProjection(`strict-${randomUUID().slice(0, 8)}`);
    const runner = new ProjectionRunner({ db: t.db, reader: store, projection, attempts: 1, backoffMs: 1 });
    await runner.init();
    await readable();
    await expect(rebuildProjection({ db: t.db, reader: store, projection })).rejects.toThrow(
      'cannot project',
    );
  });
});

describe('delivery through NATS JetStream', () => {
  it('carries committed events to the read model once each, in order', async () => {
    const names = testNatsNames('rt');
    const transport = await NatsTransport.connect(TEST_NATS_URL, names.stream, names.subjectPrefix);
    const projection = countingProjection(`nats-${randomUUID().slice(0, 8)}`);
    const stop = new AbortController();
    try {
      const relay = new Relay({ store, transport, connectionString: t.url, log, pollMs: 200, batchSize: 50 });
      const host = new ProjectorHost({
        db: t.db,
        reader: store,
        transport,
        connectionString: t.url,
        projections: [projection],
        log,
        lockRetryMs: 100,
      });
      const running = Promise.all([relay.run(stop.signal), host.run(stop.signal)]);
      await appendMany(10, 10);
      // The last committed event, read from the table itself: `headPosition()` stops below the
      // cluster-wide xmin, which another database's open transaction can hold back for a moment.
      const last = (
        await sql<{ tx: string; gp: string }>`
          select transaction_id::text as tx, global_position::text as gp from events
          order by transaction_id desc, global_position desc limit 1`.execute(t.db)
      ).rows[0]!;
      const head = { transactionId: last.tx, globalPosition: last.gp };
      const total = Number(
        (await sql<{ n: string }>`select count(*) as n from events where type <> 'Poison'`.execute(t.db))
          .rows[0]!.n,
      );
      await eventually(
        async () => (await countSeen(projection.schema)) === total,
        'the read model to catch up',
      );
      // A relay restarting from an older point republishes; JetStream drops the repeats.
      const batch = (await store.readAll(START, 20)).map((event, i, all) => ({
        event,
        prev: i === 0 ? START : all[i - 1]!.position,
      }));
      await transport.publish(batch);
      const info = await transport.streamInfo();
      expect(info.state.messages).toBe(
        Number((await sql<{ n: string }>`select count(*) as n from events`.execute(t.db)).rows[0]!.n),
      );
      await eventually(
        async () => relay.position !== undefined && comparePositions(relay.position, head) === 0,
        'the relay to reach the last event',
      );
      expect(relay.position).toEqual(head);
      stop.abort();
      await running;
    } finally {
      stop.abort();
      await transport.deleteStream();
      await transport.close();
    }
  });

  it('keeps one active instance per projection and fails over to the standby', async () => {
    const projection = countingProjection(`ha-${randomUUID().slice(0, 8)}`);
    const transport = new InProcessTransport(store);
    const a = new AbortController();
    const b = new AbortController();
    const make = () =>
      new ProjectorHost({
        db: t.db,
        reader: store,
        transport,
        connectionString: t.url,
        projections: [projection],
        log,
        lockRetryMs: 100,
      });
    const hostA = make();
    const hostB = make();
    const runA = hostA.run(a.signal);
    await eventually(async () => hostA.runners.has(projection.name), 'host A to take the lock');
    const runB = hostB.run(b.signal);
    await sleep(400);
    expect(hostB.runners.has(projection.name)).toBe(false);
    a.abort();
    await runA;
    await eventually(async () => hostB.runners.has(projection.name), 'host B to take over');
    b.abort();
    await runB;
  });
});

describe('in-process delivery', () => {
  it('feeds the same projectors and checkpoints without NATS', async () => {
    const transport = new InProcessTransport(store);
    const stop = new AbortController();
    const relay = new Relay({ store, transport, connectionString: t.url, log, pollMs: 200, batchSize: 50 });
    const host = new ProjectorHost({
      db: t.db,
      reader: store,
      transport,
      connectionString: t.url,
      projections: [auditLogProjection],
      log,
      lockRetryMs: 100,
    });
    const running = Promise.all([relay.run(stop.signal), host.run(stop.signal)]);
    const ids = await appendMany(4, 5, 'Audited');
    await eventually(async () => {
      const rows = await readModel(t.db, 'rm_audit_log')
        .selectFrom('audit_log')
        .select('stream_id')
        .where('stream_id', 'in', ids)
        .execute();
      return rows.length === 20;
    }, 'the audit log to show 20 events');
    const row = await readModel(t.db, 'rm_audit_log')
      .selectFrom('audit_log')
      .selectAll()
      .where('stream_id', '=', ids[0]!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      actor_name: 'Asha',
      actor_role: 'admin',
      client_ip: '10.0.0.1',
      event_type: 'Audited',
    });
    stop.abort();
    await running;
  });
});
