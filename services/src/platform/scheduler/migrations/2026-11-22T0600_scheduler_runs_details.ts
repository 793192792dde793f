import type { Kysely } from 'kysely';

// Frozen in time: never edit a migration that has run; add a new one.
// The cron console shows who ran a job by name and email, and how many subjects it
// looked at besides those it acted on.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scheduler_job_runs').addColumn('executed_by_email', 'text').execute();
  await db.schema
    .alterTable('scheduler_job_runs')
    .addColumn('records_processed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scheduler_job_runs').dropColumn('records_processed').execute();
  await db.schema.alterTable('scheduler_job_runs').dropColumn('executed_by_email').execute();
}
