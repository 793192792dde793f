import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { Rng } from '../../services/src/demo/rng.js';
import { percentile, sortedCopy } from '../lib/measure.js';
import type { BenchApi, CapturedQuery } from './api.js';

export type SearchKind = 'none' | 'name' | 'mobile' | 'aadhar' | 'amount' | 'loanId';
type Viewer = 'admin' | 'employee';

export interface ListRequest {
  kind: SearchKind;
  viewer: Viewer;
  url: string;
}

export interface Percentiles {
  n: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface ListResult {
  requests: number;
  errors: number;
  overall: Percentiles;
  byKind: Record<string, Percentiles & { meanHits: number }>;
  /** Mean share of a request's server time spent waiting for Postgres, and statements per request. */
  dbShare: number;
  statementsPerRequest: number;
  slowest: { url: string; viewer: Viewer; ms: number; hits: number };
  /** The slowest statement of the slowest request, as it ran again under EXPLAIN ANALYZE. */
  explain: { statementMs: number; text: string; plan: string } | null;
}

export const summarise = (ms: readonly number[]): Percentiles => {
  const sorted = sortedCopy(ms);
  return {
    n: ms.length,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? Number.NaN,
  };
};

interface Sample {
  name: string;
  primary_mobile: string;
  aadhar_number: string;
  principal_paise: string;
  loan_id: string;
}

const KINDS: Record<SearchKind, number> = {
  none: 20,
  name: 30,
  mobile: 15,
  aadhar: 10,
  amount: 15,
  loanId: 10,
};

/** Search terms as staff type them, drawn from real rows of the book. */
function term(rng: Rng, kind: SearchKind, viewer: Viewer, s: Sample): string | undefined {
  const [first = '', last = ''] = s.name.split(' ');
  switch (kind) {
    case 'none':
      return undefined;
    case 'name':
      return rng.pick([first, last, s.name, first.slice(0, 4).toLowerCase(), `${first} ${last.slice(0, 2)}`]);
    case 'mobile':
      return rng.chance(0.7) ? s.primary_mobile : s.primary_mobile.slice(-6);
    case 'aadhar':
      // Employees find by the whole number only; admins by any part of it.
      if (viewer === 'employee') return s.aadhar_number;
      return rng.chance(0.5) ? s.aadhar_number.slice(-4) : s.aadhar_number.slice(2, 10);
    case 'amount': {
      const rupees = Number(s.principal_paise) / 100;
      return rng.chance(0.5) ? String(rupees) : rupees.toLocaleString('en-IN');
    }
    case 'loanId':
      return rng.chance(0.6) ? s.loan_id : s.loan_id.slice(0, 6);
  }
}

/** `count` list requests: a mix of searches, tabs, pages and both staff routes. */
export async function listRequests(db: Kysely<any>, seed: number, count: number): Promise<ListRequest[]> {
  const { rows } = await sql<Sample>`
    select name, primary_mobile, aadhar_number, principal_paise::text, loan_id
    from rm_loans.loans where list_status <> 'hidden' order by random() limit 1000`.execute(db);
  if (rows.length === 0) throw new Error('the loans read model is empty');
  const rng = new Rng(seed);
  return Array.from({ length: count }, (_, i) => {
    const viewer: Viewer = i % 2 === 0 ? 'admin' : 'employee';
    const kind = rng.weighted(KINDS);
    const search = term(rng, kind, viewer, rng.pick(rows));
    const status = rng.weighted({ active: 60, all: 25, closed: 15 });
    const page = rng.chance(0.7) ? 1 : rng.chance(0.67) ? rng.int(2, 5) : rng.int(6, 20);
    const sort = rng.weighted({ createdAt: 85, amount: 5, name: 5, loanId: 5 });
    const q = new URLSearchParams({ status, page: String(page), limit: '20' });
    if (search) q.set('search', search);
    if (sort !== 'createdAt') q.set('sort', sort);
    return { kind, viewer, url: `/api/${viewer}/loans?${q}` };
  });
}

/** Runs EXPLAIN (ANALYZE, BUFFERS) on a captured statement, with its values. */
async function explain(pool: pg.Pool, q: CapturedQuery): Promise<string> {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${q.text.replace(/^\/\* prepared \*\/ /, '')}`,
    q.values,
  );
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/**
 * One request at a time (so each one's time is its own), timed around `app.inject`:
 * routing, access check, validation, the queries, serialisation; no network.
 */
export async function measureList(
  api: BenchApi,
  pool: pg.Pool,
  requests: readonly ListRequest[],
  warmup: readonly ListRequest[],
): Promise<ListResult> {
  const send = (r: ListRequest) =>
    api.app.inject({ method: 'GET', url: r.url, headers: { 'x-auth-token': api.tokens[r.viewer] } });
  for (const r of warmup) await send(r);

  const times: Array<{ r: ListRequest; ms: number; hits: number }> = [];
  let errors = 0;
  let dbShare = 0;
  let statements = 0;
  for (const r of requests) {
    api.tap.reset();
    const started = performance.now();
    const res = await send(r);
    const ms = performance.now() - started;
    if (res.statusCode !== 200) {
      errors += 1;
      continue;
    }
    const body = res.json() as { pagination: { total: number } };
    times.push({ r, ms, hits: body.pagination.total });
    dbShare += api.tap.dbMs / ms;
    statements += api.tap.statements;
  }

  const byKind: ListResult['byKind'] = {};
  for (const kind of Object.keys(KINDS)) {
    const of = times.filter((t) => t.r.kind === kind);
    if (of.length === 0) continue;
    byKind[kind] = {
      ...summarise(of.map((t) => t.ms)),
      meanHits: of.reduce((s, t) => s + t.hits, 0) / of.length,
    };
  }
  const bySlowest = [...times].sort((a, b) => b.ms - a.ms);
  const slowest = bySlowest[0]!;

  // The 20 slowest requests again, their statements captured (one slow run may have been a
  // GC pause or a neighbour): the slowest statement of them all is explained.
  api.tap.reset();
  api.tap.capture = true;
  for (const { r } of bySlowest.slice(0, 20)) await send(r);
  api.tap.capture = false;
  const worst = [...api.tap.captured]
    .filter((q) => /^(\/\* prepared \*\/ )?select/i.test(q.text))
    .sort((a, b) => b.ms - a.ms)[0];
  let explained: ListResult['explain'] = null;
  if (worst) {
    explained = {
      statementMs: worst.ms,
      text: worst.text,
      plan: await explain(pool, worst).catch((e: unknown) => `EXPLAIN failed: ${String(e)}`),
    };
  }
  return {
    requests: requests.length,
    errors,
    overall: summarise(times.map((t) => t.ms)),
    byKind,
    dbShare: dbShare / Math.max(times.length, 1),
    statementsPerRequest: statements / Math.max(times.length, 1),
    slowest: {
      url: decodeURIComponent(slowest.r.url),
      viewer: slowest.r.viewer,
      ms: slowest.ms,
      hits: slowest.hits,
    },
    explain: explained,
  };
}
