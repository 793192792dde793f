import type { Migrations } from '../platform/migrate.js';
import * as outboxMessages0 from './migrations/2026-11-21T0700_outbox_messages.js';
import * as outboxSealedCodes0 from './migrations/2026-11-26T0100_outbox_sealed_codes.js';

/** The outbox table. */
export const messagingMigrations: Migrations = {
  '2026-11-21T0700_outbox_messages': outboxMessages0,
  '2026-11-26T0100_outbox_sealed_codes': outboxSealedCodes0,
};
