import type { Kysely } from 'kysely';

// Frozen in time: never edit a migration that has run; add a new one.
// A run may report figures of its own beside its counts (the delinquency job: loans per class).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scheduler_job_runs').addColumn('summary', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scheduler_job_runs').dropColumn('summary').execute();
}
