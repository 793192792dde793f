import type { Role } from '@goldledger/contracts';
import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RequireRole } from './guards/require-role';
import { PublicLayout } from './layouts/public-layout';
import { AppRoot } from './root';

/*
 * The app's route table. Every page is its own chunk (React.lazy), so the public
 * site never downloads sign-in, console or portal code; the layouts hold the Suspense
 * boundaries, so the header and footer stay while a page loads. Declarative routing
 * (useRoutes inside <BrowserRouter>): data loading is SWR's job, and the data router
 * would add 16 KB gzipped to every first load (docs/decisions.md, "Web").
 */

/**
 * A route module: its page, and optionally the data its first screen needs, which the
 * app asks for while the code and the session check are still on their way.
 */
interface RouteModule {
  default: ComponentType<any>;
  preloadData?: (pathname: string) => void;
}

/** A lazily loaded page that can be asked to start loading before it renders. */
type Page = ComponentType<any> & { preload: () => Promise<RouteModule> };
function lazyPage(load: () => Promise<RouteModule>): Page {
  // Once the code is here, render it directly: a React.lazy that suspends, even for a
  // module already loaded, holds the page back by React's fallback throttle (~300 ms).
  let loaded: ComponentType<any> | null = null;
  let pending: Promise<RouteModule> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = null; // a failed download may be tried again
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  const Page = (props: object) => {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
  return Object.assign(Page, { preload });
}
interface RouteHandle {
  preload?: () => Promise<RouteModule>;
}
const at = (path: string, Component: Page): RouteObject => ({
  path,
  element: <Component />,
  handle: { preload: Component.preload } satisfies RouteHandle,
});

// Public pages: marketing content, the calculator and the enquiry forms.
const Home = lazyPage(() => import('./routes/public/home'));
const About = lazyPage(() => import('./routes/public/about'));
const Services = lazyPage(() => import('./routes/public/services'));
const GoldLoan = lazyPage(() => import('./routes/public/gold-loan'));
const GoldPurchase = lazyPage(() => import('./routes/public/gold-purchase'));
const BankBuyBack = lazyPage(() => import('./routes/public/bank-buy-back'));
const OtherLoans = lazyPage(() => import('./routes/public/other-loans'));
const InterestRates = lazyPage(() => import('./routes/public/interest-rates'));
const Payments = lazyPage(() => import('./routes/public/payments'));
const Location = lazyPage(() => import('./routes/public/location'));
const Contact = lazyPage(() => import('./routes/public/contact'));
const Register = lazyPage(() => import('./routes/public/register'));
const LoanEligibility = lazyPage(() => import('./routes/public/loan-eligibility'));
const ApplyLoan = lazyPage(() => import('./routes/public/apply-loan'));
const NotFound = lazyPage(() => import('./routes/public/not-found'));

// Sign-in flows.
const Login = lazyPage(() => import('./routes/auth/login'));
const ForgotPassword = lazyPage(() => import('./routes/auth/forgot-password'));
const ResetPassword = lazyPage(() => import('./routes/auth/reset-password'));

// Signed-in areas.
const PortalLayout = lazyPage(() => import('./layouts/portal-layout'));
const StaffDashboard = lazyPage(() => import('./routes/staff/dashboard'));
const Loans = lazyPage(() => import('./routes/staff/loans'));
const AddLoan = lazyPage(() => import('./routes/staff/add-loan'));
const Customers = lazyPage(() => import('./routes/staff/customers'));
const Employees = lazyPage(() => import('./routes/staff/employees'));
const Reports = lazyPage(() => import('./routes/staff/reports'));
const PendingRepayments = lazyPage(() => import('./routes/staff/pending-repayments'));
const PaymentReminders = lazyPage(() => import('./routes/staff/payment-reminders'));
const GoldReturns = lazyPage(() => import('./routes/staff/gold-returns'));
const AuctionManagement = lazyPage(() => import('./routes/staff/auction-management'));
const AuctionFile = lazyPage(() => import('./routes/staff/auction-file'));
const CronJobs = lazyPage(() => import('./routes/staff/cron-jobs'));
const Refunds = lazyPage(() => import('./routes/staff/refunds'));
const Approvals = lazyPage(() => import('./routes/staff/approvals'));
const ApprovalSettings = lazyPage(() => import('./routes/staff/approval-settings'));
const MyRequests = lazyPage(() => import('./routes/staff/my-requests'));
const CashBook = lazyPage(() => import('./routes/staff/cash-book'));
const LoanAudit = lazyPage(() => import('./routes/staff/loan-audit'));
const AuditLog = lazyPage(() => import('./routes/staff/audit-log'));
const LoanCustody = lazyPage(() => import('./routes/staff/loan-custody'));
const CustodyIncidents = lazyPage(() => import('./routes/staff/custody-incidents'));
const VaultRegister = lazyPage(() => import('./routes/staff/vault-register'));
const VaultAudits = lazyPage(() => import('./routes/staff/vault-audits'));
const VaultAudit = lazyPage(() => import('./routes/staff/vault-audit'));
const Branches = lazyPage(() => import('./routes/staff/branches'));
const GoldPrices = lazyPage(() => import('./routes/staff/gold-prices'));
const LendingPolicy = lazyPage(() => import('./routes/staff/lending-policy'));
const Holidays = lazyPage(() => import('./routes/staff/holidays'));
const MarginCalls = lazyPage(() => import('./routes/staff/margin-calls'));
const CustomerDashboard = lazyPage(() => import('./routes/customer/dashboard'));

/** Who may open each area: auditors read the admin console (its write buttons left out). */
const AREA_ROLES = {
  admin: ['admin', 'auditor'],
  employee: ['employee'],
  customer: ['customer'],
} as const satisfies Record<string, readonly Role[]>;

const portal = (area: 'admin' | 'employee' | 'customer', children: RouteObject[]): RouteObject => ({
  element: <RequireRole roles={AREA_ROLES[area]} />,
  handle: { preload: PortalLayout.preload } satisfies RouteHandle,
  children: [
    {
      element: (
        <Suspense fallback={<Loading />}>
          <PortalLayout area={area} />
        </Suspense>
      ),
      children,
    },
  ],
});

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          at(paths.home, Home),
          at(paths.about, About),
          at(paths.services, Services),
          at(paths.goldLoan, GoldLoan),
          at(paths.goldPurchase, GoldPurchase),
          at(paths.bankBuyBack, BankBuyBack),
          at(paths.otherLoans, OtherLoans),
          at(paths.interestRates, InterestRates),
          at(paths.payments, Payments),
          at(paths.location, Location),
          at(paths.contact, Contact),
          at(paths.login, Login),
          at(paths.register, Register),
          at(paths.forgotPassword, ForgotPassword),
          at(paths.resetPassword, ResetPassword),
          at(paths.loanEligibility, LoanEligibility),
          at(paths.applyLoan, ApplyLoan),
          at('*', NotFound),
        ],
      },
      portal('admin', [
        at(paths.admin.dashboard, StaffDashboard),
        at(paths.admin.customers, Customers),
        at(paths.admin.loans, Loans),
        at(paths.admin.loanAudit, LoanAudit),
        at(paths.admin.employees, Employees),
        at(paths.admin.reports, Reports),
        // Opening loans is no auditor's business: the wizard stays admins' (the server refuses them anyway).
        { element: <RequireRole roles={['admin']} />, children: [at(paths.admin.addLoan, AddLoan)] },
        at(paths.admin.pendingRepayments, PendingRepayments),
        at(paths.admin.paymentReminders, PaymentReminders),
        at(paths.admin.goldReturns, GoldReturns),
        at(paths.admin.auctionManagement, AuctionManagement),
        at(paths.admin.auctionFile, AuctionFile),
        at(paths.admin.cronJobs, CronJobs),
        at(paths.admin.refunds, Refunds),
        at(paths.admin.cashBook, CashBook),
        at(paths.admin.auditLog, AuditLog),
        at(paths.admin.approvals, Approvals),
        at(paths.admin.approvalSettings, ApprovalSettings),
        at(paths.admin.loanCustody, LoanCustody),
        at(paths.admin.custodyIncidents, CustodyIncidents),
        at(paths.admin.vault, VaultRegister),
        at(paths.admin.vaultAudits, VaultAudits),
        at(paths.admin.vaultAudit, VaultAudit),
        at(paths.admin.branches, Branches),
        at(paths.admin.goldPrices, GoldPrices),
        at(paths.admin.lendingPolicy, LendingPolicy),
        at(paths.admin.holidays, Holidays),
        at(paths.admin.marginCalls, MarginCalls),
      ]),
      portal('employee', [
        at(paths.employee.dashboard, StaffDashboard),
        at(paths.employee.customers, Customers),
        at(paths.employee.loans, Loans),
        at(paths.employee.reports, Reports),
        at(paths.employee.addLoan, AddLoan),
        at(paths.employee.approvals, MyRequests),
        at(paths.employee.loanCustody, LoanCustody),
        at(paths.employee.vault, VaultRegister),
        at(paths.employee.cashBook, CashBook),
        at(paths.employee.marginCalls, MarginCalls),
        at(paths.employee.holidays, Holidays),
      ]),
      portal('customer', [at(paths.customer.dashboard, CustomerDashboard)]),
    ],
  },
];

/**
 * Starts loading the code of every route matching `pathname` at once, then the data
 * of its first screen: a console page otherwise waits for the session check, then its
 * layout's chunk, then its own, then its data, one after the other (docs/benchmarks.md,
 * "Staff loans page in the browser").
 */
export function preloadRoute(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const handle = match.route.handle as RouteHandle | undefined;
    void handle
      ?.preload?.()
      .then((module) => module.preloadData?.(pathname))
      .catch(() => undefined);
  }
}

export function AppRoutes() {
  return useRoutes(routes);
}
