/**
 * Load benchmark: the product run as in production, as separate processes
 * (2 × api, relay, projector, scheduler) on the local PostgreSQL and NATS, with a
 * generated book, under a realistic mix of staff, customer and public traffic offered
 * at rising rates. Per rate: achieved throughput, latency percentiles (overall and by
 * request kind), errors, and the projections' lag behind the store; then the knee.
 *
 *   npm run bench:load -- [--loans 5000] [--rates 25,50,100,200,400,800] [--duration 30]
 *                         [--settle 5] [--warmup 10] [--seed 1] [--reuse <db>] [--keep] [--log-level warn] [--quick]
 *
 * Each step runs its rate for --settle seconds unmeasured, then --duration seconds measured.
 * --quick: a 300-loan book, 10/25/50/100 req/s for 2 + 8 s each (a few minutes, to try it).
 * Each run creates a database `gl_bench_load_…` on the local server (TEST_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/test) and a JetStream stream named after it
 * on TEST_NATS_URL (default nats://127.0.0.1:4222), and drops both at the end unless
 * --keep; --reuse <db> runs again on a kept one without generating. Results are printed
 * as Markdown and saved with a JSON copy and an SVG chart under bench/.bench-data/.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect } from '@nats-io/transport-node';
import { TEST_NATS_URL } from '@goldledger/services/testing';
import { Rng } from '../services/src/demo/rng.js';
import { progress } from './lib/progress.js';
import { loadChartSvg } from './load/chart.js';
import {
  checkNats,
  deleteNatsStream,
  dropLoadDatabase,
  natsNamesFor,
  openLoadDatabase,
  startCluster,
  type Cluster,
  type LoadDatabase,
} from './load/cluster.js';
import { startCpuMeter, type CpuByRole } from './load/cpu.js';
import { ApiClient } from './load/http.js';
import { sampleLagUntil, waitCaughtUp, type LagSample } from './load/lag.js';
import { requestsPerAction } from './load/mix.js';
import {
  findKnee,
  ms,
  renderLoadReport,
  stepResult,
  type LoadResults,
  type Machine,
  type StepResult,
} from './load/report.js';
import { analyseReadModels, bookFacts, buildPools, generateBook, registerBenchStaff } from './load/setup.js';
import { PayableQueue, runStep } from './load/step.js';
import { resetStatements, topStatements, type StatementsCapture } from './load/statements.js';

const say = (line: string) => process.stdout.write(`${line}\n`);

/** A request unanswered this long counts as a timeout. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Requests waiting at once beyond which the generator stops starting actions (and counts them as failed). */
const MAX_IN_FLIGHT = 2_000;
/** How long the projections may take to catch up between steps. */
const CATCH_UP_LIMIT_MS = 120_000;
/** Below this share of the offered rate, higher rates are not tried (the knee is well behind). */
const GIVE_UP_SHARE = 0.5;

function options() {
  const { values } = parseArgs({
    options: {
      loans: { type: 'string' },
      rates: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      settle: { type: 'string' },
      seed: { type: 'string', default: '1' },
      reuse: { type: 'string' },
      keep: { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
      'log-level': { type: 'string', default: 'warn' },
    },
  });
  const int = (name: string, raw: string) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name}: a whole number above 0 (got "${raw}")`);
    return n;
  };
  const q = values.quick;
  const rates = (values.rates ?? (q ? '10,25,50,100' : '25,50,100,200,400,800'))
    .split(',')
    .map((r) => int('rates', r.trim()));
  if (rates.some((r, i) => i > 0 && r <= rates[i - 1]!)) throw new Error('--rates: rising, e.g. 25,50,100');
  const logLevel = values['log-level'];
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel))
    throw new Error(`--log-level: a pino level (got "${logLevel}")`);
  return {
    loans: int('loans', values.loans ?? (q ? '300' : '5000')),
    rates,
    duration: int('duration', values.duration ?? (q ? '8' : '30')),
    warmup: int('warmup', values.warmup ?? (q ? '3' : '10')),
    settle: int('settle', values.settle ?? (q ? '2' : '5')),
    seed: int('seed', values.seed),
    reuse: values.reuse,
    keep: values.keep || values.reuse !== undefined,
    logLevel,
  };
}

/** Cores busy on the whole machine over a few seconds, before anything of ours runs. */
async function busyCores(seconds: number): Promise<number> {
  const busy = () => {
    const t = readFileSync('/proc/stat', 'utf8')
      .split('\n', 1)[0]!
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    return { all: t.reduce((a, b) => a + b, 0), idle: t[3]! + t[4]! };
  };
  try {
    const a = busy();
    await sleep(seconds * 1000);
    const b = busy();
    return ((b.all - a.all - (b.idle - a.idle)) / (b.all - a.all)) * os.cpus().length;
  } catch {
    return Number.NaN; // not Linux
  }
}

async function machine(database: LoadDatabase, idleBusyCores: number): Promise<Machine> {
  const { rows } = await database.pool.query<{ v: string }>("select current_setting('server_version') as v");
  const nc = await connect({ servers: TEST_NATS_URL });
  const nats = nc.info?.version ?? 'unknown';
  await nc.close();
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: os.totalmem() / 2 ** 30,
    node: process.version,
    postgres: rows[0]?.v ?? 'unknown',
    nats,
    idleBusyCores,
    loadAverage: os.loadavg(),
  };
}

function stepLine(s: StepResult): string {
  const errors = Object.values(s.errors).reduce((a, b) => a + b, 0);
  return (
    `  ${String(s.offered).padStart(4)} req/s offered (${s.drawn.toFixed(1)} drawn): ${s.achieved.toFixed(1)} achieved, ` +
    `p50 ${ms(s.latency.p50Ms)} ms, p95 ${ms(s.latency.p95Ms)} ms, p99 ${ms(s.latency.p99Ms)} ms, ` +
    `${errors} errors, lag p95 ${s.lag.secondsP95.toFixed(2)} s / max ${s.lag.secondsMax.toFixed(2)} s ` +
    `(${s.lag.behindMax} events; oldest write transaction on the server ${s.lag.oldestWriteMaxSeconds.toFixed(1)} s), caught up ${s.catchUpMs === null ? 'not within the limit' : `${(s.catchUpMs / 1000).toFixed(1)} s`} after; ` +
    `CPU api ${(s.cpu.api ?? 0).toFixed(2)}, pg ${(s.cpu.postgres ?? 0).toFixed(2)}, generator ${(s.cpu['load generator'] ?? 0).toFixed(2)}, machine ${(s.cpu.machine ?? 0).toFixed(2)}`
  );
}

async function run(o: ReturnType<typeof options>, database: LoadDatabase, cluster: () => Promise<Cluster>) {
  const started = performance.now();
  let generatedSeconds: number | null = null;
  if (database.created) {
    say(`Generating a book of ${o.loans.toLocaleString('en-US')} loans into ${database.name} …`);
    generatedSeconds = await generateBook(database.db, o.loans, o.seed);
  } else {
    say(`Reusing ${database.name}: no generation.`);
  }
  const staffMobiles = await registerBenchStaff(database.db);

  say('Starting 2 × api, relay, projector, scheduler …');
  const c = await cluster();
  say('Waiting for the read models to catch up with the store …');
  const caughtUp = await waitCaughtUp(database.pool, 60 * 60_000);
  if (caughtUp === undefined) throw new Error('the projections did not catch up within an hour');
  await analyseReadModels(database.db);
  const book = await bookFacts(database.db, generatedSeconds);
  say(
    `  ${book.loans.toLocaleString('en-US')} loans, ${book.events.toLocaleString('en-US')} events; caught up after ${(caughtUp / 1000).toFixed(0)} s.`,
  );

  const client = new ApiClient(c.apiUrls, 256, REQUEST_TIMEOUT_MS);
  try {
    say('Signing in the bench staff and some customers (OTP through the dev outbox) …');
    const pools = await buildPools(database.db, client, staffMobiles, o.seed);
    const rng = new Rng(o.seed);
    const queue = new PayableQueue(pools.payable);
    const pids = Object.fromEntries(
      Object.entries(c.roles).map(([role, list]) => [role, list.map((p) => p.pid)]),
    );

    say(`Warming up: ${o.rates[0]} req/s for ${o.warmup} s (not counted) …`);
    await runStep(
      {
        client,
        pools,
        rng,
        rate: o.rates[0]!,
        settleSeconds: 0,
        seconds: o.warmup,
        maxInFlight: MAX_IN_FLIGHT,
      },
      queue,
    );
    await waitCaughtUp(database.pool, CATCH_UP_LIMIT_MS);
    const noStatements = await resetStatements(database.pool);
    if (noStatements) say(`  Top statements will not be captured: ${noStatements}.`);

    const steps: StepResult[] = [];
    say(
      `Steps of ${o.settle} s settling + ${o.duration} s measured: ${o.rates.join(', ')} req/s (${requestsPerAction().toFixed(2)} requests per action).`,
    );
    for (const rate of o.rates) {
      let lag: Promise<LagSample[]> = Promise.resolve([]);
      let cpu: Promise<CpuByRole> = Promise.resolve({});
      const total = o.settle + o.duration;
      const bar = process.stdout.isTTY ? progress(`${rate} req/s`, 's') : undefined;
      const t0 = performance.now();
      const ticker = setInterval(
        () => bar?.update(Math.min(total, Math.round((performance.now() - t0) / 1000)), total),
        1000,
      );
      const raw = await runStep(
        {
          client,
          pools,
          rng,
          rate,
          settleSeconds: o.settle,
          seconds: o.duration,
          maxInFlight: MAX_IN_FLIGHT,
          during: (windowEnd) => {
            lag = sampleLagUntil(database.pool, windowEnd);
            cpu = startCpuMeter(database.pool, database.name, pids).then((meter) =>
              windowEnd.then(() => meter.stop()),
            );
          },
        },
        queue,
      );
      clearInterval(ticker);
      bar?.stop();
      const catchUp = await waitCaughtUp(database.pool, CATCH_UP_LIMIT_MS);
      const result = stepResult(raw, await lag, catchUp, await cpu);
      steps.push(result);
      say(stepLine(result));
      if (result.achieved < GIVE_UP_SHARE * rate) {
        say(`  Achieved is under ${GIVE_UP_SHARE * 100} % of offered: not trying higher rates.`);
        break;
      }
    }
    const statements: StatementsCapture = noStatements
      ? { available: false, reason: noStatements, top: [], totalMs: 0, calls: 0 }
      : await topStatements(database.pool);
    return {
      book,
      steps,
      statements,
      knee: findKnee(steps),
      totalSeconds: (performance.now() - started) / 1000,
    };
  } finally {
    client.close();
  }
}

async function main(): Promise<void> {
  const o = options();
  await checkNats();
  say('Measuring what else the machine is doing (3 s) …');
  const idle = await busyCores(3);
  if (idle > 0.25)
    say(`  ${idle.toFixed(2)} cores busy before we start: the figures will be lower and noisier.`);
  const database = await openLoadDatabase(o.reuse);
  let cluster: Cluster | undefined;
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await cluster?.stop();
    await database.db.destroy();
    if (o.keep) {
      say(`Kept database ${database.name} and its NATS stream (rerun with --reuse ${database.name}).`);
    } else {
      await deleteNatsStream(natsNamesFor(database.name).stream);
      await dropLoadDatabase(database.name);
    }
  };
  process.once('SIGINT', () => {
    say('\nInterrupted: stopping the servers and cleaning up …');
    void cleanup().finally(() => process.exit(130));
  });
  try {
    const m = await machine(database, idle);
    const r = await run(o, database, async () => {
      cluster = await startCluster(database, { logLevel: o.logLevel, readyTimeoutMs: 60 * 60_000 });
      return cluster;
    });
    const results: LoadResults = {
      machine: m,
      command: `npm run bench:load${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
      database: database.name,
      book: r.book,
      logLevel: o.logLevel,
      requestsPerAction: requestsPerAction(),
      steps: r.steps,
      statements: r.statements,
      knee: r.knee,
      totalSeconds: r.totalSeconds,
    };
    const markdown = renderLoadReport(results);
    say(`\n${markdown}\n`);
    const dir = new URL('./.bench-data/', import.meta.url);
    mkdirSync(dir, { recursive: true });
    const stem = `load-${m.date.replace(/[:]/g, '')}`;
    writeFileSync(new URL(`${stem}.md`, dir), `${markdown}\n`);
    writeFileSync(new URL(`${stem}.json`, dir), `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(new URL(`${stem}.svg`, dir), loadChartSvg(results));
    say(`Saved bench/.bench-data/${stem}.{md,json,svg} (copy the chart to docs/benchmarks-load.svg).`);
  } catch (error) {
    if (cluster) process.stderr.write(`${cluster.group.tails()}\n`);
    throw error;
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
