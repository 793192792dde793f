import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RequireRole } from './guards/require-role';
import { PublicLayout } from './layouts/public-layout';
import { AppRoot } from './root';

/*
 * The route table of 000 §2. Every page is its own chunk (React.lazy), so the public
 * site never downloads sign-in, console or portal code; the layouts hold the Suspense
 * boundaries, so the header and footer stay while a page loads. Declarative routing
 * (useRoutes inside <BrowserRouter>): data loading is SWR's job, and the data router
 * would add 16 KB gzipped to every first load (docs/decisions.md, "Web").
 */

type Page = LazyExoticComponent<ComponentType>;
const page = (Component: Page): RouteObject['element'] => <Component />;

// Public pages (content: issue 6, item 2).
const Home = lazy(() => import('./routes/public/home'));
const About = lazy(() => import('./routes/public/about'));
const Services = lazy(() => import('./routes/public/services'));
const GoldLoan = lazy(() => import('./routes/public/gold-loan'));
const GoldPurchase = lazy(() => import('./routes/public/gold-purchase'));
const BankBuyBack = lazy(() => import('./routes/public/bank-buy-back'));
const OtherLoans = lazy(() => import('./routes/public/other-loans'));
const InterestRates = lazy(() => import('./routes/public/interest-rates'));
const Payments = lazy(() => import('./routes/public/payments'));
const Location = lazy(() => import('./routes/public/location'));
const Contact = lazy(() => import('./routes/public/contact'));
const Register = lazy(() => import('./routes/public/register'));
const LoanEligibility = lazy(() => import('./routes/public/loan-eligibility'));
const ApplyLoan = lazy(() => import('./routes/public/apply-loan'));
const NotFound = lazy(() => import('./routes/public/not-found'));

// Sign-in flows.
const Login = lazy(() => import('./routes/auth/login'));
const ForgotPassword = lazy(() => import('./routes/auth/forgot-password'));
const ResetPassword = lazy(() => import('./routes/auth/reset-password'));

// Signed-in areas.
const PortalLayout = lazy(() => import('./layouts/portal-layout'));
const StaffDashboard = lazy(() => import('./routes/staff/dashboard'));
const Loans = lazy(() => import('./routes/staff/loans'));
const AddLoan = lazy(() => import('./routes/staff/add-loan'));
const Customers = lazy(() => import('./routes/staff/customers'));
const Employees = lazy(() => import('./routes/staff/employees'));
const Reports = lazy(() => import('./routes/staff/reports'));
const PendingRepayments = lazy(() => import('./routes/staff/pending-repayments'));
const PaymentReminders = lazy(() => import('./routes/staff/payment-reminders'));
const GoldReturns = lazy(() => import('./routes/staff/gold-returns'));
const AuctionManagement = lazy(() => import('./routes/staff/auction-management'));
const CronJobs = lazy(() => import('./routes/staff/cron-jobs'));
const LoanAudit = lazy(() => import('./routes/staff/loan-audit'));
const CustomerDashboard = lazy(() => import('./routes/customer/dashboard'));

const portal = (area: 'admin' | 'employee' | 'customer', children: RouteObject[]): RouteObject => ({
  element: <RequireRole roles={[area]} />,
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
          { path: paths.home, element: page(Home) },
          { path: paths.about, element: page(About) },
          { path: paths.services, element: page(Services) },
          { path: paths.goldLoan, element: page(GoldLoan) },
          { path: paths.goldPurchase, element: page(GoldPurchase) },
          { path: paths.bankBuyBack, element: page(BankBuyBack) },
          { path: paths.otherLoans, element: page(OtherLoans) },
          { path: paths.interestRates, element: page(InterestRates) },
          { path: paths.payments, element: page(Payments) },
          { path: paths.location, element: page(Location) },
          { path: paths.contact, element: page(Contact) },
          { path: paths.login, element: page(Login) },
          { path: paths.register, element: page(Register) },
          { path: paths.forgotPassword, element: page(ForgotPassword) },
          { path: paths.resetPassword, element: page(ResetPassword) },
          { path: paths.loanEligibility, element: page(LoanEligibility) },
          { path: paths.applyLoan, element: page(ApplyLoan) },
          { path: '*', element: page(NotFound) },
        ],
      },
      portal('admin', [
        { path: paths.admin.dashboard, element: page(StaffDashboard) },
        { path: paths.admin.customers, element: page(Customers) },
        { path: paths.admin.loans, element: page(Loans) },
        { path: paths.admin.loanAudit, element: page(LoanAudit) },
        { path: paths.admin.employees, element: page(Employees) },
        { path: paths.admin.reports, element: page(Reports) },
        { path: paths.admin.addLoan, element: page(AddLoan) },
        { path: paths.admin.pendingRepayments, element: page(PendingRepayments) },
        { path: paths.admin.paymentReminders, element: page(PaymentReminders) },
        { path: paths.admin.goldReturns, element: page(GoldReturns) },
        { path: paths.admin.auctionManagement, element: page(AuctionManagement) },
        { path: paths.admin.cronJobs, element: page(CronJobs) },
      ]),
      portal('employee', [
        { path: paths.employee.dashboard, element: page(StaffDashboard) },
        { path: paths.employee.customers, element: page(Customers) },
        { path: paths.employee.loans, element: page(Loans) },
        { path: paths.employee.reports, element: page(Reports) },
        { path: paths.employee.addLoan, element: page(AddLoan) },
      ]),
      portal('customer', [{ path: paths.customer.dashboard, element: page(CustomerDashboard) }]),
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
