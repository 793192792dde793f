import { ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { CashPosition } from '@/features/dashboard/components/cash-position';
import { GoldRateManagement } from '@/features/dashboard/components/gold-rate-management';
import { PortfolioOverview } from '@/features/dashboard/components/portfolio-overview';
import { TodaysDue } from '@/features/dashboard/components/todays-due';
import { preloadLoans } from '@/features/loans/api/get-loans';
import { LoansTable } from '@/features/loans/components/loans-table';
import { OverdueSummary, ReportsOverview } from '@/features/reports/components/reports-overview';
import { useAuth } from '@/lib/auth';
import { useReadOnly } from '@/lib/read-only';
import { staffAreaOf, useStaffArea } from '@/lib/staff-area';

/**
 * The admin and employee dashboards: what is due today and overdue first,
 * then the book's portfolio, its charts, the loans table and, for admins, the gold rate.
 * The guard has already turned away anyone signed out.
 */
export default function StaffDashboardRoute() {
  const area = useStaffArea();
  const { user } = useAuth();
  const admin = area === 'admin';
  const readOnly = useReadOnly();
  return (
    <div style={{ display: 'grid', gap: 'var(--space-5)', minWidth: 0 }}>
      <PageHeader
        eyebrow={readOnly ? 'Auditor · read-only' : admin ? 'Admin' : 'Employee'}
        title={readOnly ? 'Audit Dashboard' : admin ? 'Admin Dashboard' : 'Employee Dashboard'}
        documentTitle="Dashboard"
        description={user ? `Signed in as ${user.name}.` : undefined}
        actions={
          readOnly ? undefined : (
            <ButtonLink to={admin ? paths.admin.addLoan : paths.employee.addLoan}>Add New Loan</ButtonLink>
          )
        }
      />
      <TodaysDue />
      <OverdueSummary />
      {admin && <CashPosition />}
      <PortfolioOverview area={area} />
      <ReportsOverview />
      <LoansTable variant="dashboard" />
      {admin && <GoldRateManagement />}
    </div>
  );
}

/** The first page of the loans table, asked for while this page's code loads (app/router.tsx). */
export function preloadData(pathname: string): void {
  preloadLoans(staffAreaOf(pathname));
}
