import type { JobDefinition } from '../platform/scheduler/scheduler.js';

/**
 * The scheduled jobs (issue 5 adds due-date events, rate upgrades, auction
 * readiness and the reminders). Each issues ordinary commands with
 * `ctx.idempotencyKey(subject)`, so re-running a day never acts twice.
 */
export const jobs: readonly JobDefinition[] = [];
