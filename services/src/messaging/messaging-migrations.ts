import type { Migrations } from '../platform/migrate.js';
import * as outboxMessages0 from './migrations/2026-11-21T0700_outbox_messages.js';

/** The outbox table. */
export const messagingMigrations: Migrations = {
  '2026-11-21T0700_outbox_messages': outboxMessages0,
};
