import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, createEventStore, createPool, type Database } from '@goldledger/services';
import {
  ProcessGroup,
  cleanEnv,
  freePort,
  getJson,
  waitReady,
  waitUntil,
  type ProductProcess,
} from './support/processes.js';

/**
 * `npm start` on a fresh machine: no DATABASE_URL, no NATS_URL. The process starts
 * its own PostgreSQL under DATA_DIR and delivers events in-process.
 */
const STREAMS = 3;
const EVENTS_PER_STREAM = 2;

let dataDir: string | undefined;
let group: ProcessGroup | undefined;
let port = 0;
const runId = randomUUID().slice(0, 8);
let before: { demoUsers: number; loans: number; events: string[]; stats: string[] } | undefined;

afterAll(async () => {
  await group?.killAll(30_000);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const databaseUrl = () => `postgres://postgres:postgres@127.0.0.1:${port}/goldledger`;

/** Runs `fn` with a small pool on the embedded database, closed afterwards. */
async function withDb<T>(fn: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const db = createDb<Database>(createPool(databaseUrl(), 2));
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

const readBack = () =>
  withDb(async (db) => ({
    // The demo seed's accounts: created by the first start only. (The demo loan book's
    // customers have accounts too; these are the three a newcomer signs in with.)
    demoUsers: Number(
      (
        await sql<{ n: string }>`
          select count(*) as n from events e join streams s using (stream_id)
          where s.stream_type = 'user' and e.type in ('StaffRegistered', 'CustomerAccountOpened')
            and e.data->>'email' in ('admin@demo.local', 'employee@demo.local', 'customer@demo.local')`.execute(
          db,
        )
      ).rows[0]!.n,
    ),
    // The demo loan book, generated after the seed.
    loans: Number(
      (await sql<{ n: string }>`select count(*) as n from streams where stream_type = 'loan'`.execute(db))
        .rows[0]!.n,
    ),
    events: (
      await sql<{ row: string }>`
        select concat_ws('|', e.event_id, e.stream_id, e.stream_position, e.type) as row
        from events e join streams s using (stream_id)
        where s.stream_type = 'system-test' order by e.global_position`.execute(db)
    ).rows.map((r) => r.row),
    stats: (
      await sql<{ row: string }>`
        select to_jsonb(s)::text as row from rm_stream_stats.stream_stats s
        where stream_type = 'system-test' order by stream_id`.execute(db)
    ).rows.map((r) => r.row),
  }));

const portOpen = (p: number) =>
  new Promise<boolean>((resolve) => {
    const socket = new Socket();
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.connect(p, '127.0.0.1');
  });

async function startAll(label: string): Promise<{ proc: ProductProcess; url: string; readyMs: number }> {
  const proc = group!.start(label, ['all']);
  // The first start runs initdb, which takes a while.
  const url = await proc.url(120_000);
  const readyMs = await waitReady(proc, url, 60_000);
  return { proc, url, readyMs };
}

async function stopCleanly(proc: ProductProcess): Promise<void> {
  const exit = await proc.stop('SIGTERM', 30_000);
  expect(exit, `${proc.label} should exit 0 on SIGTERM\n${proc.tail()}`).toEqual({ code: 0, signal: null });
  // Stopping the process stops its PostgreSQL too.
  await waitUntil(async () => !(await portOpen(port)), {
    timeoutMs: 15_000,
    describe: () =>
      `embedded PostgreSQL still listening on ${port} after ${proc.label} exited\n${proc.tail()}`,
  });
}

describe('npm start without DATABASE_URL and NATS_URL', () => {
  it('starts an embedded PostgreSQL, projects appended events in-process and stops cleanly on SIGTERM', async ({
    onTestFailed,
  }) => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'goldledger-embedded-'));
    port = await freePort();
    group = new ProcessGroup({
      ...cleanEnv(),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(port),
      PORT: '0',
      LOG_LEVEL: 'info',
      LOCK_RETRY_MS: '200',
    });
    onTestFailed(() => console.error(`child process output:\n${group!.tails()}`));

    const started = performance.now();
    const { proc, url, readyMs } = await startAll('all (first start)');
    const firstStartMs = performance.now() - started;
    expect(proc.output()).toContain('initialising embedded PostgreSQL (first start)');
    expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    // The demo loan book (several hundred events) is still being projected when /ready
    // first answers 200 (a projection without a checkpoint row yet counts as 0 behind).
    let ready: Awaited<ReturnType<typeof getJson>>;
    await waitUntil(
      async () => {
        ready = await getJson(`${url}/ready`);
        return (ready?.body as { ready?: boolean } | undefined)?.ready === true;
      },
      { timeoutMs: 30_000, describe: () => `/ready: ${JSON.stringify(ready)}\n${proc.tail()}` },
    );
    expect(ready?.body).toMatchObject({
      ready: true,
      checks: { store: true, transport: { kind: 'in-process', ok: true } },
    });

    await withDb(async (db) => {
      // Abstract 'Thing' events: the store's own guarantees, not a contract's.
      const store = createEventStore(db, { contracts: 'unchecked' });
      for (let s = 0; s < STREAMS; s++) {
        await store.append(
          `embedded-${runId}-${s}`,
          Array.from({ length: EVENTS_PER_STREAM }, (_, i) => ({
            type: i === 0 ? 'ThingOpened' : 'ThingNoted',
            data: { n: i + 1 },
            occurredAt: new Date(Date.UTC(2026, 10, 21, 5, 0, s, i)),
          })),
          {
            streamType: 'system-test',
            expectedVersion: 'no_stream',
            metadata: { actor: { id: 'staff-1', role: 'employee', name: 'Clerk' } },
          },
        );
      }
    });

    let stats: string[] = [];
    const projectedMs = await waitUntil(
      async () => {
        proc.assertRunning();
        stats = (await readBack().catch(() => ({ stats: [] as string[] }))).stats;
        return stats.length === STREAMS && stats.every((r) => JSON.parse(r).events === EVENTS_PER_STREAM);
      },
      {
        timeoutMs: 30_000,
        describe: () =>
          `stream_stats to show ${STREAMS} streams of ${EVENTS_PER_STREAM}; saw ${JSON.stringify(stats)}\n${proc.tail()}`,
      },
    );
    before = await readBack();
    expect(before.events).toHaveLength(STREAMS * EVENTS_PER_STREAM);
    expect(before.demoUsers, 'demo admin, employee and customer').toBe(3);
    expect(before.loans, 'the demo loan book').toBeGreaterThanOrEqual(60);

    await stopCleanly(proc);
    console.log(
      `[embedded-start] first start: ${JSON.stringify({
        dataDir,
        embeddedPgPort: port,
        urlAfterMs: Math.round(firstStartMs - readyMs),
        readyAfterMs: Math.round(firstStartMs),
        projectedAfterMs: Math.round(projectedMs),
      })}`,
    );
  });

  it('starts again on the same DATA_DIR with the earlier events and read model intact', async ({
    onTestFailed,
  }) => {
    expect(before, 'the first start must have passed').toBeDefined();
    onTestFailed(() => console.error(`child process output:\n${group!.tails()}`));

    const started = performance.now();
    const { proc, url } = await startAll('all (second start)');
    const secondStartMs = performance.now() - started;
    expect(proc.output()).not.toContain('initialising embedded PostgreSQL');
    expect(proc.output()).toMatch(/"reused":true[^\n]*embedded PostgreSQL running/);
    expect((await getJson(`${url}/ready`))?.body).toMatchObject({ ready: true });

    const after = await readBack();
    expect(after).toEqual(before);

    await stopCleanly(proc);
    console.log(
      `[embedded-start] second start: ${JSON.stringify({ readyAfterMs: Math.round(secondStartMs) })}`,
    );
  });

  it('stops cleanly when SIGTERM arrives while it is still starting its workers', async ({
    onTestFailed,
  }) => {
    expect(before, 'the first start must have passed').toBeDefined();
    onTestFailed(() => console.error(`child process output:\n${group!.tails()}`));

    // The URL is printed while the relay, projectors and scheduler are still taking
    // their locks and catching up: a shutdown then must not be missed by any of them.
    const proc = group!.start('all (stopped while starting)', ['all']);
    await proc.url(60_000);
    const started = performance.now();
    await stopCleanly(proc);
    console.log(
      `[embedded-start] SIGTERM while starting: exited 0 after ${Math.round(performance.now() - started)} ms`,
    );
  });
});
