/**
 * Read-model benchmark (issue 19, point 9): on a book of 100,000 loans written straight
 * into the events table (the portfolio bench's generator: five branches, two years, about
 * 15 events a loan),
 *   - the full rebuild of every read model, exactly as `npm run rebuild` does it
 *     (`rebuildAll`), with each projection's events/s and the total;
 *   - `GET /api/admin/reports` and `GET /api/employee/reports` through the real API
 *     in-process (`app.inject`), one request at a time: server time p50/p95/p99.
 *
 *   npm run bench:read-models -- [--loans 100000] [--seed 1] [--requests 200] [--keep]
 *                                [--reuse <db>] [--skip-rebuild] [--only loans,customers] [--quick]
 *
 * --quick: 5,000 loans and 50 requests (a couple of minutes). Each run creates a database
 * `gl_bench_read_models_…` on the local server (TEST_DATABASE_URL) and drops it at the end
 * unless --keep; --reuse <db> runs again on a kept one (or on a `bench:portfolio --keep`
 * database) without writing the book. Prints Markdown; keeps Markdown and JSON under
 * bench/.bench-data/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { projections, rebuildAll } from '@goldledger/projections';
import { createEventStore, systemClock } from '@goldledger/services';
import { DEMO_ACCOUNTS } from '../services/src/identity/demo-seed.js';
import { registerStaff } from '../services/src/identity/staff-registration.js';
import { percentile, sortedCopy, startCpuMeter } from './lib/measure.js';
import { progress } from './lib/progress.js';
import { benchApi } from './loan-book/api.js';
import { openBenchDatabase, type BenchDatabase } from './loan-book/database.js';
import { branchRows, checkContracts, insertRows, loanLife, priceRows, prng } from './portfolio/generate.js';

const say = (line: string) => process.stdout.write(`${line}\n`);
const CHUNK = 2000;

function options() {
  const { values } = parseArgs({
    options: {
      loans: { type: 'string' },
      seed: { type: 'string', default: '1' },
      requests: { type: 'string' },
      reuse: { type: 'string' },
      keep: { type: 'boolean', default: false },
      'skip-rebuild': { type: 'boolean', default: false },
      only: { type: 'string' },
      quick: { type: 'boolean', default: false },
    },
  });
  const int = (name: string, raw: string) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name}: a whole number above 0 (got "${raw}")`);
    return n;
  };
  const only = values.only?.split(',').map((s) => s.trim());
  const unknown = only?.filter((name) => !projections.some((p) => p.name === name)) ?? [];
  if (unknown.length > 0)
    throw new Error(
      `--only: unknown ${unknown.join(', ')}; known: ${projections.map((p) => p.name).join(', ')}`,
    );
  return {
    loans: int('loans', values.loans ?? (values.quick ? '5000' : '100000')),
    seed: int('seed', values.seed),
    requests: int('requests', values.requests ?? (values.quick ? '50' : '200')),
    reuse: values.reuse,
    keep: values.keep || values.reuse !== undefined,
    skipRebuild: values['skip-rebuild'],
    only,
  };
}

async function writeBook(t: BenchDatabase, loans: number, seed: number) {
  const started = performance.now();
  const { branches, rows } = branchRows();
  await insertRows(t.db, [...rows, ...priceRows()]);
  const random = prng(seed);
  const bar = progress('writing loans', 'loans');
  for (let from = 0; from < loans; from += CHUNK) {
    const chunk = [];
    for (let n = from; n < Math.min(loans, from + CHUNK); n++) chunk.push(...loanLife(n, random, branches));
    if (from === 0) checkContracts(chunk);
    await insertRows(t.db, chunk);
    bar.update(Math.min(loans, from + CHUNK), loans);
  }
  bar.stop();
  return (performance.now() - started) / 1000;
}

interface RebuildRow {
  projection: string;
  events: number;
  seconds: number;
}

async function rebuild(t: BenchDatabase, only: string[] | undefined) {
  await sql`vacuum (analyze) events`.execute(t.db);
  const chosen = only ? projections.filter((p) => only.includes(p.name)) : projections;
  const bar = progress('rebuilding', 'events');
  const meter = await startCpuMeter(t.pool);
  const started = performance.now();
  const rows: RebuildRow[] = [];
  await rebuildAll({
    db: t.db,
    reader: createEventStore(t.db),
    projections: chosen,
    onProgress: (done, total) => bar.update(done, total),
    onDone: (name, events, seconds) => rows.push({ projection: name, events, seconds }),
  });
  const seconds = (performance.now() - started) / 1000;
  bar.stop();
  return { rows, seconds, cpu: await meter.stop() };
}

/** What the reports and the bench's sign-in read besides the loans: built (untimed) when missing. */
const REPORTS_NEED = ['users', 'branches', 'gold-returns', 'audit-log', 'loans'];

async function ensureReadModels(t: BenchDatabase) {
  const { rows } = await sql<{ projection: string }>`select projection from projection_checkpoints`.execute(
    t.db,
  );
  const have = new Set(rows.map((r) => r.projection));
  const missing = projections.filter((p) => REPORTS_NEED.includes(p.name) && !have.has(p.name));
  if (missing.length === 0) return;
  say(`Building what the reports need first (not timed): ${missing.map((p) => p.name).join(', ')} …`);
  await rebuildAll({ db: t.db, reader: createEventStore(t.db), projections: missing });
}

async function measureReports(t: BenchDatabase, requests: number) {
  await ensureReadModels(t);
  // As autovacuum would after a rebuild (this server runs with it off): the planner's row counts.
  const { rows: schemas } = await sql<{ s: string }>`
    select nspname as s from pg_namespace where nspname like 'rm\_%' and nspname not like '%\_\_%'`.execute(
    t.db,
  );
  for (const { s } of schemas) {
    const { rows: tables } = await sql<{ t: string }>`
      select tablename as t from pg_tables where schemaname = ${s}`.execute(t.db);
    for (const { t: table } of tables) await sql`analyze ${sql.table(`${s}.${table}`)}`.execute(t.db);
  }
  const api = await benchApi(t, systemClock);
  try {
    const out: Record<string, { n: number; p50: number; p95: number; p99: number; max: number }> = {};
    for (const area of ['admin', 'employee'] as const) {
      const times: number[] = [];
      for (let i = 0; i < requests + 10; i++) {
        const t0 = performance.now();
        const res = await api.app.inject({
          method: 'GET',
          url: `/api/${area}/reports`,
          headers: { authorization: `Bearer ${api.tokens[area]}` },
        });
        const ms = performance.now() - t0;
        if (res.statusCode !== 200)
          throw new Error(`/api/${area}/reports: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (i >= 10) times.push(ms);
      }
      const s = sortedCopy(times);
      out[area] = {
        n: s.length,
        p50: percentile(s, 50),
        p95: percentile(s, 95),
        p99: percentile(s, 99),
        max: s.at(-1) ?? 0,
      };
    }
    return out;
  } finally {
    await api.close();
  }
}

async function main() {
  const o = options();
  const t = await openBenchDatabase(o.reuse, 4, 'gl_bench_read_models');
  try {
    const written = t.created ? await writeBook(t, o.loans, o.seed) : null;
    // The staff the bench signs in as (the demo seed writes them only into an empty store).
    const users = await sql<{ n: string }>`
      select count(*) as n from streams where stream_type = 'user'`.execute(t.db);
    if (Number(users.rows[0]?.n ?? 0) === 0) {
      const deps = { store: createEventStore(t.db), clock: systemClock };
      for (const [role, a, aadhar] of [
        ['admin', DEMO_ACCOUNTS.admin, '400000000001'],
        ['employee', DEMO_ACCOUNTS.employee, '400000000002'],
      ] as const)
        await registerStaff(deps, {
          role,
          name: a.name,
          email: a.email,
          primaryMobile: a.mobile,
          secondaryMobile: null,
          aadharNumber: aadhar,
          mustResetPassword: false,
        });
    }
    const facts = await sql<{ events: string; loans: string }>`
      select (select count(*) from events) as events,
             (select count(*) from streams where stream_type = 'loan') as loans`.execute(t.db);
    const events = Number(facts.rows[0]!.events);
    const loans = Number(facts.rows[0]!.loans);
    const busy = os.loadavg()[0]!;
    say(
      `${t.name}: ${loans.toLocaleString('en-US')} loans, ${events.toLocaleString('en-US')} events` +
        (written ? ` (written in ${written.toFixed(0)} s)` : '') +
        `; load average ${busy.toFixed(1)} on ${os.cpus().length} cores.`,
    );
    const rebuilt = o.skipRebuild ? null : await rebuild(t, o.only);
    if (rebuilt)
      for (const r of rebuilt.rows)
        say(
          `  ${r.projection}: ${r.events} events, ${r.seconds.toFixed(1)} s (${Math.round(r.events / r.seconds)} events/s)`,
        );
    if (rebuilt)
      say(
        `  all: ${rebuilt.seconds.toFixed(1)} s; CPU machine ${rebuilt.cpu.machineCores.toFixed(2)}, node ${rebuilt.cpu.nodeCores.toFixed(2)}, pg ${rebuilt.cpu.postgresCores.toFixed(2)} cores`,
      );
    const reports = await measureReports(t, o.requests);

    const lines = [
      `Run of ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}, ${loans.toLocaleString('en-US')} loans, ${events.toLocaleString('en-US')} events, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} at the end.`,
      '',
    ];
    if (rebuilt) {
      lines.push(
        '| projection | events | seconds | events/s |',
        '| --- | ---: | ---: | ---: |',
        ...rebuilt.rows.map(
          (r) =>
            `| ${r.projection} | ${r.events.toLocaleString('en-US')} | ${r.seconds.toFixed(1)} | ${Math.round(r.events / Math.max(r.seconds, 0.001)).toLocaleString('en-US')} |`,
        ),
        `| **all, one pass** | ${events.toLocaleString('en-US')} | **${rebuilt.seconds.toFixed(1)}** | ${Math.round(events / rebuilt.seconds).toLocaleString('en-US')} |`,
        '',
        `CPU during the rebuild, cores: machine ${rebuilt.cpu.machineCores.toFixed(2)}, node ${rebuilt.cpu.nodeCores.toFixed(2)}, pg ${rebuilt.cpu.postgresCores.toFixed(2)}.`,
        '',
      );
    }
    lines.push(
      '| reports | requests | p50 ms | p95 ms | p99 ms | max ms |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...Object.entries(reports).map(
        ([area, r]) =>
          `| GET /api/${area}/reports | ${r.n} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} |`,
      ),
    );
    const markdown = lines.join('\n');
    say(`\n${markdown}\n`);
    const dir = new URL('./.bench-data/', import.meta.url);
    mkdirSync(dir, { recursive: true });
    const stem = `read-models-${new Date().toISOString().replace(/[:.]/g, '')}`;
    writeFileSync(new URL(`${stem}.md`, dir), `${markdown}\n`);
    writeFileSync(
      new URL(`${stem}.json`, dir),
      `${JSON.stringify({ database: t.name, loans, events, rebuilt, reports }, null, 2)}\n`,
    );
  } finally {
    await t.close(o.keep);
    if (o.keep) say(`Kept database ${t.name} (rerun with --reuse ${t.name}).`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
