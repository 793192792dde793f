import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { ensureRuntimeTables } from '@goldledger/projections';
import { createDb, createPool } from '../platform/db.js';
import { migrateToLatest } from '../migrations.js';
import type { Database } from '../platform/platform.js';

/** The local servers tests run against (CI starts them; see .ci/run). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export interface TestDatabase {
  url: string;
  name: string;
  pool: pg.Pool;
  db: Kysely<Database>;
  /** Closes this side's connections (once), e.g. before the database is copied as a template. */
  disconnect(): Promise<void>;
  drop(): Promise<void>;
}

/**
 * A fresh database per test file: migrated, with the projection runtime's tables,
 * dropped afterwards. Files never see each other's events.
 */
export async function createTestDatabase(
  prefix = 't',
  options: { template?: string } = {},
): Promise<TestDatabase> {
  const name = uniqueName(`gl_${prefix}`).toLowerCase();
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  // A copy of a prepared database (no one may be connected to it) is a file copy: far
  // quicker than migrating and filling a new one.
  if (options.template && !/^[a-z0-9_]+$/.test(options.template)) {
    throw new Error(`not a test database name: ${options.template}`);
  }
  await admin.query(`create database ${name}${options.template ? ` template ${options.template}` : ''}`);
  await admin.end();
  const url = withDatabase(TEST_DATABASE_URL, name);
  const pool = createPool(url, 20);
  const db = createDb<Database>(pool);
  await migrateToLatest(db);
  await ensureRuntimeTables(db);
  let disconnected: Promise<void> | undefined;
  const disconnect = () => (disconnected ??= db.destroy());
  return {
    url,
    name,
    pool,
    db,
    disconnect,
    async drop() {
      await disconnect();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Stream and subject names of one's own on the shared NATS server. */
export function testNatsNames(prefix = 't'): { stream: string; subjectPrefix: string } {
  const id = uniqueName(prefix).replace(/[^A-Za-z0-9_]/g, '_');
  return { stream: `ES_${id}`, subjectPrefix: `es_${id}`.toLowerCase() };
}

/**
 * Waits until every event committed in this database can be read through the store. The
 * store reads only below the server-wide xmin (`readAll`, `headPosition`), so any transaction
 * held open for a moment anywhere on the server (another test file's rebuild, the browser
 * tests' servers) keeps events that are already committed out of reach: a test that appends
 * and then at once reads or catches up may see nothing. Call it between the two.
 */
export async function untilCommittedReadable(db: Kysely<Database>, ms = 30_000): Promise<void> {
  const until = performance.now() + ms;
  for (;;) {
    const { rows } = await sql<{ held: boolean }>`
      select exists (
        select 1 from events where transaction_id >= pg_snapshot_xmin(pg_current_snapshot())
      ) as held`.execute(db);
    if (!rows[0]!.held) return;
    if (performance.now() > until) {
      throw new Error(
        `committed events still unreadable after ${ms} ms: a transaction on the server stays open`,
      );
    }
    await sleep(20);
  }
}
