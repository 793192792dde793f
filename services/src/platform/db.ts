import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

// A DATE is a calendar day, not an instant: keep it as 'YYYY-MM-DD'.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

// bigint and xid8 stay strings (exact); positions are compared as decimal strings.
export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, application_name: 'goldledger' });
  // An idle client losing its server must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return pool;
}

export function createDb<DB>(pool: pg.Pool): Kysely<DB> {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}
