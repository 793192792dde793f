/**
 * Loan-book benchmark: a generated book of 100,000 loans (≈ 1,000,000
 * events) made by the real command handlers, then
 *   - a full rebuild of the loan-book read models (and the others, to bring them up),
 *   - the staff loans list: searches, tabs and pages, server time per request,
 *   - RecordPayment at a fixed 100 requests/s for 30 s (open loop),
 * all through the real API in-process (`app.inject`, no network).
 *
 *   npm run bench:loans -- [--loans 100000] [--seed 1] [--concurrency 8] [--reuse <db> [--skip-rebuild]] [--keep]
 *
 * Generation runs 8 loan lives at once by default: on 2 cores that beat 16 (more time
 * lost to retries on the shared sequence streams and to Node's CPU). Each run creates
 * a database on the local server (TEST_DATABASE_URL) and drops it at the end unless
 * --keep; --reuse <db> skips generating into a kept one. Results are
 * printed as Markdown and kept under bench/.bench-data/ (git-ignored).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { ProjectionRunner, projections } from '@goldledger/projections';
import { createEventStore, systemClock } from '@goldledger/services';
import { generateLoanBook } from '../services/src/demo/loan-book-generator.js';
import { seedDemoData } from '../services/src/identity/demo-seed.js';
import { startCpuMeter } from './lib/measure.js';
import { progress } from './lib/progress.js';
import { timeRebuild } from './store/replay.js';
import { benchApi } from './loan-book/api.js';
import { openBenchDatabase, type BenchDatabase } from './loan-book/database.js';
import { listRequests, measureList } from './loan-book/list-loans.js';
import { measurePayments, planPayments } from './loan-book/record-payment.js';
import {
  loanVerdicts,
  renderLoanReport,
  type BookFacts,
  type GenerationResult,
  type LoanBenchResults,
} from './loan-book/report.js';

const LIST_REQUESTS = 1000;
const LIST_WARMUP = 60;
const PAYMENT_RATE = 100;
const PAYMENT_SECONDS = 30;
/** The read models the loan book's screens read, rebuilt first and reported against the target. */
const LOAN_BOOK_PROJECTIONS = /^(loans|customers)/;

const say = (line: string) => process.stdout.write(`${line}\n`);

function options() {
  const { values } = parseArgs({
    options: {
      loans: { type: 'string', default: '100000' },
      seed: { type: 'string', default: '1' },
      concurrency: { type: 'string', default: '8' },
      reuse: { type: 'string' },
      keep: { type: 'boolean', default: false },
      'skip-rebuild': { type: 'boolean', default: false },
    },
  });
  const int = (name: string, raw: string) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name}: a whole number above 0 (got "${raw}")`);
    return n;
  };
  return {
    loans: int('loans', values.loans),
    seed: int('seed', values.seed),
    concurrency: int('concurrency', values.concurrency),
    reuse: values.reuse,
    keep: values.keep || values.reuse !== undefined,
    skipRebuild: values['skip-rebuild'] && values.reuse !== undefined,
  };
}

async function backgroundLoad(t: BenchDatabase): Promise<number> {
  const meter = await startCpuMeter(t.pool);
  await sleep(2000);
  return (await meter.stop()).machineCores;
}

async function generate(t: BenchDatabase, o: ReturnType<typeof options>): Promise<GenerationResult> {
  const deps = { store: createEventStore(t.db), clock: systemClock };
  await seedDemoData(deps);
  say(`Generating ${o.loans.toLocaleString('en-US')} loans into ${t.name} …`);
  const bar = progress('generating', 'loans');
  const meter = await startCpuMeter(t.pool);
  const r = await generateLoanBook(deps, {
    loans: o.loans,
    seed: o.seed,
    concurrency: o.concurrency,
    includeDemoCustomer: true,
    onProgress: (done, total) => bar.update(done, total),
  });
  bar.stop();
  const cpu = await meter.stop();
  for (const e of r.errors) say(`  failed: ${e}`);
  say(
    `  ${r.loans} loans, ${r.customers} customers, ${r.events} events in ${r.seconds.toFixed(0)} s (${Math.round(r.events / r.seconds)} events/s), ${r.failed} failed`,
  );
  return {
    generated: true,
    loans: r.loans,
    customers: r.customers,
    events: r.events,
    seconds: r.seconds,
    concurrency: o.concurrency,
    seed: o.seed,
    byBehaviour: r.byBehaviour,
    failed: r.failed,
    cpu,
  };
}

async function bookFacts(t: BenchDatabase): Promise<BookFacts> {
  const { rows } = await sql<{
    events: string;
    loans: string;
    active: string;
    customers: string;
    bytes: string;
  }>`
    select (select count(*) from events) as events,
           (select count(*) from streams where stream_type = 'loan') as loans,
           (select count(*) from rm_loans.loans where status = 'active') as active,
           (select count(*) from streams where stream_type = 'customer') as customers,
           pg_database_size(current_database()) as bytes`.execute(t.db);
  const r = rows[0]!;
  return {
    events: Number(r.events),
    loans: Number(r.loans),
    activeLoans: Number(r.active),
    customers: Number(r.customers),
    databaseMiB: Number(r.bytes) / 2 ** 20,
  };
}

function save(results: LoanBenchResults, markdown: string): string {
  const dir = new URL('./.bench-data/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const stem = `loans-${results.machine.date.replace(/[:]/g, '')}`;
  writeFileSync(new URL(`${stem}.md`, dir), `${markdown}\n`);
  writeFileSync(new URL(`${stem}.json`, dir), `${JSON.stringify(results, null, 2)}\n`);
  return new URL(`${stem}.md`, dir).pathname;
}

async function run(t: BenchDatabase, o: ReturnType<typeof options>): Promise<LoanBenchResults> {
  const startedAt = new Date();
  const started = performance.now();
  const background = await backgroundLoad(t);
  say(`Background CPU while idle: ${background.toFixed(2)} of ${os.cpus().length} cores`);
  if (background > 0.25)
    say('  Warning: the machine is busy with other work; figures will be low and noisy.');

  let generation: GenerationResult;
  if (t.created) {
    generation = await generate(t, o);
  } else {
    say(`Reusing ${t.name}: no generation.`);
    generation = {
      generated: false,
      loans: 0,
      customers: 0,
      events: 0,
      seconds: 0,
      concurrency: o.concurrency,
      seed: o.seed,
      byBehaviour: {},
      failed: 0,
      cpu: null,
    };
  }
  // What autovacuum would do after a bulk load, before anyone reads.
  await sql`vacuum (analyze) events, streams`.execute(t.db);

  say('Rebuilding the read models from the store …');
  const reader = createEventStore(t.db);
  const ordered = [
    ...projections.filter((p) => LOAN_BOOK_PROJECTIONS.test(p.name)),
    ...projections.filter((p) => !LOAN_BOOK_PROJECTIONS.test(p.name)),
  ];
  const rebuilds = [];
  for (const projection of ordered) {
    if (o.skipRebuild) {
      const runner = new ProjectionRunner({ db: t.db, reader, projection });
      await runner.init();
      while ((await runner.catchUp()) > 0);
      continue;
    }
    const r = await timeRebuild(t.db, t.pool, reader, projection);
    say(
      `  ${r.projection}: ${r.events} events in ${r.seconds.toFixed(1)} s = ${Math.round(r.perSecond)} events/s`,
    );
    rebuilds.push(r);
  }
  // Fresh tables: statistics and a visibility map (index-only scans), as autovacuum would soon give them.
  const { rows: tables } = await sql<{ name: string }>`
    select format('%I.%I', schemaname, tablename) as name from pg_tables
    where schemaname = any(${ordered.map((p) => p.schema)}::text[])`.execute(t.db);
  for (const { name } of tables) await sql.raw(`vacuum (analyze) ${name}`).execute(t.db);
  const book = await bookFacts(t);

  const api = await benchApi(t, systemClock);
  try {
    say(`Loans list: ${LIST_REQUESTS} requests, one at a time …`);
    const all = await listRequests(t.db, o.seed, LIST_REQUESTS + LIST_WARMUP);
    const list = await measureList(api, t.pool, all.slice(LIST_WARMUP), all.slice(0, LIST_WARMUP));
    say(
      `  p50 ${list.overall.p50Ms.toFixed(2)} ms, p95 ${list.overall.p95Ms.toFixed(2)} ms, p99 ${list.overall.p99Ms.toFixed(2)} ms, ${list.errors} errors`,
    );

    const count = PAYMENT_RATE * PAYMENT_SECONDS;
    say(
      `RecordPayment: quoting ${2 * count} loans, then ${PAYMENT_RATE}/s for ${PAYMENT_SECONDS} s, with and without the projectors …`,
    );
    const plans = await planPayments(api, t.db, o.seed, 2 * count);
    const half = Math.floor(plans.length / 2);
    const payments = await measurePayments(
      api,
      t.pool,
      t.db,
      reader,
      plans.slice(0, half),
      PAYMENT_RATE,
      true,
    );
    const paymentsAlone = await measurePayments(
      api,
      t.pool,
      t.db,
      reader,
      plans.slice(half),
      PAYMENT_RATE,
      false,
    );
    for (const p of [payments, paymentsAlone]) {
      say(
        `  ${p.withProjectors ? 'with' : 'without'} projectors: p50 ${p.fromSchedule.p50Ms.toFixed(2)} ms, p99 ${p.fromSchedule.p99Ms.toFixed(2)} ms, ${p.errors} errors`,
      );
    }

    const { rows } = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(t.db);
    return {
      machine: {
        date: startedAt.toISOString().replace(/\.\d+Z$/, 'Z'),
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
        memoryGiB: os.totalmem() / 2 ** 30,
        node: process.version,
        postgres: rows[0]?.v ?? 'unknown',
        backgroundCores: background,
      },
      database: t.name,
      generation,
      book,
      rebuilds,
      rebuilt: !o.skipRebuild,
      list,
      payments,
      paymentsAlone,
      totalSeconds: (performance.now() - started) / 1000,
    };
  } finally {
    await api.close();
  }
}

async function main(): Promise<void> {
  const o = options();
  const t = await openBenchDatabase(o.reuse, Math.max(20, o.concurrency + 4));
  try {
    const results = await run(t, o);
    const markdown = renderLoanReport(results);
    say(`\n${markdown}\n`);
    say(`Saved to ${save(results, markdown)}`);
    const missed = loanVerdicts(results).filter((v) => !v.pass);
    if (missed.length > 0) say(`${missed.length} target(s) not met.`);
  } finally {
    await t.close(o.keep);
    if (o.keep) say(`Kept database ${t.name} (rerun with --reuse ${t.name}; drop it with dropdb).`);
  }
}

await main();
