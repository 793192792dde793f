import type pg from 'pg';

/**
 * The statements that took the bench database's time, from `pg_stat_statements` (issue 19,
 * point 9): reset once the book is loaded and warmed up, read after the last step, so they
 * cover the measured steps (settling included) of every process: the two APIs, the relay,
 * the projector and the scheduler. The server must preload the library
 * (`shared_preload_libraries = 'pg_stat_statements'`); without it the bench says so and
 * goes on without this table.
 */

export interface TopStatement {
  calls: number;
  totalMs: number;
  meanMs: number;
  rows: number;
  /** Share of the total execution time of all the database's statements. */
  share: number;
  query: string;
}

export interface StatementsCapture {
  available: boolean;
  reason?: string;
  top: TopStatement[];
  totalMs: number;
  calls: number;
}

/** Makes the extension available in the bench database and starts counting afresh. */
export async function resetStatements(pool: pg.Pool): Promise<string | null> {
  try {
    const { rows } = await pool.query<{ lib: string }>(
      "select current_setting('shared_preload_libraries') as lib",
    );
    if (!/\bpg_stat_statements\b/.test(rows[0]?.lib ?? ''))
      return 'pg_stat_statements is not in shared_preload_libraries on this server';
    await pool.query('create extension if not exists pg_stat_statements');
    await pool.query(
      'select pg_stat_statements_reset(0, (select oid from pg_database where datname = current_database()), 0)',
    );
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The top statements by total execution time in the bench database since the reset. */
export async function topStatements(pool: pg.Pool, limit = 12): Promise<StatementsCapture> {
  try {
    const { rows } = await pool.query<{
      calls: string;
      total: number;
      mean: number;
      rows: string;
      query: string;
      all_total: number;
      all_calls: string;
    }>(
      `with s as (
         select calls, total_exec_time, mean_exec_time, rows, query
         from pg_stat_statements
         where dbid = (select oid from pg_database where datname = current_database())
       )
       select calls, total_exec_time as total, mean_exec_time as mean, rows, query,
              (select sum(total_exec_time) from s) as all_total, (select sum(calls) from s) as all_calls
       from s order by total_exec_time desc limit $1`,
      [limit],
    );
    const totalMs = Number(rows[0]?.all_total ?? 0);
    return {
      available: true,
      totalMs,
      calls: Number(rows[0]?.all_calls ?? 0),
      top: rows.map((r) => ({
        calls: Number(r.calls),
        totalMs: Number(r.total),
        meanMs: Number(r.mean),
        rows: Number(r.rows),
        share: totalMs > 0 ? Number(r.total) / totalMs : 0,
        query: r.query.replace(/\s+/g, ' ').trim(),
      })),
    };
  } catch (error) {
    return {
      available: false,
      reason: error instanceof Error ? error.message : String(error),
      top: [],
      totalMs: 0,
      calls: 0,
    };
  }
}

/** The capture as a Markdown table, each statement's text cut to `width` characters. */
export function renderStatements(s: StatementsCapture | undefined, width = 160): string[] {
  if (!s) return [];
  if (!s.available) return ['', `Top statements: not captured (${s.reason ?? 'unknown'}).`];
  const cut = (q: string) => (q.length > width ? `${q.slice(0, width - 1)}…` : q).replace(/\|/g, '\\|');
  return [
    '',
    `Top statements in the bench database over the measured steps (pg_stat_statements; ${Math.round(s.totalMs).toLocaleString('en-US')} ms of execution in ${s.calls.toLocaleString('en-US')} calls in all):`,
    '',
    '| # | calls | total ms | share | mean ms | rows | statement |',
    '|---:|---:|---:|---:|---:|---:|---|',
    ...s.top.map(
      (t, i) =>
        `| ${i + 1} | ${t.calls.toLocaleString('en-US')} | ${Math.round(t.totalMs).toLocaleString('en-US')} | ${(t.share * 100).toFixed(1)} % | ${t.meanMs.toFixed(2)} | ${t.rows.toLocaleString('en-US')} | \`${cut(t.query)}\` |`,
    ),
  ];
}
