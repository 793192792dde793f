import type { Kysely } from 'kysely';
import pg from 'pg';
import { ensureRuntimeTables } from '@goldledger/projections';
import { createDb, migrateToLatest, type Database } from '@goldledger/services';
import { TEST_DATABASE_URL, uniqueName } from '@goldledger/services/testing';

/** Our connections carry this name, so pg_stat_activity shows only them to the wait sampler. */
export const BENCH_APPLICATION = 'goldledger-bench-loans';

export interface BenchDatabase {
  url: string;
  name: string;
  pool: pg.Pool;
  db: Kysely<Database>;
  /** False when the run reuses a database that was already there. */
  created: boolean;
  /** Closes the pool; drops the database unless `keep`. */
  close(keep: boolean): Promise<void>;
}

const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * A database of the local server (TEST_DATABASE_URL's): a new `gl_bench_loans_…` one,
 * or, with `reuse`, one an earlier run kept. Either way migrated to the latest schema.
 */
export async function openBenchDatabase(
  reuse: string | undefined,
  poolSize: number,
  prefix = 'gl_bench_loans',
): Promise<BenchDatabase> {
  const name = reuse ?? uniqueName(prefix).toLowerCase();
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const exists = await admin(
    async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1,
  );
  if (reuse && !exists)
    throw new Error(`--reuse ${name}: no such database on ${new URL(TEST_DATABASE_URL).host}`);
  if (!exists) await admin((c) => c.query(`create database ${name}`));
  const url = withDatabase(TEST_DATABASE_URL, name);
  // Idle connections are kept (idleTimeoutMillis 0): the CPU meter finds Postgres backends by
  // pid, and one closed and reopened mid-window would take its CPU time with it.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 0,
    application_name: BENCH_APPLICATION,
  });
  pool.on('error', () => undefined);
  const db = createDb<Database>(pool);
  await migrateToLatest(db);
  await ensureRuntimeTables(db);
  return {
    url,
    name,
    pool,
    db,
    created: !exists,
    async close(keep) {
      await db.destroy();
      if (!keep) await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
