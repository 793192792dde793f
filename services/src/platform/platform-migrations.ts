import * as eventStore0 from './event-store/migrations/2026-11-21T0500_event_store.js';
import * as notifyAfterCommit0 from './event-store/migrations/2026-11-21T1000_notify_after_commit.js';
import type { Migrations } from './migrate.js';
import * as pgTrgm0 from './migrations/2026-11-21T1200_pg_trgm.js';
import * as rateLimitCounters0 from './migrations/2026-11-26T0100_rate_limit_counters.js';
import * as requestIdempotency0 from './migrations/2026-11-26T0200_request_idempotency.js';
import * as schedulerRuns0 from './scheduler/migrations/2026-11-21T0600_scheduler_runs.js';
import * as schedulerRunDetails0 from './scheduler/migrations/2026-11-22T0600_scheduler_runs_details.js';
import * as schedulerRunSummary0 from './scheduler/migrations/2026-12-01T0100_scheduler_run_summary.js';

/**
 * The platform's own tables: the event store, the scheduler's runs, the trigram
 * extension, the shared rate-limit counters and the answers to idempotent requests.
 */
export const platformMigrations: Migrations = {
  '2026-11-21T0500_event_store': eventStore0,
  '2026-11-21T0600_scheduler_runs': schedulerRuns0,
  '2026-11-21T1000_notify_after_commit': notifyAfterCommit0,
  '2026-11-21T1200_pg_trgm': pgTrgm0,
  '2026-11-22T0600_scheduler_runs_details': schedulerRunDetails0,
  '2026-11-26T0100_rate_limit_counters': rateLimitCounters0,
  '2026-11-26T0200_request_idempotency': requestIdempotency0,
  '2026-12-01T0100_scheduler_run_summary': schedulerRunSummary0,
};
