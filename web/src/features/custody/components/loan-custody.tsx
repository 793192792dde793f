import { ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { StaffArea } from '@/lib/staff-area';
import { useCustody } from '../api/get-custody';
import { useLoanUuid } from '../api/resolve-loan';
import { CustodyPanel } from './custody-panel';

const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** `/admin/loans/:id/custody` and `/employee/loans/:id/custody`: the custody of one loan's gold. */
export function LoanCustody({ loanRef, area }: { loanRef: string; area: StaffArea }) {
  const loan = useLoanUuid(loanRef);
  const custody = useCustody(loan.uuid);
  const back = (
    <ButtonLink variant="secondary" to={paths[area].loans}>
      Back to Loans
    </ButtonLink>
  );
  const error = loan.error ?? custody.error;
  if (error) {
    if (isNotFound(error)) {
      return (
        <>
          <PageHeader title="Loan not found" documentTitle="Custody of gold" />
          <EmptyState
            title="Loan not found"
            description="No loan of your branches has this id."
            action={back}
          />
        </>
      );
    }
    return (
      <ErrorState
        title="Failed to fetch the custody record"
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => (loan.error ? loan.retry() : void custody.mutate())}
      />
    );
  }
  if (!custody.data) return <Loading text="Loading custody record..." />;
  const { loan: l } = custody.data.data;
  return (
    <>
      <PageHeader
        eyebrow={area === 'admin' ? 'Admin' : 'Employee'}
        title="Custody of gold"
        documentTitle={`Custody · ${l.loanId}`}
        description={`Loan ${l.loanId} · ${l.customerName} · ${l.branchName}`}
        actions={back}
      />
      <CustodyPanel custody={custody.data.data} onChanged={() => void custody.mutate()} />
    </>
  );
}
