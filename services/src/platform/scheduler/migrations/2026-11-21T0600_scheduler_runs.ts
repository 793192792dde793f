import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has run; add a new one.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scheduler_job_runs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('job_name', 'text', (c) => c.notNull())
    .addColumn('execution_type', 'text', (c) =>
      c.notNull().check(sql`execution_type in ('scheduled', 'manual', 'backfill')`),
    )
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('running', 'success', 'failed')`))
    .addColumn('business_date', 'date', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addColumn('duration_ms', 'integer')
    .addColumn('records_ok', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('records_failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('executed_by', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  // At most one run of a job at a time, across every process.
  await sql`create unique index scheduler_job_runs_one_running on scheduler_job_runs (job_name) where status = 'running'`.execute(
    db,
  );
  await db.schema
    .createIndex('scheduler_job_runs_job_started_idx')
    .on('scheduler_job_runs')
    .columns(['job_name', 'started_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduler_job_runs').execute();
}
