import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { ensureRuntimeTables } from '@goldledger/projections';
import { createDb, migrateToLatest, type Database } from '@goldledger/services';
import { TEST_DATABASE_URL, TEST_NATS_URL, uniqueName } from '@goldledger/services/testing';
import {
  ProcessGroup,
  cleanEnv,
  waitReady,
  type ProductProcess,
} from '../../tests/system/support/processes.js';

/** The bench's own connections carry this name (pg_stat_activity tells them from the servers'). */
export const LOAD_APPLICATION = 'goldledger-bench-load';

export interface LoadDatabase {
  url: string;
  name: string;
  pool: pg.Pool;
  db: Kysely<Database>;
  /** False when the run reuses a database an earlier run kept. */
  created: boolean;
}

const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

async function onAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5_000 });
  try {
    await c.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${new URL(TEST_DATABASE_URL).host} (${(error as Error).message}). ` +
        'Start a local PostgreSQL (user postgres, trust auth) or point TEST_DATABASE_URL at one.',
      { cause: error },
    );
  }
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Fails early, with what to do, when NATS is not there. */
export async function checkNats(): Promise<void> {
  let nc: NatsConnection | undefined;
  try {
    nc = await connect({ servers: TEST_NATS_URL, timeout: 5_000, reconnect: false });
    await (await jetstreamManager(nc)).getAccountInfo();
  } catch (error) {
    throw new Error(
      `NATS JetStream is not reachable at ${TEST_NATS_URL} (${(error as Error).message}). ` +
        'Start nats-server with -js or point TEST_NATS_URL at one.',
      { cause: error },
    );
  } finally {
    await nc?.close();
  }
}

/** A new `gl_bench_load_…` database on the local server, or with `reuse` one a run kept; migrated. */
export async function openLoadDatabase(reuse: string | undefined): Promise<LoadDatabase> {
  const name = reuse ?? uniqueName('gl_bench_load').toLowerCase();
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const exists = await onAdmin(
    async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1,
  );
  if (reuse && !exists)
    throw new Error(`--reuse ${name}: no such database on ${new URL(TEST_DATABASE_URL).host}`);
  if (!exists) await onAdmin((c) => c.query(`create database ${name}`));
  const url = withDatabase(TEST_DATABASE_URL, name);
  const pool = new pg.Pool({ connectionString: url, max: 12, application_name: LOAD_APPLICATION });
  pool.on('error', () => undefined);
  const db = createDb<Database>(pool);
  await migrateToLatest(db);
  await ensureRuntimeTables(db);
  return { url, name, pool, db, created: !exists };
}

export async function dropLoadDatabase(name: string): Promise<void> {
  await onAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
}

/**
 * The JetStream stream and subject prefix of a bench database: named after it, so a
 * kept database (--keep, --reuse) finds its stream again and the relay resumes
 * instead of publishing the whole book anew.
 */
export function natsNamesFor(database: string) {
  return { stream: `ES_${database}`, subjectPrefix: `es_${database}` };
}

export async function deleteNatsStream(stream: string): Promise<void> {
  const nc = await connect({ servers: TEST_NATS_URL });
  try {
    await (await jetstreamManager(nc)).streams.delete(stream).catch(() => false);
  } finally {
    await nc.close();
  }
}

export interface Cluster {
  group: ProcessGroup;
  apis: ProductProcess[];
  apiUrls: string[];
  /** Every product process by role, for the CPU meter. */
  roles: Record<string, ProductProcess[]>;
  stop(): Promise<void>;
}

/**
 * The product as production runs it (deploy/): `api` twice, one `relay`, one
 * `projector`, one `scheduler`, each its own `node --import tsx services/src/main.ts`
 * process, against the local PostgreSQL and NATS. Both APIs share the secrets, so a
 * token issued by one is good at the other.
 */
export async function startCluster(
  database: LoadDatabase,
  options: { logLevel: string; readyTimeoutMs: number },
): Promise<Cluster> {
  const nats = natsNamesFor(database.name);
  const secret = () => randomBytes(32).toString('hex');
  const group = new ProcessGroup({
    ...cleanEnv(),
    DATABASE_URL: database.url,
    NATS_URL: TEST_NATS_URL,
    NATS_STREAM: nats.stream,
    NATS_SUBJECT_PREFIX: nats.subjectPrefix,
    DATA_DIR: path.join(os.tmpdir(), `goldledger-bench-load-${process.pid}`),
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: options.logLevel,
    DEMO_SEED: '0',
    OUTBOX_API: '1',
    // The bench is the load balancer: it names each simulated client in X-Forwarded-For (mix.ts).
    TRUST_PROXY: '127.0.0.1',
    JWT_SECRET: secret(),
    OTP_SECRET: secret(),
  });
  const roles: Record<string, ProductProcess[]> = {
    projector: [group.start('projector', ['projector'])],
    relay: [group.start('relay', ['relay'])],
    scheduler: [group.start('scheduler', ['scheduler'])],
    api: [group.start('api 1', ['api']), group.start('api 2', ['api'])],
  };
  try {
    const urls = new Map<ProductProcess, string>();
    for (const p of group.all) urls.set(p, (await p.url(120_000)).replace('//localhost:', '//127.0.0.1:'));
    // /ready: store reachable, NATS connected, every projection within READY_MAX_BEHIND_EVENTS.
    for (const p of group.all) await waitReady(p, urls.get(p)!, options.readyTimeoutMs);
    const apis = roles.api!;
    return {
      group,
      apis,
      apiUrls: apis.map((p) => urls.get(p)!),
      roles,
      stop: () => group.killAll(15_000),
    };
  } catch (error) {
    process.stderr.write(`${group.tails()}\n`);
    await group.killAll(15_000);
    throw error;
  }
}
