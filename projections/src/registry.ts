import { auditLogProjection } from './audit-log/audit-log.projector.js';
import type { Projection } from './runtime/projection.js';
import { streamStatsProjection } from './stream-stats/stream-stats.projector.js';

/** Every read model the projector processes run. */
export const projections: readonly Projection[] = [streamStatsProjection, auditLogProjection];
