import type { ColumnType, Generated } from 'kysely';

/** One run of a job: the cron console's execution history. */
export interface SchedulerJobRunsTable {
  /** bigserial: read as a decimal string. */
  id: ColumnType<string, never, never>;
  job_name: string;
  execution_type: 'scheduled' | 'manual' | 'backfill';
  status: 'running' | 'success' | 'failed';
  /** A DATE, read as `YYYY-MM-DD`. */
  business_date: string;
  started_at: Date;
  finished_at: Date | null;
  duration_ms: number | null;
  records_ok: Generated<number>;
  records_failed: Generated<number>;
  records_processed: Generated<number>;
  executed_by: string;
  executed_by_email: string | null;
  error: string | null;
  /** Figures of the run's own (the delinquency job: loans per class); null when it reports none. */
  summary: ColumnType<Record<string, number> | null, string | null | undefined, string | null>;
}

export interface SchedulerDatabase {
  scheduler_job_runs: SchedulerJobRunsTable;
}
