import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { Projection } from '@goldledger/projections';
import { NatsTransport, ProjectorHost, Relay, type EventStore, type Logger } from '@goldledger/services';
import { testNatsNames } from '@goldledger/services/testing';
import { epochMs, percentile, sortedCopy, startCpuMeter, type CpuShare } from '../lib/measure.js';
import { paymentEvent, requestMetadata } from './append-throughput.js';

interface LagTables {
  applied: { event_id: string; recorded_at: string };
}

/**
 * Records, per event, the server's wall clock when the projector applied it.
 * clock_timestamp() (not now()) so each row has its own time, not its transaction's start.
 */
export const lagProjection: Projection<LagTables> = {
  name: 'bench-lag',
  version: 1,
  schema: 'rm_bench_lag',
  async createTables(db, schema) {
    await db.schema
      .withSchema(schema)
      .createTable('applied')
      .addColumn('event_id', 'uuid', (c) => c.primaryKey())
      .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
      .addColumn('applied_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .execute();
  },
  async apply({ db }, events) {
    await db
      .insertInto('applied')
      .values(events.map((e) => ({ event_id: e.eventId, recorded_at: e.recordedAt })))
      .execute();
  },
};

export interface LagPlan {
  /** Writers' store, on its own pool so the relay and projector never wait for it. */
  writer: EventStore;
  /** Relay and projector side. */
  db: Kysely<any>;
  /** For the CPU meter: any pool on the benchmark's database. */
  pool: pg.Pool;
  reader: EventStore;
  connectionString: string;
  natsUrl: string;
  log: Logger;
  ratePerSecond: number;
  /** Streams written round-robin; each sees an append every streams/rate seconds. */
  streams: number;
  warmupMs: number;
  durationMs: number;
}

export interface LagResult {
  natsVersion: string;
  targetRate: number;
  achievedRate: number;
  events: number;
  seconds: number;
  /** applied_at − the time append() resolved in the writer. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** applied_at − recorded_at (the append transaction's start): includes the append itself. */
  fromRecordedP50Ms: number;
  fromRecordedP99Ms: number;
  cpu: CpuShare;
}

interface Written {
  eventId: string;
  committedAt: number;
}

/**
 * Open loop at a fixed rate: the writer issues appends on schedule whether or not
 * earlier ones have returned (per stream they queue, to keep versions exact), so a
 * slow consumer cannot slow the producer down and hide its own lag.
 */
async function writeAtRate(
  plan: LagPlan,
  totalMs: number,
): Promise<{ written: Written[]; startedAt: number }> {
  const streams = Array.from({ length: plan.streams }, () => ({
    id: randomUUID(),
    version: 0,
    tail: Promise.resolve(),
  }));
  const written: Written[] = [];
  const startedAt = epochMs();
  const t0 = performance.now();
  let issued = 0;
  const issue = (n: number) => {
    const s = streams[n % streams.length]!;
    s.tail = s.tail.then(async () => {
      const result = await plan.writer.append(s.id, [paymentEvent(n)], {
        streamType: 'loan',
        expectedVersion: s.version === 0 ? 'no_stream' : s.version,
        metadata: requestMetadata(n % 64),
      });
      written.push({ eventId: result.eventIds[0]!, committedAt: epochMs() });
      s.version = result.nextExpectedVersion;
    });
  };
  while (performance.now() - t0 < totalMs) {
    const due = Math.floor(((performance.now() - t0) / 1000) * plan.ratePerSecond);
    while (issued < due) issue(issued++);
    await sleep(1);
  }
  await Promise.all(streams.map((s) => s.tail));
  return { written, startedAt };
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function appliedCount(db: Kysely<any>): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from rm_bench_lag.applied`.execute(db);
  return rows[0]?.n ?? 0;
}

/** applied_at and recorded_at as epoch milliseconds with microseconds (a Date would round to ms). */
async function appliedTimes(db: Kysely<any>): Promise<Map<string, { applied: number; recorded: number }>> {
  const { rows } = await sql<{ event_id: string; applied: number; recorded: number }>`
    select event_id::text,
           extract(epoch from applied_at)::float8 * 1000 as applied,
           extract(epoch from recorded_at)::float8 * 1000 as recorded
      from rm_bench_lag.applied`.execute(db);
  return new Map(rows.map((r) => [r.event_id, { applied: r.applied, recorded: r.recorded }]));
}

/** Drops the throwaway JetStream stream through the JetStream API subject (no extra client needed). */
async function deleteStream(transport: NatsTransport, stream: string): Promise<void> {
  await transport.nc.request(`$JS.API.STREAM.DELETE.${stream}`).catch(() => undefined);
}

export async function measureCommitLag(plan: LagPlan): Promise<LagResult> {
  const names = testNatsNames('bench');
  const transport = await NatsTransport.connect(plan.natsUrl, names.stream, names.subjectPrefix);
  const stop = new AbortController();
  // Production defaults (RELAY_POLL_MS, RELAY_BATCH_SIZE): NOTIFY wakes the relay, polling is the fallback.
  const relay = new Relay({
    store: plan.reader,
    transport,
    connectionString: plan.connectionString,
    log: plan.log,
    pollMs: 1000,
    batchSize: 500,
  });
  const host = new ProjectorHost({
    db: plan.db,
    reader: plan.reader,
    transport,
    connectionString: plan.connectionString,
    projections: [lagProjection],
    log: plan.log,
    lockRetryMs: 100,
  });
  const running = Promise.all([relay.run(stop.signal), host.run(stop.signal)]);
  try {
    await until(async () => host.runners.has(lagProjection.name), 'the projector to subscribe', 30_000);
    const meter = await startCpuMeter(plan.pool);
    const { written, startedAt } = await writeAtRate(plan, plan.warmupMs + plan.durationMs);
    await until(
      async () => (await appliedCount(plan.db)) >= written.length,
      'the read model to catch up',
      60_000,
    );
    const cpuShare = await meter.stop();
    return summarise(plan, written, startedAt, await appliedTimes(plan.db), transport, cpuShare);
  } finally {
    stop.abort();
    await running.catch(() => undefined);
    await deleteStream(transport, names.stream);
    await transport.close();
  }
}

function summarise(
  plan: LagPlan,
  written: Written[],
  startedAt: number,
  applied: Map<string, { applied: number; recorded: number }>,
  transport: NatsTransport,
  cpu: CpuShare,
): LagResult {
  const windowStart = startedAt + plan.warmupMs;
  const windowEnd = windowStart + plan.durationMs;
  // Events still committing after the schedule ended count for lag, not for the rate.
  const measured = written.filter((w) => w.committedAt >= windowStart);
  const lags: number[] = [];
  const fromRecorded: number[] = [];
  for (const w of measured) {
    const row = applied.get(w.eventId);
    if (!row) throw new Error(`Event ${w.eventId} never reached the read model`);
    lags.push(row.applied - w.committedAt);
    fromRecorded.push(row.applied - row.recorded);
  }
  const sorted = sortedCopy(lags);
  const sortedRecorded = sortedCopy(fromRecorded);
  const seconds = plan.durationMs / 1000;
  return {
    natsVersion: transport.nc.info?.version ?? 'unknown',
    targetRate: plan.ratePerSecond,
    achievedRate: measured.filter((w) => w.committedAt < windowEnd).length / seconds,
    events: measured.length,
    seconds,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted[sorted.length - 1] ?? Number.NaN,
    fromRecordedP50Ms: percentile(sortedRecorded, 50),
    fromRecordedP99Ms: percentile(sortedRecorded, 99),
    cpu,
  };
}
