import { adminNotificationsProjection } from './admin-notifications/admin-notifications.projector.js';
import { auditLogProjection } from './audit-log/audit-log.projector.js';
import type { Projection } from './runtime/projection.js';
import { streamStatsProjection } from './stream-stats/stream-stats.projector.js';
import { usersProjection } from './users/users.projector.js';

/** Every read model the projector processes run. */
export const projections: readonly Projection[] = [
  streamStatsProjection,
  auditLogProjection,
  usersProjection,
  adminNotificationsProjection,
];
