import { adminNotificationsProjection } from './admin-notifications/admin-notifications.projector.js';
import { auditLogProjection } from './audit-log/audit-log.projector.js';
import { customersProjection } from './customers/customers.projector.js';
import type { Projection } from './runtime/projection.js';
import { streamStatsProjection } from './stream-stats/stream-stats.projector.js';
import { usersProjection } from './users/users.projector.js';
import { loansProjection } from './loans/loans.projector.js';
import { goldReturnsProjection } from './gold-returns/gold-returns.projector.js';
import { auctionsProjection } from './auctions/auctions.projector.js';
import { approvalsProjection } from './approvals/approvals.projector.js';
import { custodyProjection } from './custody/custody.projector.js';
import { branchesProjection } from './branches/branches.projector.js';
import { cashBookProjection } from './cash-book/cash-book.projector.js';
import { marginCallsProjection } from './margin-calls/margin-calls.projector.js';

/** Every read model the projector processes run. */
export const projections: readonly Projection[] = [
  streamStatsProjection,
  auditLogProjection,
  usersProjection,
  adminNotificationsProjection,
  loansProjection,
  customersProjection,
  goldReturnsProjection,
  auctionsProjection,
  approvalsProjection,
  custodyProjection,
  branchesProjection,
  cashBookProjection,
  marginCallsProjection,
];
