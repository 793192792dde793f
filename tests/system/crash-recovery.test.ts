import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { projections } from '@goldledger/projections';
import { createEventStore, type EventStore } from '@goldledger/services';
import {
  TEST_NATS_URL,
  createTestDatabase,
  testNatsNames,
  type TestDatabase,
} from '@goldledger/services/testing';
import { ProcessGroup, cleanEnv, waitReady, waitUntil, type ProductProcess } from './support/processes.js';

const STREAMS = 200;
const EVENTS_PER_STREAM = 50;
const TOTAL = STREAMS * EVENTS_PER_STREAM;
/** Appenders working at once; each owns one stream at a time, appending in order. */
const CONCURRENCY = 20;
/**
 * Paced so the run lasts several seconds on any machine that can go faster: the
 * kill must land while events are still flowing, not after the last append.
 */
const EVENTS_PER_SECOND = 1_200;
const STREAM_TYPE = 'system-test';

interface Run {
  t: TestDatabase;
  nats: { stream: string; subjectPrefix: string };
  group: ProcessGroup;
  nc: NatsConnection;
  jsm: JetStreamManager;
}

const runs: Run[] = [];

async function setUp(): Promise<Run> {
  const t = await createTestDatabase('sys_crash');
  const nats = testNatsNames('sys_crash');
  const nc = await connect({ servers: TEST_NATS_URL });
  const run: Run = {
    t,
    nats,
    nc,
    jsm: await jetstreamManager(nc),
    group: new ProcessGroup({
      ...cleanEnv(),
      DATABASE_URL: t.url,
      NATS_URL: TEST_NATS_URL,
      NATS_STREAM: nats.stream,
      NATS_SUBJECT_PREFIX: nats.subjectPrefix,
      PORT: '0',
      LOG_LEVEL: 'info',
      LOCK_RETRY_MS: '200',
      RELAY_POLL_MS: '200',
    }),
  };
  runs.push(run);
  return run;
}

async function tearDown(run: Run): Promise<void> {
  await run.group.killAll();
  await run.jsm.streams.delete(run.nats.stream).catch(() => undefined);
  await run.nc.close().catch(() => undefined);
  await run.t.drop().catch(() => undefined);
}

afterEach(async () => {
  for (const run of runs.splice(0)) await tearDown(run);
});
afterAll(async () => {
  for (const run of runs.splice(0)) await tearDown(run);
});

/** 200 streams × 50 events, each with actor metadata, paced and concurrent. */
function appendAll(store: EventStore, progress: { appended: number }) {
  const runId = randomUUID().slice(0, 8);
  const started = performance.now();
  let issued = 0;
  let nextStream = 0;
  const worker = async () => {
    for (let s = nextStream++; s < STREAMS; s = nextStream++) {
      const streamId = `sys-${runId}-${String(s).padStart(3, '0')}`;
      for (let v = 0; v < EVENTS_PER_STREAM; v++) {
        const due = started + (issued++ * 1000) / EVENTS_PER_SECOND;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        await store.append(
          streamId,
          [
            {
              type: v === 0 ? 'ThingOpened' : 'ThingNoted',
              data: { stream: s, n: v + 1 },
              occurredAt: new Date(Date.UTC(2026, 10, 21, 4, 30, 0, s * 1000 + v)),
            },
          ],
          {
            streamType: STREAM_TYPE,
            expectedVersion: v === 0 ? 'no_stream' : v,
            metadata: {
              actor: { id: `staff-${s % 7}`, role: 'employee', name: `Clerk ${s % 7}` },
              correlationId: `${streamId}:${v + 1}`,
              clientIp: '127.0.0.1',
            },
          },
        );
        progress.appended++;
      }
    }
  };
  return Promise.all(Array.from({ length: CONCURRENCY }, worker)).then(() => performance.now() - started);
}

const count = async (t: TestDatabase, query: RawBuilder<{ n: string }>) =>
  Number((await query.execute(t.db)).rows[0]?.n ?? 0);

/** Audit rows so far; 0 while the projector has not created its schema yet. */
const auditRows = (t: TestDatabase) =>
  count(t, sql<{ n: string }>`select count(*) as n from rm_audit_log.audit_log`).catch(() => 0);

async function natsMessages(run: Run): Promise<{ messages: number; lastSeq: number }> {
  try {
    const info = await run.jsm.streams.info(run.nats.stream);
    return { messages: info.state.messages, lastSeq: info.state.last_seq };
  } catch {
    return { messages: 0, lastSeq: 0 };
  }
}

/** Events in the store after each projection's checkpoint. */
async function backlog(t: TestDatabase): Promise<Record<string, number>> {
  const { rows } = await sql<{ projection: string; behind: string }>`
    select c.projection,
      (select count(*) from events e
        where (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)) as behind
    from projection_checkpoints c order by c.projection`.execute(t.db);
  return Object.fromEntries(rows.map((r) => [r.projection, Number(r.behind)]));
}

/** The oldest transaction open on this database (it holds back what the relay may read). */
async function oldestTransaction(t: TestDatabase): Promise<string> {
  const { rows } = await sql<{ info: string | null }>`
    select format('%s s, %s, %s: %s', round(extract(epoch from now() - xact_start)::numeric, 1),
                  application_name, state, left(query, 80)) as info
    from pg_stat_activity
    where datname = current_database() and backend_xid is not null and pid <> pg_backend_pid()
    order by xact_start limit 1`.execute(t.db);
  return rows[0]?.info ?? 'none';
}

/** Every read-model row as canonical JSON text, in primary-key order. */
async function snapshot(t: TestDatabase): Promise<{ audit: string[]; stats: string[] }> {
  const rows = (q: RawBuilder<{ row: string }>) => q.execute(t.db).then((r) => r.rows.map((x) => x.row));
  return {
    audit: await rows(sql<{ row: string }>`
      select to_jsonb(a)::text as row from rm_audit_log.audit_log a order by a.global_position`),
    stats: await rows(sql<{ row: string }>`
      select to_jsonb(s)::text as row from rm_stream_stats.stream_stats s order by s.stream_id`),
  };
}

/** The first few rows that differ, so a failure shows them rather than 10,000 lines. */
function differences(live: string[], rebuilt: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < Math.max(live.length, rebuilt.length) && out.length < 5; i++) {
    if (live[i] !== rebuilt[i])
      out.push(`row ${i}: live ${live[i] ?? '(none)'} / rebuilt ${rebuilt[i] ?? '(none)'}`);
  }
  return out;
}

/**
 * The scenario both tests share: relay and projector as their own processes, 10,000
 * events appended from here, one of the two SIGKILLed while they flow and restarted,
 * then the read models checked against the store and against a rebuild.
 */
async function crashScenario(
  victim: 'relay' | 'projector',
  onTestFailed: (fn: () => void) => void,
): Promise<void> {
  const run = await setUp();
  const { t, group } = run;
  onTestFailed(() => console.error(`child process output:\n${group.tails()}`));

  const procs: Record<'relay' | 'projector', ProductProcess> = {
    relay: group.start('relay', ['relay']),
    projector: group.start('projector', ['projector']),
  };
  const urls = {
    relay: await procs.relay.url(60_000),
    projector: await procs.projector.url(60_000),
  };
  await waitReady(procs.projector, urls.projector, 60_000);
  await waitReady(procs.relay, urls.relay, 60_000);

  // Abstract 'Thing' events: the store's own guarantees, not a contract's.
  const store = createEventStore(t.db, { contracts: 'unchecked' });
  const progress = { appended: 0 };
  let appendMs: number | undefined;
  const appending = appendAll(store, progress).then((ms) => (appendMs = ms));
  appending.catch(() => undefined); // awaited below; keeps an early failure from going unhandled

  // The kill point: a good part appended and the read model visibly moving.
  const fraction = victim === 'relay' ? 1 / 3 : 1 / 2;
  let seen = 0;
  await waitUntil(
    async () => {
      procs.relay.assertRunning();
      procs.projector.assertRunning();
      if (appendMs !== undefined) throw new Error('all events were appended before the kill point');
      seen = await auditRows(t);
      return progress.appended >= TOTAL * fraction && seen > 0;
    },
    {
      timeoutMs: 60_000,
      intervalMs: 50,
      describe: () => `kill point: appended ${progress.appended}, audit rows ${seen}\n${group.tails()}`,
    },
  );
  const kill = {
    appended: progress.appended,
    auditRows: await auditRows(t),
    natsMessages: (await natsMessages(run)).messages,
  };
  const killedAt = performance.now();
  const exit = await procs[victim].stop('SIGKILL', 10_000);
  expect(exit.signal, `${victim} should die of SIGKILL\n${procs[victim].tail()}`).toBe('SIGKILL');

  // Down for a moment while events keep arriving, then back.
  await sleep(1_000);
  const restart = { appended: progress.appended, auditRows: await auditRows(t) };
  procs[victim] = group.start(`${victim} (restarted)`, [victim]);
  urls[victim] = await procs[victim].url(60_000);
  const restartedAfterMs = performance.now() - killedAt;

  await appending;
  const appendedAt = performance.now();
  expect(progress.appended).toBe(TOTAL);

  let lastSeen = '';
  // Sampled every 2 s, shown when catching up is slow: where it was stuck.
  const timeline: string[] = [];
  let nextSample = 0;
  const catchUpMs = await waitUntil(
    async () => {
      procs.relay.assertRunning();
      procs.projector.assertRunning();
      const [nats, behind] = [await natsMessages(run), await backlog(t)];
      lastSeen = `nats ${JSON.stringify(nats)}, projections behind ${JSON.stringify(behind)}`;
      if (performance.now() >= nextSample) {
        nextSample = performance.now() + 2_000;
        const elapsed = ((performance.now() - appendedAt) / 1000).toFixed(1);
        timeline.push(`+${elapsed}s ${lastSeen}, oldest open transaction ${await oldestTransaction(t)}`);
      }
      return (
        nats.messages >= TOTAL &&
        Object.keys(behind).length === projections.length &&
        Object.values(behind).every((n) => n === 0)
      );
    },
    {
      timeoutMs: 90_000,
      intervalMs: 100,
      describe: () =>
        `catching up after the last append: ${lastSeen}\n${timeline.join('\n')}\n${group.tails()}`,
    },
  );
  if (catchUpMs > 10_000) {
    console.warn(
      `[crash-recovery] slow catch-up (${Math.round(catchUpMs)} ms):\n${timeline.join('\n')}\n${group.tails()}`,
    );
  }
  await waitReady(procs.projector, urls.projector, 30_000);
  await waitReady(procs.relay, urls.relay, 30_000);

  // The store holds exactly the run's events; NATS holds each of them once.
  expect(await count(t, sql<{ n: string }>`select count(*) as n from events`)).toBe(TOTAL);
  const nats = await natsMessages(run);
  expect(nats, 'JetStream should have dropped every republished duplicate').toEqual({
    messages: TOTAL,
    lastSeq: TOTAL,
  });

  // Audit log: one row per event, none missing, none extra, each true to its event.
  const audit = (
    await sql<{ rows: string; ids: string; actors: string; missing: string; extra: string; wrong: string }>`
      select
        (select count(*) from rm_audit_log.audit_log) as rows,
        (select count(distinct event_id) from rm_audit_log.audit_log) as ids,
        (select count(*) from rm_audit_log.audit_log where actor_id like 'staff-%' and actor_role = 'employee') as actors,
        (select count(*) from events e where not exists
           (select 1 from rm_audit_log.audit_log a where a.event_id = e.event_id)) as missing,
        (select count(*) from rm_audit_log.audit_log a where not exists
           (select 1 from events e where e.event_id = a.event_id)) as extra,
        (select count(*) from rm_audit_log.audit_log a join events e on e.event_id = a.event_id
           where a.global_position <> e.global_position or a.stream_id <> e.stream_id
              or a.stream_position <> e.stream_position or a.event_type <> e.type) as wrong`.execute(t.db)
  ).rows[0]!;
  expect(Object.fromEntries(Object.entries(audit).map(([k, v]) => [k, Number(v)]))).toEqual({
    rows: TOTAL,
    ids: TOTAL,
    actors: TOTAL,
    missing: 0,
    extra: 0,
    wrong: 0,
  });

  // Stream stats: every stream complete, none counted twice.
  const stats = (
    await sql<{ streams: string; complete: string }>`
      select count(*) as streams,
        count(*) filter (where events = ${EVENTS_PER_STREAM} and last_version = ${EVENTS_PER_STREAM}) as complete
      from rm_stream_stats.stream_stats`.execute(t.db)
  ).rows[0]!;
  expect({ streams: Number(stats.streams), complete: Number(stats.complete) }).toEqual({
    streams: STREAMS,
    complete: STREAMS,
  });
  expect(await count(t, sql<{ n: string }>`select count(*) as n from projection_dead_letters`)).toBe(0);

  // The live read models equal a replay of the store from scratch.
  const live = await snapshot(t);
  const rebuildStarted = performance.now();
  const rebuild = await group.run('rebuild all', ['rebuild', 'all'], 120_000);
  const rebuildMs = performance.now() - rebuildStarted;
  // One pass over the store for every read model (rebuildAll), then what each one's applies took.
  expect(rebuild.output()).toMatch(new RegExp(`\\d+ read models: ${TOTAL} events in `));
  expect(rebuild.output()).toMatch(/^ +audit-log +applied in /m);
  expect(rebuild.output()).toMatch(/^ +stream-stats +applied in /m);
  const rebuilt = await snapshot(t);
  expect(rebuilt.audit.length).toBe(TOTAL);
  expect(rebuilt.stats.length).toBe(STREAMS);
  expect(differences(live.audit, rebuilt.audit), 'audit-log live vs rebuilt').toEqual([]);
  expect(differences(live.stats, rebuilt.stats), 'stream-stats live vs rebuilt').toEqual([]);
  expect(await backlog(t)).toEqual(Object.fromEntries(projections.map((p) => [p.name, 0])));

  // Recovered cleanly: no process logged an error (a restarted projector that cannot
  // subscribe would, while its store catch-up hides the problem from the read models).
  for (const p of group.all)
    expect(p.errorLines, `errors logged by ${p.label}:\n${p.errorLines.slice(0, 3).join('\n')}`).toEqual([]);

  // And both still shut down gracefully on SIGTERM.
  for (const p of [procs.relay, procs.projector]) {
    expect(await p.stop('SIGTERM', 30_000), `${p.label} exit on SIGTERM\n${p.tail()}`).toEqual({
      code: 0,
      signal: null,
    });
    expect(p.output()).toContain('stopped cleanly');
  }

  console.log(
    `[crash-recovery] ${victim} SIGKILLed: ${JSON.stringify({
      events: TOTAL,
      killPoint: kill,
      atRestart: restart,
      restartedAfterMs: Math.round(restartedAfterMs),
      appendMs: Math.round(appendMs ?? 0),
      catchUpAfterLastAppendMs: Math.round(catchUpMs),
      caughtUpAfterKillMs: Math.round(appendedAt + catchUpMs - killedAt),
      natsMessages: nats.messages,
      rebuildMs: Math.round(rebuildMs),
    })}`,
  );
}

describe('a relay and a projector running as separate processes over NATS', () => {
  it('rebuilds to the same read model after the relay is SIGKILLed mid-run and restarted', async ({
    onTestFailed,
  }) => {
    await crashScenario('relay', onTestFailed);
  });

  it('rebuilds to the same read model after the projector is SIGKILLed mid-run and restarted', async ({
    onTestFailed,
  }) => {
    await crashScenario('projector', onTestFailed);
  });
});
