import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';

/**
 * One part's migrations by name. Static records, not a folder scan: they work the same under
 * tsx, vitest and a bundler. Names start with a timestamp, and the migrator runs them in name
 * order, so parts registered separately still interleave by date.
 */
export type Migrations = Readonly<Record<string, Migration>>;

/** The parts' migrations as one record; a name registered twice is a programming error. */
export function combineMigrations(parts: readonly Migrations[]): Migrations {
  const all: Record<string, Migration> = {};
  for (const part of parts) {
    for (const [name, migration] of Object.entries(part)) {
      if (name in all) throw new Error(`migration ${name} is registered twice`);
      all[name] = migration;
    }
  }
  return all;
}

/** Brings the schema up to date with the given parts' migrations; returns the names it ran. */
export async function runMigrations(
  // Migrations change the schema itself, so no table types apply yet.
  db: Kysely<any>,
  parts: readonly Migrations[],
): Promise<string[]> {
  const migrations = combineMigrations(parts);
  const provider: MigrationProvider = { getMigrations: async () => ({ ...migrations }) };
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
