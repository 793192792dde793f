import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import {
  createDb,
  createEventStore,
  createLogger,
  InProcessTransport,
  loadConfig,
  type Clock,
  type Database,
  type Platform,
} from '@goldledger/services';
// The composition root and token issuing are not part of the services package's API; a
// benchmark of the real HTTP stack needs both.
import { createApi } from '../../services/src/app.js';
import { issueToken, sessionOfUser } from '../../services/src/identity/access.plugin.js';
import { findUserIdBy, loadUser } from '../../services/src/identity/user-commands.js';
import { OutboxSender } from '../../services/src/messaging/outbox-sender.js';
import type { App } from '../../services/src/platform/http/app.js';
import type { BenchDatabase } from './database.js';

/** A statement the API sent while capture was on, with the time it took as the client saw it. */
export interface CapturedQuery {
  text: string;
  values: unknown[];
  ms: number;
}

/**
 * Wraps the pool the API's Kysely uses: every statement is timed, and while `capture`
 * is set its text and values are kept (to EXPLAIN the slowest list query afterwards).
 */
class QueryTap {
  capture = false;
  captured: CapturedQuery[] = [];
  /** Statements since the last reset, as [start, end] (one request at a time: that request's). */
  intervals: Array<[number, number]> = [];

  constructor(private readonly pool: pg.Pool) {}

  reset(): void {
    this.intervals = [];
    this.captured = [];
  }

  get statements(): number {
    return this.intervals.length;
  }

  /** Wall time with at least one statement in flight (statements of one request may overlap). */
  get dbMs(): number {
    let total = 0;
    let end = Number.NEGATIVE_INFINITY;
    for (const [a, b] of [...this.intervals].sort((x, y) => x[0] - y[0])) {
      if (b <= end) continue;
      total += b - Math.max(a, end);
      end = b;
    }
    return total;
  }

  asPool(): pg.Pool {
    const wrappers = new WeakMap<pg.PoolClient, pg.PoolClient>();
    const wrap = (client: pg.PoolClient): pg.PoolClient => {
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      return {
        query: async (...args: unknown[]) => {
          const started = performance.now();
          try {
            return await query(...args);
          } finally {
            const ended = performance.now();
            const ms = ended - started;
            this.intervals.push([started, ended]);
            if (this.capture) {
              const [first, second] = args as [unknown, unknown[] | undefined];
              const named =
                typeof first === 'object' && first !== null ? (first as pg.QueryConfig) : undefined;
              this.captured.push({
                text: named ? named.text : String(first),
                values: [...((named ? named.values : second) ?? [])],
                ms,
              });
            }
          }
        },
        release: (error?: Error | boolean) => client.release(error),
      } as unknown as pg.PoolClient;
    };
    const pool = this.pool;
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
    } as unknown as pg.Pool;
  }
}

export interface BenchApi {
  app: App;
  tap: QueryTap;
  tokens: { admin: string; employee: string };
  close(): Promise<void>;
}

async function tokenFor(app: App, db: BenchDatabase, email: string): Promise<string> {
  const store = createEventStore(db.db);
  const userId = await findUserIdBy(store, 'email', email);
  if (!userId) throw new Error(`no user ${email}: was the demo seed run on ${db.name}?`);
  const { state, version } = await loadUser(store, userId);
  if (!state.role) throw new Error(`${email} has no role`);
  return issueToken(app, sessionOfUser(userId, state, version));
}

/** The real API (createApi, every route and plugin) on the benchmark's database, served in-process. */
export async function benchApi(db: BenchDatabase, clock: Clock): Promise<BenchApi> {
  const tap = new QueryTap(db.pool);
  const tapped = createDb<Database>(tap.asPool());
  const store = createEventStore(tapped);
  const platform: Platform = {
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    log: createLogger('silent'),
    connectionString: db.url,
    pool: db.pool,
    db: tapped,
    store,
    transport: new InProcessTransport(store),
    embedded: undefined,
    close: async () => undefined,
  };
  const secret = () => randomBytes(32).toString('hex');
  const app = await createApi({
    platform,
    clock,
    secrets: { jwt: secret(), otp: secret() },
    messages: new OutboxSender(tapped, clock),
  });
  await app.ready();
  return {
    app,
    tap,
    tokens: {
      admin: await tokenFor(app, db, 'admin@demo.local'),
      employee: await tokenFor(app, db, 'employee@demo.local'),
    },
    close: () => app.close(),
  };
}
