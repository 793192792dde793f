import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';

// A DATE is a calendar day, not an instant: keep it as 'YYYY-MM-DD'.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

// bigint and xid8 stay strings (exact); positions are compared as decimal strings.
export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, application_name: 'goldledger' });
  // An idle client losing its server must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor a checked-out one between two queries (a database restart, tests/faults): its next
  // query fails, and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * Put at the start of a hot statement's text: it is then prepared once per
 * connection (a named statement) instead of parsed and planned on every call.
 * Only for statements whose text is fixed (no lists that change length).
 */
export const PREPARED = '/* prepared */ ';

const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `gl_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** The pool as Kysely sees it, sending PREPARED statements as named ones (pg prepares each once per connection). */
function preparingPool(pool: pg.Pool): PostgresPool {
  // Kysely keys its connection objects by client: hand out one wrapper per client.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const passThrough = client.query.bind(client) as (...args: unknown[]) => unknown;
    const query = (textOrCursor: unknown, values?: readonly unknown[]) =>
      typeof textOrCursor === 'string' && textOrCursor.startsWith(PREPARED)
        ? client.query({ name: statementName(textOrCursor), text: textOrCursor, values: [...(values ?? [])] })
        : passThrough(textOrCursor, values);
    return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

export function createDb<DB>(pool: pg.Pool): Kysely<DB> {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
}
