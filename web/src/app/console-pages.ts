/**
 * The code of the signed-in areas' pages, one dynamic import each (router.tsx loads
 * this module first). Kept out of the app's entry: each import carries the list of its
 * chunk's files, and the public pages need none of them.
 */
export const pages = {
  PortalLayout: () => import('./layouts/portal-layout'),
  StaffDashboard: () => import('./routes/staff/dashboard'),
  Loans: () => import('./routes/staff/loans'),
  AddLoan: () => import('./routes/staff/add-loan'),
  Customers: () => import('./routes/staff/customers'),
  Employees: () => import('./routes/staff/employees'),
  Reports: () => import('./routes/staff/reports'),
  PendingRepayments: () => import('./routes/staff/pending-repayments'),
  PaymentReminders: () => import('./routes/staff/payment-reminders'),
  GoldReturns: () => import('./routes/staff/gold-returns'),
  AuctionManagement: () => import('./routes/staff/auction-management'),
  AuctionFile: () => import('./routes/staff/auction-file'),
  CronJobs: () => import('./routes/staff/cron-jobs'),
  Refunds: () => import('./routes/staff/refunds'),
  OnlinePayments: () => import('./routes/staff/online-payments'),
  Approvals: () => import('./routes/staff/approvals'),
  ApprovalSettings: () => import('./routes/staff/approval-settings'),
  MyRequests: () => import('./routes/staff/my-requests'),
  CashBook: () => import('./routes/staff/cash-book'),
  LoanAudit: () => import('./routes/staff/loan-audit'),
  AuditLog: () => import('./routes/staff/audit-log'),
  LoanCustody: () => import('./routes/staff/loan-custody'),
  CustodyIncidents: () => import('./routes/staff/custody-incidents'),
  VaultRegister: () => import('./routes/staff/vault-register'),
  VaultAudits: () => import('./routes/staff/vault-audits'),
  VaultAudit: () => import('./routes/staff/vault-audit'),
  Branches: () => import('./routes/staff/branches'),
  GoldPrices: () => import('./routes/staff/gold-prices'),
  LendingPolicy: () => import('./routes/staff/lending-policy'),
  Holidays: () => import('./routes/staff/holidays'),
  MarginCalls: () => import('./routes/staff/margin-calls'),
  CustomerDashboard: () => import('./routes/customer/dashboard'),
};
export type ConsolePages = typeof pages;
