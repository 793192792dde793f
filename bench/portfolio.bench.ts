/**
 * Portfolio benchmark (issue 18, point 4): a book of 100,000 loans written straight into
 * the events table (`bench/portfolio/generate.ts`), then the portfolio as of a day,
 * exactly as `GET /api/admin/reports/portfolio` computes it (`portfolioAsOf`: the loan
 * events recorded by the day's close, the register's prices and the policy as of then),
 * several times for two days. Target: under 10 s for 100,000 loans.
 *
 *   npm run bench:portfolio -- [--loans 100000] [--runs 3] [--seed 1] [--keep] [--reuse <db>]
 *
 * Each run creates a database on the local server (TEST_DATABASE_URL) and drops it at the
 * end unless --keep; --reuse <db> measures a kept one again. Prints Markdown and keeps JSON
 * under bench/.bench-data/ (git-ignored).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { projections, rebuildProjection } from '@goldledger/projections';
import { createEventStore } from '@goldledger/services';
import { portfolioAsOf } from '../services/src/reports/portfolio/portfolio.queries.js';
import { startCpuMeter, type CpuShare } from './lib/measure.js';
import { progress } from './lib/progress.js';
import { openBenchDatabase } from './loan-book/database.js';
import {
  BOOK_END,
  branchRows,
  checkContracts,
  insertRows,
  loanLife,
  priceRows,
  prng,
} from './portfolio/generate.js';

const { values: args } = parseArgs({
  options: {
    loans: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
  },
});
const LOANS = Number(args.loans);
const RUNS = Number(args.runs);
/** A day in the book's middle and its last day. */
const DAYS = ['2025-12-31', BOOK_END];
const CHUNK = 2_000;

interface Measured {
  day: string;
  run: number;
  seconds: number;
  loans: number;
  peakRssMb: number;
  peakHeapMb: number;
  cpu: CpuShare;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function generate(bench: Awaited<ReturnType<typeof openBenchDatabase>>) {
  const started = performance.now();
  const { branches, rows } = branchRows();
  await insertRows(bench.db, [...rows, ...priceRows()]);
  const branchesProjection = projections.find((p) => p.name === 'branches')!;
  await rebuildProjection({
    db: bench.db,
    reader: createEventStore(bench.db),
    projection: branchesProjection,
  });
  const random = prng(Number(args.seed));
  const bar = progress('writing loans', 'loans');
  let events = 0;
  for (let from = 0; from < LOANS; from += CHUNK) {
    const chunk = [];
    for (let n = from; n < Math.min(LOANS, from + CHUNK); n++) chunk.push(...loanLife(n, random, branches));
    if (from === 0) checkContracts(chunk);
    await insertRows(bench.db, chunk);
    events += chunk.length;
    bar.update(Math.min(LOANS, from + CHUNK), LOANS);
  }
  bar.stop();
  await sql`vacuum (analyze) events`.execute(bench.db);
  return { events, seconds: (performance.now() - started) / 1000 };
}

async function measure(bench: Awaited<ReturnType<typeof openBenchDatabase>>, day: string, run: number) {
  const deps = { db: bench.db, store: createEventStore(bench.db) };
  global.gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 10);
  const meter = await startCpuMeter(bench.pool);
  const t0 = performance.now();
  const report = await portfolioAsOf(deps, day, { kind: 'all' });
  const seconds = (performance.now() - t0) / 1000;
  const cpu = await meter.stop();
  clearInterval(sampler);
  return {
    measured: {
      day,
      run,
      seconds,
      loans: report.total.loans,
      peakRssMb: mb(peakRss),
      peakHeapMb: mb(peakHeap),
      cpu,
    } satisfies Measured,
    report,
  };
}

async function main() {
  const bench = await openBenchDatabase(args.reuse, 4, 'gl_bench_portfolio');
  try {
    const generated = bench.created ? await generate(bench) : null;
    const counts = (
      await sql<{ events: string; loans: string; bytes: string }>`
        select (select count(*) from events) as events,
               (select count(*) from streams where stream_type = 'loan') as loans,
               pg_total_relation_size('events') as bytes`.execute(bench.db)
    ).rows[0]!;
    const meterIdle = await startCpuMeter(bench.pool);
    await new Promise((r) => setTimeout(r, 2_000));
    const idle = await meterIdle.stop();
    const results: Measured[] = [];
    const books: Record<string, unknown> = {};
    for (const day of DAYS) {
      for (let run = 1; run <= RUNS; run++) {
        const { measured, report } = await measure(bench, day, run);
        results.push(measured);
        books[day] = {
          loans: report.total.loans,
          principalPaise: report.total.principalPaise,
          classes: report.total.classes,
          npaRatioBps: report.total.npaRatioBps,
        };
        console.error(`${day} run ${run}: ${measured.seconds.toFixed(2)} s, ${measured.loans} open loans`);
      }
    }
    const lines = [
      `### Portfolio as of a day: ${Number(counts.loans).toLocaleString('en-IN')} loans, ${Number(counts.events).toLocaleString('en-IN')} events (${mb(Number(counts.bytes))} MB)`,
      '',
      `Run at ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; other work on the machine before the runs: ${idle.machineCores.toFixed(2)} cores.` +
        (generated ? ` Written in ${generated.seconds.toFixed(0)} s.` : ''),
      '',
      '| as of | run | seconds | open loans | peak RSS MB | peak heap MB | CPU machine / node / pg |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...results.map(
        (r) =>
          `| ${r.day} | ${r.run} | ${r.seconds.toFixed(2)} | ${r.loans.toLocaleString('en-IN')} | ${r.peakRssMb} | ${r.peakHeapMb} | ${r.cpu.machineCores.toFixed(2)} / ${r.cpu.nodeCores.toFixed(2)} / ${r.cpu.postgresCores.toFixed(2)} |`,
      ),
    ];
    console.log(lines.join('\n'));
    mkdirSync('bench/.bench-data', { recursive: true });
    writeFileSync(
      `bench/.bench-data/portfolio-${new Date().toISOString().replaceAll(':', '-')}.json`,
      JSON.stringify({ database: bench.name, counts, generated, idle, results, books }, null, 2),
    );
  } finally {
    await bench.close(args.keep || Boolean(args.reuse));
  }
}

await main();
