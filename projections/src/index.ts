export * from './runtime/projection.js';
export * from './runtime/runner.js';
export * from './runtime/rebuild.js';
export * from './runtime/checksums.js';
export * from './runtime/correlation.js';
export * from './runtime/runtime-schema.js';
export * from './runtime/metrics.js';
export { projections } from './registry.js';
export * from './stream-stats/stream-stats.projector.js';
export * from './audit-log/audit-log.projector.js';
export * from './users/users.projector.js';
export * from './runtime/evolve-rows.js';
export { loansProjection } from './loans/loans.projector.js';
export { evolveLoanRow } from './loans/loan-row.evolve.js';
export {
  loanRowFromDb,
  paymentRowFromDb,
  type LoanRow,
  type LoanPaymentRow,
  type LoanInstallmentRow,
  type LoanBookTotalsRow,
  type LoansTables,
  type LoanStatus,
  type LoanListStatus,
} from './loans/loans.tables.js';
export {
  upgradeMonthOf,
  type LoanReportTables,
  type ReportMonthRow,
  type ReportBookRow,
  type LoanUpgradeRow,
} from './loans/loan-reports.js';
export * from './customers/customers.projector.js';
export * from './runtime/row-columns.js';
export * from './runtime/known-events.js';
export * from './admin-notifications/admin-notifications.projector.js';
export * from './gold-returns/gold-returns.projector.js';
export * from './auctions/auctions.projector.js';
export * from './approvals/approvals.projector.js';
export * from './custody/custody.projector.js';
export * from './branches/branches.projector.js';
export * from './cash-book/cash-book.projector.js';
export * from './margin-calls/margin-calls.projector.js';
