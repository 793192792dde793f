import { sql, type Kysely } from 'kysely';

/**
 * Trigram indexes make the loan and customer searches fast. pg_trgm ships with
 * PostgreSQL's contrib (and the embedded binaries) and is a trusted extension, but a
 * locked-down role may not create it: then the read models search without it. Created
 * here, once, because two projectors creating it at the same moment collide.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`do $$ begin create extension if not exists pg_trgm; exception when others then null; end $$`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  // Left installed: read-model indexes may depend on it.
}
