import { sql, type Kysely } from 'kysely';

/**
 * The schema pg_trgm is installed in (a migration installs it when the server allows),
 * or null: read models then search without trigram indexes. Reads only the catalog, so
 * any database type will do.
 */
export async function trigramSchema<DB>(db: Kysely<DB>): Promise<string | null> {
  const { rows } = await sql<{ nspname: string }>`
    select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.nspname ?? null;
}
