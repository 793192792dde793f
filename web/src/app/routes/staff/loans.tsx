import { ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { preloadLoans } from '@/features/loans/api/get-loans';
import { LoansTable } from '@/features/loans/components/loans-table';
import { UpgradedLoansTable } from '@/features/loans/components/upgraded-loans-table';
import { useReadOnly } from '@/lib/read-only';
import { staffAreaOf, useStaffArea } from '@/lib/staff-area';

/**
 * The Loans Management page of /admin/loans and /employee/loans: the
 * searchable loan book with its row expander and actions, then the upgraded loans.
 */
export default function LoansRoute() {
  const area = useStaffArea();
  const readOnly = useReadOnly();
  return (
    <>
      <PageHeader
        eyebrow={readOnly ? 'Auditor · read-only' : area === 'admin' ? 'Admin' : 'Employee'}
        title="Loans Management"
        description={
          readOnly
            ? 'Search and inspect every loan of every branch: gold items and photos, slips, repayments, history and its audit.'
            : 'Search, inspect and act on every loan: gold items and photos, slips, repayments and history.'
        }
        actions={
          readOnly ? undefined : (
            <ButtonLink to={area === 'admin' ? paths.admin.addLoan : paths.employee.addLoan}>
              Add New Loan
            </ButtonLink>
          )
        }
      />
      <div style={{ display: 'grid', gap: 'var(--space-6)' }}>
        <LoansTable variant="management" />
        <UpgradedLoansTable />
      </div>
    </>
  );
}

/** The first page of the loans table, asked for while this page's code loads (app/router.tsx). */
export function preloadData(pathname: string): void {
  preloadLoans(staffAreaOf(pathname));
}
