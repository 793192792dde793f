export * from './runtime/projection.js';
export * from './runtime/runner.js';
export * from './runtime/rebuild.js';
export * from './runtime/runtime-schema.js';
export * from './runtime/metrics.js';
export { projections } from './registry.js';
export * from './stream-stats/stream-stats.projector.js';
export * from './audit-log/audit-log.projector.js';
export * from './users/users.projector.js';
