import type { Kysely } from 'kysely';
import { identityMigrations } from './identity/identity-migrations.js';
import { messagingMigrations } from './messaging/messaging-migrations.js';
import { platformMigrations } from './platform/platform-migrations.js';
import { runMigrations, type Migrations } from './platform/migrate.js';

/** Every part that owns tables adds its migrations here; a new slice with tables is one line. */
export const serviceMigrations: readonly Migrations[] = [
  platformMigrations,
  messagingMigrations,
  identityMigrations,
];

/** Brings a database up to date with every part's migrations; returns the names it ran. */
// Migrations run before any table exists, so the database is untyped here.
export const migrateToLatest = (db: Kysely<any>): Promise<string[]> => runMigrations(db, serviceMigrations);
