import type { Role } from '@goldledger/contracts';

/** Every route of the app, in one place: links and the route table both read these. */
export const paths = {
  home: '/',
  about: '/about',
  services: '/services',
  goldLoan: '/gold-loan',
  goldPurchase: '/gold-purchase',
  bankBuyBack: '/bank-buy-back',
  otherLoans: '/other-loans',
  interestRates: '/interest-rates',
  payments: '/payments',
  location: '/location',
  contact: '/contact',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  // Linked from the gold-loan, gold-purchase, bank-buy-back and other-loans pages.
  loanEligibility: '/loan-eligibility',
  applyLoan: '/apply-loan',
  admin: {
    dashboard: '/admin/dashboard',
    customers: '/admin/customers',
    loans: '/admin/loans',
    employees: '/admin/employees',
    reports: '/admin/reports',
    addLoan: '/admin/add-loan',
    pendingRepayments: '/admin/pending-repayments',
    paymentReminders: '/admin/payment-reminders',
    goldReturns: '/admin/gold-returns',
    auctionManagement: '/admin/auction-management',
    cronJobs: '/admin/cron-jobs',
    /** Money customers paid beyond closing their loans, owed back, and its payouts. */
    refunds: '/admin/refunds',
    /** Each branch's cash drawer per business day (issue 16). */
    cashBook: '/admin/cash-book',
    /** A loan's full event history and its as-of replay. */
    loanAudit: '/admin/loans/:id/audit',
    /** Every recorded action with its actor and IP. */
    auditLog: '/admin/audit-log',
  },
  employee: {
    dashboard: '/employee/dashboard',
    customers: '/employee/customers',
    loans: '/employee/loans',
    reports: '/employee/reports',
    addLoan: '/employee/add-loan',
    cashBook: '/employee/cash-book',
  },
  customer: {
    dashboard: '/customer/dashboard',
  },
} as const;

/** The audit page of one loan (its internal id or GL number). */
export function loanAuditPath(id: string): string {
  return paths.admin.loanAudit.replace(':id', encodeURIComponent(id));
}

/** Where each role lands after signing in. */
export function dashboardPathFor(role: Role): string {
  switch (role) {
    case 'admin':
      return paths.admin.dashboard;
    case 'employee':
      return paths.employee.dashboard;
    case 'customer':
      return paths.customer.dashboard;
    default: {
      const _exhaustive: never = role;
      return _exhaustive;
    }
  }
}
