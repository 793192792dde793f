import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as eventStore0 from './event-store/migrations/2026-11-21T0500_event_store.js';
import * as schedulerRuns0 from './scheduler/migrations/2026-11-21T0600_scheduler_runs.js';
import * as outboxMessages0 from '../messaging/migrations/2026-11-21T0700_outbox_messages.js';
import * as authOtp0 from '../identity/migrations/2026-11-21T0800_auth_otp.js';
import * as userCredentials0 from '../identity/migrations/2026-11-21T0900_user_credentials.js';
import * as notifyAfterCommit0 from './event-store/migrations/2026-11-21T1000_notify_after_commit.js';
import * as otpCustomerPurposes0 from '../identity/migrations/2026-11-21T1100_otp_customer_purposes.js';
import * as pgTrgm0 from './migrations/2026-11-21T1200_pg_trgm.js';
import * as schedulerRunDetails0 from './scheduler/migrations/2026-11-22T0600_scheduler_runs_details.js';

/** Static list: works the same under tsx, vitest and a bundler; names sort by date. */
const migrations: Record<string, Migration> = {
  '2026-11-21T0500_event_store': eventStore0,
  '2026-11-21T0600_scheduler_runs': schedulerRuns0,
  '2026-11-21T0700_outbox_messages': outboxMessages0,
  '2026-11-21T0800_auth_otp': authOtp0,
  '2026-11-21T0900_user_credentials': userCredentials0,
  '2026-11-21T1000_notify_after_commit': notifyAfterCommit0,
  '2026-11-21T1100_otp_customer_purposes': otpCustomerPurposes0,
  '2026-11-21T1200_pg_trgm': pgTrgm0,
  '2026-11-22T0600_scheduler_runs_details': schedulerRunDetails0,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'es_migrations',
    migrationLockTableName: 'es_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
