import type { Role } from '@goldledger/contracts';
import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { PublicLayout } from './layouts/public-layout';
import type { ConsolePages } from './console-pages';
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

// The signed-in providers and the role guard: one chunk, loaded by the sign-in pages and the portals.
const loadSession = () => import('./session');
const SessionRoot = lazyPage(loadSession);
const RequireRole = lazyPage(() => loadSession().then((m) => ({ default: m.RequireRole })));
/** Pages under the session's providers; the route starts loading them with its own code. */
const withSession = (children: RouteObject[]): RouteObject => ({
  element: (
    <Suspense fallback={<Loading />}>
      <SessionRoot />
    </Suspense>
  ),
  handle: { preload: SessionRoot.preload } satisfies RouteHandle,
  children,
});

// Sign-in flows.
const Login = lazyPage(() => import('./routes/auth/login'));
const ForgotPassword = lazyPage(() => import('./routes/auth/forgot-password'));
const ResetPassword = lazyPage(() => import('./routes/auth/reset-password'));

// Signed-in areas: their loaders live in ./console-pages.ts, a small chunk of its own,
// so the public pages' entry does not carry the list of every console chunk's files
// (issue 19: JavaScript for / at most 100 KB gzipped).
const consolePages = () => import('./console-pages');
const consolePage = (name: keyof ConsolePages) => lazyPage(() => consolePages().then((m) => m.pages[name]()));
const PortalLayout = consolePage('PortalLayout');
const StaffDashboard = consolePage('StaffDashboard');
const Loans = consolePage('Loans');
const AddLoan = consolePage('AddLoan');
const Customers = consolePage('Customers');
const Employees = consolePage('Employees');
const Reports = consolePage('Reports');
const PendingRepayments = consolePage('PendingRepayments');
const PaymentReminders = consolePage('PaymentReminders');
const GoldReturns = consolePage('GoldReturns');
const AuctionManagement = consolePage('AuctionManagement');
const AuctionFile = consolePage('AuctionFile');
const CronJobs = consolePage('CronJobs');
const Refunds = consolePage('Refunds');
const OnlinePayments = consolePage('OnlinePayments');
const Approvals = consolePage('Approvals');
const ApprovalSettings = consolePage('ApprovalSettings');
const MyRequests = consolePage('MyRequests');
const CashBook = consolePage('CashBook');
const LoanAudit = consolePage('LoanAudit');
const AuditLog = consolePage('AuditLog');
const LoanCustody = consolePage('LoanCustody');
const CustodyIncidents = consolePage('CustodyIncidents');
const VaultRegister = consolePage('VaultRegister');
const VaultAudits = consolePage('VaultAudits');
const VaultAudit = consolePage('VaultAudit');
const Branches = consolePage('Branches');
const GoldPrices = consolePage('GoldPrices');
const LendingPolicy = consolePage('LendingPolicy');
const Holidays = consolePage('Holidays');
const MarginCalls = consolePage('MarginCalls');
const CustomerDashboard = consolePage('CustomerDashboard');

/** Who may open each area: auditors read the admin console (its write buttons left out). */
const AREA_ROLES = {
  admin: ['admin', 'auditor'],
  employee: ['employee'],
  customer: ['customer'],
} as const satisfies Record<string, readonly Role[]>;

const portal = (area: 'admin' | 'employee' | 'customer', children: RouteObject[]): RouteObject => ({
  element: (
    <Suspense fallback={<Loading />}>
      <RequireRole roles={AREA_ROLES[area]} />
    </Suspense>
  ),
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
          withSession([
            at(paths.login, Login),
            at(paths.forgotPassword, ForgotPassword),
            at(paths.resetPassword, ResetPassword),
          ]),
          at(paths.register, Register),
          at(paths.loanEligibility, LoanEligibility),
          at(paths.applyLoan, ApplyLoan),
          at('*', NotFound),
        ],
      },
      withSession([
        portal('admin', [
          at(paths.admin.dashboard, StaffDashboard),
          at(paths.admin.customers, Customers),
          at(paths.admin.loans, Loans),
          at(paths.admin.loanAudit, LoanAudit),
          at(paths.admin.employees, Employees),
          at(paths.admin.reports, Reports),
          // Opening loans is no auditor's business: the wizard stays admins' (the server refuses them anyway).
          {
            element: <RequireRole roles={['admin']} />,
            handle: { preload: RequireRole.preload } satisfies RouteHandle,
            children: [at(paths.admin.addLoan, AddLoan)],
          },
          at(paths.admin.pendingRepayments, PendingRepayments),
          at(paths.admin.paymentReminders, PaymentReminders),
          at(paths.admin.goldReturns, GoldReturns),
          at(paths.admin.auctionManagement, AuctionManagement),
          at(paths.admin.auctionFile, AuctionFile),
          at(paths.admin.cronJobs, CronJobs),
          at(paths.admin.refunds, Refunds),
          at(paths.admin.onlinePayments, OnlinePayments),
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
      ]),
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
  void loadRoute(pathname);
}

/** Loads the code of every route matching `pathname` (and starts their data); settles when the code is here. */
export async function loadRoute(pathname: string): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map((match) => {
      const handle = match.route.handle as RouteHandle | undefined;
      return handle
        ?.preload?.()
        .then((module) => module.preloadData?.(pathname))
        .catch(() => undefined);
    }),
  );
}

export function AppRoutes() {
  return useRoutes(routes);
}
