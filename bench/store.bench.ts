/**
 * Store benchmark: append throughput against raw INSERT, handle() throughput,
 * commit → read model lag through NATS, and replay speed over 1,000,000 events.
 * One fresh database per run, dropped at the end. `npm run bench:store`;
 * results are printed as Markdown and kept under bench/.bench-data/ (git-ignored).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { auditLogProjection, streamStatsProjection } from '@goldledger/projections';
import { createDb, createEventStore, createLogger } from '@goldledger/services';
import { TEST_NATS_URL, createTestDatabase, type TestDatabase } from '@goldledger/services/testing';
import { startCpuMeter } from './lib/measure.js';
import { formatWaits } from './lib/pg-waits.js';
import {
  compareWithRaw,
  createRawTable,
  handlePayment,
  measureLoad,
  type AppendLevel,
  type LoadPlan,
} from './store/append-throughput.js';
import { measureCommitLag } from './store/commit-lag.js';
import { renderReport, verdicts, type MachineInfo, type StoreBenchResults } from './store/report.js';
import { seedToTotal, timeRebuild } from './store/replay.js';

const LEVELS = [1, 8, 32] as const;
const HANDLE_CONCURRENCY = 8;
const REPLAY_EVENTS = 1_000_000;
/** Connections of the load pool carry this name, so pg_stat_activity shows only them to the sampler. */
const APPLICATION_NAME = 'goldledger-bench';

const say = (line: string) => process.stdout.write(`${line}\n`);

/**
 * CPU the rest of the box uses while we sit idle: on a shared 2-core machine a
 * busy neighbour halves every figure, so the report shows it and we warn.
 */
async function backgroundLoad(t: TestDatabase): Promise<number> {
  const meter = await startCpuMeter(t.pool);
  await sleep(2000);
  return (await meter.stop()).machineCores;
}

async function machineInfo(
  t: TestDatabase,
  startedAt: Date,
  nats: string,
  backgroundCores: number,
): Promise<MachineInfo> {
  const { rows } = await t.pool.query<{ server_version: string }>('show server_version');
  return {
    backgroundCores,
    date: startedAt.toISOString().replace(/\.\d+Z$/, 'Z'),
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: os.totalmem() / 2 ** 30,
    node: process.version,
    postgres: rows[0]?.server_version ?? 'unknown',
    nats,
  };
}

function describeLevel(l: AppendLevel): string {
  return (
    `  c=${String(l.concurrency).padStart(2)}: store ${Math.round(l.store.perSecond)}/s ` +
    `(p50 ${l.store.p50Ms.toFixed(2)} ms, p99 ${l.store.p99Ms.toFixed(2)} ms; ${formatWaits(l.store.waits, 2)}), ` +
    `raw ${Math.round(l.raw.perSecond)}/s (p50 ${l.raw.p50Ms.toFixed(2)} ms, p99 ${l.raw.p99Ms.toFixed(2)} ms), ` +
    `ratio ${Math.round(l.ratio * 100)} %`
  );
}

function saveResults(results: StoreBenchResults, markdown: string): string {
  const dir = new URL('./.bench-data/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const stem = `store-${results.machine.date.replace(/[:]/g, '')}`;
  writeFileSync(new URL(`${stem}.md`, dir), `${markdown}\n`);
  writeFileSync(new URL(`${stem}.json`, dir), `${JSON.stringify(results, null, 2)}\n`);
  return new URL(`${stem}.md`, dir).pathname;
}

async function run(t: TestDatabase): Promise<StoreBenchResults> {
  const startedAt = new Date();
  const started = performance.now();
  const background = await backgroundLoad(t);
  say(`Background CPU while idle: ${background.toFixed(2)} of ${os.cpus().length} cores`);
  if (background > 0.25)
    say('  Warning: the machine is busy with other work; figures will be low and noisy.');
  // Its own pool, big enough that 32 workers never queue for a connection.
  const pool = new pg.Pool({ connectionString: t.url, max: 40, application_name: APPLICATION_NAME });
  pool.on('error', () => undefined);
  const db = createDb(pool);
  // Abstract payment shapes, compared with raw INSERTs of the same rows: not the loan contract's.
  const writer = createEventStore(db, { contracts: 'unchecked' });
  const reader = createEventStore(t.db);
  try {
    // Lag first, on an empty store: the relay starts from the beginning of the log
    // and would otherwise first republish everything the throughput runs wrote.
    say('Commit → read model lag through NATS at 500 events/s (17 s) …');
    const lag = await measureCommitLag({
      writer,
      db: t.db,
      pool: t.pool,
      reader,
      connectionString: t.url,
      natsUrl: TEST_NATS_URL,
      log: createLogger('warn'),
      ratePerSecond: 500,
      streams: 100,
      warmupMs: 2000,
      durationMs: 15_000,
    });
    say(`  p50 ${lag.p50Ms.toFixed(2)} ms, p99 ${lag.p99Ms.toFixed(2)} ms, max ${lag.maxMs.toFixed(1)} ms`);

    say('Appends against raw INSERT: per level, 3 windows of 2 s each, in turns …');
    await createRawTable(pool);
    const plan: LoadPlan = {
      applicationName: APPLICATION_NAME,
      samplerPool: t.pool,
      warmupMs: 1000,
      rewarmMs: 300,
      rounds: 3,
      roundMs: 2000,
    };
    const appends = await compareWithRaw(plan, writer, pool, LEVELS, (l) => say(describeLevel(l)));
    const handle = await measureLoad(plan, HANDLE_CONCURRENCY, handlePayment(writer));
    say(
      `  handle() c=${HANDLE_CONCURRENCY}: ${Math.round(handle.perSecond)}/s (p99 ${handle.p99Ms.toFixed(2)} ms)`,
    );

    say(`Replay: seeding the store to ${REPLAY_EVENTS.toLocaleString('en-US')} events …`);
    const seed = await seedToTotal(t.pool, REPLAY_EVENTS);
    const replays = [];
    for (const projection of [streamStatsProjection, auditLogProjection]) {
      const r = await timeRebuild(t.db, t.pool, reader, projection);
      say(
        `  ${r.projection}: ${r.events} events in ${r.seconds.toFixed(1)} s = ${Math.round(r.perSecond)} events/s`,
      );
      replays.push(r);
    }
    return {
      machine: await machineInfo(t, startedAt, lag.natsVersion, background),
      appends,
      handle,
      lag,
      seed,
      replays,
      totalSeconds: (performance.now() - started) / 1000,
    };
  } finally {
    await db.destroy();
  }
}

async function main(): Promise<void> {
  const t = await createTestDatabase('bench');
  try {
    const results = await run(t);
    const markdown = renderReport(results);
    say(`\n${markdown}\n`);
    say(`Saved to ${saveResults(results, markdown)}`);
    const failed = verdicts(results).filter((v) => !v.pass);
    if (failed.length > 0) say(`${failed.length} target(s) not met.`);
  } finally {
    await t.drop();
  }
}

await main();
