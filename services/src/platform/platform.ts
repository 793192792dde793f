import type { Kysely } from 'kysely';
import type pg from 'pg';
import { ensureRuntimeTables, type RuntimeDatabase } from '@goldledger/projections';
import type { Config } from './config.js';
import { createDb, createPool } from './db.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres.js';
import { createEventStore, type EventStore } from './event-store/event-store.js';
import { trackWrites } from './read-after-write.js';
import type { EventStoreDatabase } from './event-store/schema.js';
import type { Logger } from './logger.js';
import type { ReadinessGates } from './readiness.js';
import { runMigrations, type Migrations } from './migrate.js';
import { InProcessTransport, NatsTransport, type Transport } from './transport.js';
import type { ReadModelDatabase } from './read-models.js';
import type { SchedulerDatabase } from './scheduler/scheduler-tables.js';
import type { IdentityDatabase } from '../identity/identity-tables.js';
import type { MessagingDatabase } from '../messaging/outbox-messages.schema.js';

/**
 * Every table the services read or write: the event store, the projection runtime, the
 * scheduler's runs, the outbox, one-time codes and passwords, and the read models.
 */
export type Database = EventStoreDatabase &
  RuntimeDatabase &
  SchedulerDatabase &
  MessagingDatabase &
  IdentityDatabase &
  ReadModelDatabase;

/** Everything a process shares: one pool, one store, one transport. */
export interface Platform {
  config: Config;
  log: Logger;
  connectionString: string;
  pool: pg.Pool;
  db: Kysely<Database>;
  store: EventStore;
  transport: Transport;
  embedded: EmbeddedDatabase | undefined;
  /** What /ready requires of this process (by role; all checks when unset). */
  readiness?: ReadinessGates;
  close(): Promise<void>;
}

export async function createPlatform(
  config: Config,
  log: Logger,
  options: {
    /** Every part's migrations; the composition root lists them, so the platform knows no slice. */
    migrations: readonly Migrations[];
    readiness?: ReadinessGates;
  },
): Promise<Platform> {
  const embedded = config.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres(config.DATA_DIR, config.EMBEDDED_PG_PORT, log);
  const connectionString = config.DATABASE_URL ?? embedded!.url;
  const pool = createPool(connectionString, config.DATABASE_POOL_SIZE);
  const db = createDb<Database>(pool);
  try {
    await runMigrations(db, options.migrations);
    await ensureRuntimeTables(db);
    const store = trackWrites(createEventStore(db));
    const transport: Transport = config.NATS_URL
      ? await NatsTransport.connect(config.NATS_URL, config.NATS_STREAM, config.NATS_SUBJECT_PREFIX)
      : new InProcessTransport(store);
    log.info(
      { database: embedded ? 'embedded' : 'DATABASE_URL', transport: transport.kind },
      'platform ready',
    );
    return {
      config,
      log,
      connectionString,
      pool,
      db,
      store,
      transport,
      embedded,
      ...(options.readiness ? { readiness: options.readiness } : {}),
      async close() {
        await transport.close();
        await db.destroy();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await db.destroy().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}
