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
    auctionFile: '/admin/auction-management/:loanId',
    cronJobs: '/admin/cron-jobs',
    /** Money customers paid beyond closing their loans, owed back, and its payouts. */
    refunds: '/admin/refunds',
    onlinePayments: '/admin/online-payments',
    /** Each branch's cash drawer per business day (issue 16). */
    cashBook: '/admin/cash-book',
    /** A loan's full event history and its as-of replay. */
    loanAudit: '/admin/loans/:id/audit',
    /** Every recorded action with its actor and IP. */
    auditLog: '/admin/audit-log',
    /** Maker-checker: requests waiting for a second person, and which actions need one. */
    approvals: '/admin/approvals',
    approvalSettings: '/admin/approvals/settings',
    /** A loan's sealed packet, its movements and the dual-controlled moves. */
    loanCustody: '/admin/loans/:id/custody',
    /** Weight differences found at release, for admins to resolve. */
    custodyIncidents: '/admin/custody/incidents',
    /** Packets in a branch's custody, now or as of a moment, reconciled with the loan book. */
    vault: '/admin/vault',
    /** Surprise audits of a branch vault, and one audit. */
    vaultAudits: '/admin/vault-audits',
    vaultAudit: '/admin/vault-audits/:id',
    /** The lender's branches: details, vault safes, staff and open loans. */
    branches: '/admin/branches',
    /** Daily closing prices per purity, the valuation price, entry and CSV import (issue 17). */
    goldPrices: '/admin/gold-prices',
    /** The lending policy's rules, their sources and versions; admins propose changes (issue 17). */
    lendingPolicy: '/admin/lending-policy',
    /** The holiday calendars per state; admins declare and withdraw (issue 18). */
    holidays: '/admin/holidays',
    /** Loans over their LTV cap at the day's gold price (issue 17). */
    marginCalls: '/admin/margin-calls',
  },
  employee: {
    dashboard: '/employee/dashboard',
    customers: '/employee/customers',
    loans: '/employee/loans',
    reports: '/employee/reports',
    addLoan: '/employee/add-loan',
    /** What this employee sent for approval (maker-checker). */
    approvals: '/employee/approvals',
    loanCustody: '/employee/loans/:id/custody',
    vault: '/employee/vault',
    cashBook: '/employee/cash-book',
    marginCalls: '/employee/margin-calls',
    holidays: '/employee/holidays',
  },
  customer: {
    dashboard: '/customer/dashboard',
  },
} as const;

/** The audit page of one loan (its internal id or GL number). */
export function loanAuditPath(id: string): string {
  return paths.admin.loanAudit.replace(':id', encodeURIComponent(id));
}

/** The custody page of one loan, in the admin or employee console. */
export function loanCustodyPath(area: 'admin' | 'employee', id: string): string {
  return paths[area].loanCustody.replace(':id', encodeURIComponent(id));
}

/** One surprise audit's page. */
export function vaultAuditPath(id: string): string {
  return paths.admin.vaultAudit.replace(':id', encodeURIComponent(id));
}

/** Where each role lands after signing in (an auditor reads the admin console, read-only). */
export function dashboardPathFor(role: Role): string {
  switch (role) {
    case 'admin':
    case 'auditor':
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
