import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
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
  drop(): Promise<void>;
}

/**
 * A fresh database per test file: migrated, with the projection runtime's tables,
 * dropped afterwards. Files never see each other's events.
 */
export async function createTestDatabase(prefix = 't'): Promise<TestDatabase> {
  const name = uniqueName(`gl_${prefix}`).toLowerCase();
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(TEST_DATABASE_URL, name);
  const pool = createPool(url, 20);
  const db = createDb<Database>(pool);
  await migrateToLatest(db);
  await ensureRuntimeTables(db);
  return {
    url,
    name,
    pool,
    db,
    async drop() {
      await db.destroy();
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
