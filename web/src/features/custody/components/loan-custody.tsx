import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useReadOnly } from '@/lib/read-only';
import type { StaffArea } from '@/lib/staff-area';
import { useCustody } from '../api/get-custody';
import { useLoanLtv } from '../api/loan-ltv';
import { useLoanUuid } from '../api/resolve-loan';
import { AddGoldDialog } from './add-gold-dialog';
import { CustodyPanel } from './custody-panel';
import { LtvCard } from './ltv-card';
import styles from './custody.module.css';

/** Where a packet can be opened for gold to be added: at the branch, not in transit or gone. */
const ADDABLE = new Set(['sealed', 'in_vault', 'out']);

const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * `/admin/loans/:id/custody` and `/employee/loans/:id/custody`: the custody of one loan's
 * gold, and its loan to value at today's price with gold added to it (`?add=gold` opens
 * the dialog, as the margin-call list and the loan row link it).
 */
export function LoanCustody({ loanRef, area }: { loanRef: string; area: StaffArea }) {
  const loan = useLoanUuid(loanRef);
  const custody = useCustody(loan.uuid);
  const readOnly = useReadOnly();
  const [params, setParams] = useSearchParams();
  const active = custody.data?.data.loan.status === 'active';
  const ltv = useLoanLtv(loan.uuid, active);
  const [adding, setAdding] = useState<{ seq: number; open: boolean } | null>(null);
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
  const { loan: l, packet } = custody.data.data;
  const canAdd = !readOnly && active && (!packet || ADDABLE.has(packet.status));
  const dialog = adding ?? (canAdd && params.get('add') === 'gold' ? { seq: 0, open: true } : null);
  const openAdd = () => setAdding((d) => ({ seq: (d?.seq ?? 0) + 1, open: true }));
  const closeAdd = () => {
    setAdding({ seq: dialog?.seq ?? 0, open: false });
    if (params.has('add')) setParams({}, { replace: true });
  };
  return (
    <>
      <PageHeader
        eyebrow={area === 'admin' ? 'Admin' : 'Employee'}
        title="Custody of gold"
        documentTitle={`Custody · ${l.loanId}`}
        description={`Loan ${l.loanId} · ${l.customerName} · ${l.branchName}`}
        actions={back}
      />
      <div className={styles.page}>
        {active && <LtvCard ltv={ltv} onAddGold={canAdd ? openAdd : null} />}
        <CustodyPanel custody={custody.data.data} onChanged={() => void custody.mutate()} />
      </div>
      {dialog && (
        <AddGoldDialog
          key={dialog.seq}
          custody={custody.data.data}
          ltv={ltv.data?.data}
          open={dialog.open}
          onClose={closeAdd}
          onDone={() => {
            void custody.mutate();
            void ltv.mutate();
          }}
        />
      )}
    </>
  );
}
