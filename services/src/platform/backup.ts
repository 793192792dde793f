import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from './platform.js';

const run = promisify(execFile);

/**
 * What a backup holds: the source of truth, never what can be rebuilt from it.
 * Events and streams are the store; idempotency keys (the store's, and the answers to
 * requests sent with an Idempotency-Key) keep a retried command from acting twice after
 * a restore; credentials, job history and undelivered messages
 * are not events. Read models, checkpoints and dead letters are left out: a restore
 * rebuilds them from the events. One-time sign-in codes are left out on purpose.
 */
export const BACKUP_TABLES = [
  'streams',
  'events',
  'idempotency_keys',
  'request_idempotency',
  'user_credentials',
  'scheduler_job_runs',
  'outbox_messages',
] as const;
const BACKUP_SEQUENCES = ['events_global_position_seq', 'scheduler_job_runs_id_seq'] as const;

export const DUMP_FILE = 'store.dump';
export const MANIFEST_FILE = 'manifest.json';
export const BLOBS_DIR = 'blobs';

export interface BackupManifest {
  format: 'goldledger-backup/1';
  createdAt: string;
  database: string;
  migrations: string[];
  rows: Record<string, number>;
  /** The last event in the backup (global position and its transaction id). */
  head: { globalPosition: string; transactionId: string } | null;
  /** Highest transaction id among the events: a restored cluster must be past it. */
  maxTransactionId: string;
  blobs: { files: number; bytes: number } | null;
  pgDump: string;
}

async function migrationsOf(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from es_migrations order by name`.execute(db);
  return rows.map((r) => r.name);
}

async function countFiles(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/**
 * `backup --out <dir>`: pg_dump of the store's tables (custom format) taken from one
 * exported snapshot, so the manifest's counts describe exactly what the dump holds,
 * then a copy of the photo blobs. Safe while the system runs: appends go on.
 */
export async function backup(options: {
  connectionString: string;
  out: string;
  blobDir: string | undefined;
  log: (line: string) => void;
}): Promise<BackupManifest> {
  const { connectionString, out, log } = options;
  if (existsSync(out) && (await readdir(out)).length > 0) {
    throw new Error(`${out} is not empty: give a new directory for the backup.`);
  }
  await mkdir(out, { recursive: true });
  const client = new pg.Client({ connectionString, application_name: 'goldledger-backup' });
  await client.connect();
  try {
    // The snapshot lives as long as this transaction: pg_dump reads the same data we count.
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const rows: Record<string, number> = {};
    for (const table of BACKUP_TABLES) {
      rows[table] = Number(
        (await client.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]!.n,
      );
    }
    const head = (
      await client.query<{ g: string; t: string }>(
        'select global_position::text as g, transaction_id::text as t from events order by transaction_id desc, global_position desc limit 1',
      )
    ).rows[0];
    const maxTransactionId =
      (await client.query<{ t: string | null }>('select max(transaction_id)::text as t from events')).rows[0]!
        .t ?? '0';
    const migrations = (
      await client.query<{ name: string }>('select name from es_migrations order by name')
    ).rows.map((r) => r.name);
    const version = (await run('pg_dump', ['--version'])).stdout.trim();
    log(`dumping ${rows.events} events and ${rows.streams} streams (${version})`);
    await run('pg_dump', [
      '--format=custom',
      '--data-only',
      `--snapshot=${snapshot}`,
      `--file=${path.join(out, DUMP_FILE)}`,
      ...[...BACKUP_TABLES, ...BACKUP_SEQUENCES].map((t) => `--table=public.${t}`),
      `--dbname=${connectionString}`,
    ]);
    await client.query('commit');

    // Blobs after the dump: a photo's bytes are written before its event, so every
    // photo the dump mentions is already on disk now.
    let blobs: BackupManifest['blobs'] = null;
    if (options.blobDir && existsSync(options.blobDir)) {
      await cp(options.blobDir, path.join(out, BLOBS_DIR), { recursive: true });
      blobs = await countFiles(path.join(out, BLOBS_DIR));
      log(`copied ${blobs.files} blob files (${blobs.bytes} bytes)`);
    }
    const manifest: BackupManifest = {
      format: 'goldledger-backup/1',
      createdAt: new Date().toISOString(),
      database: new URL(connectionString).pathname.slice(1),
      migrations,
      rows,
      head: head ? { globalPosition: head.g, transactionId: head.t } : null,
      maxTransactionId,
      blobs,
      pgDump: version,
    };
    await writeFile(path.join(out, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** Above this many transactions to burn, advancing the counter online is too slow: use pg_resetwal. */
const MAX_BURN = 5_000_000;

/**
 * The relay and projectors read events in (transaction id, position) order and only
 * below the oldest running transaction. Events restored into a younger cluster keep
 * their original transaction ids, which that cluster may not have reached yet: they
 * would stay invisible, and new events would sort before them. So the restored
 * cluster's counter must pass the highest restored id first.
 */
export async function advanceTransactionCounter(
  db: Kysely<Database>,
  pastId: bigint,
  onProgress: (done: number, total: number) => void,
): Promise<number> {
  const current = async () =>
    BigInt((await sql<{ id: string }>`select pg_current_xact_id()::text as id`.execute(db)).rows[0]!.id);
  const gap = Number(pastId - (await current()) + 1n);
  if (gap <= 0) return 0;
  if (gap > MAX_BURN) {
    throw new Error(
      `The restored events carry transaction ids up to ${pastId}, ${gap} past this cluster's counter. ` +
        `Stop the new cluster and run: pg_resetwal -x ${pastId + 1000n} <data directory>, then restore again.`,
    );
  }
  let done = 0;
  const step = 10_000;
  while ((await current()) <= pastId) {
    const n = Math.min(step, Number(pastId - (await current())) + 1);
    // One transaction id per loop turn: COMMIT inside DO ends each one.
    await sql
      .raw(`do $$ begin for i in 1..${n} loop perform pg_current_xact_id(); commit; end loop; end $$`)
      .execute(db);
    done += n;
    onProgress(Math.min(done, gap), gap);
  }
  return done;
}

/**
 * `restore --from <dir>` into the (migrated, empty) database of DATABASE_URL: loads
 * the dump in one transaction, checks the row counts against the manifest, moves the
 * transaction counter past the restored events, and puts the blobs back. Read models
 * are rebuilt by the caller.
 */
export async function restore(options: {
  db: Kysely<Database>;
  connectionString: string;
  from: string;
  blobDir: string | undefined;
  log: (line: string) => void;
  onBurnProgress: (done: number, total: number) => void;
}): Promise<BackupManifest> {
  const { db, connectionString, from, log } = options;
  const manifestPath = path.join(from, MANIFEST_FILE);
  if (!existsSync(manifestPath))
    throw new Error(`${from} holds no ${MANIFEST_FILE}: not a GoldLedger backup.`);
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as BackupManifest;
  if (manifest.format !== 'goldledger-backup/1')
    throw new Error(`Unknown backup format "${manifest.format}".`);

  const present = Number((await sql<{ n: string }>`select count(*) as n from events`.execute(db)).rows[0]!.n);
  if (present > 0) {
    throw new Error(`The target database already holds ${present} events: restore into an empty database.`);
  }
  const migrations = await migrationsOf(db);
  if (JSON.stringify(migrations) !== JSON.stringify(manifest.migrations)) {
    throw new Error(
      `The backup was taken at schema ${manifest.migrations.at(-1) ?? '(none)'}, this code is at ` +
        `${migrations.at(-1) ?? '(none)'}: restore with the release that took the backup, then upgrade.`,
    );
  }
  log(`restoring ${manifest.rows.events} events and ${manifest.rows.streams} streams`);
  await run('pg_restore', [
    '--data-only',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${connectionString}`,
    path.join(from, DUMP_FILE),
  ]);
  for (const table of BACKUP_TABLES) {
    const n = Number(
      (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n,
    );
    if (n !== manifest.rows[table]) {
      throw new Error(`${table}: ${n} rows restored, the backup's manifest says ${manifest.rows[table]}.`);
    }
  }
  const burnt = await advanceTransactionCounter(
    db,
    BigInt(manifest.maxTransactionId),
    options.onBurnProgress,
  );
  if (burnt > 0) log(`advanced the transaction counter by ${burnt} past the restored events`);
  if (manifest.blobs && options.blobDir) {
    await mkdir(options.blobDir, { recursive: true });
    await cp(path.join(from, BLOBS_DIR), options.blobDir, { recursive: true, force: false });
    log(`restored ${manifest.blobs.files} blob files into ${options.blobDir}`);
  }
  return manifest;
}
