import { useCallback, useState, type ReactNode } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { loanAuditPath, loanCustodyPath } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useReadOnly } from '@/lib/read-only';
import type { StaffArea } from '@/lib/staff-area';
import { deleteLoan } from '../api/delete-loan';
import { getLoanSlip } from '../api/get-loan-slip';
import { revalidateLoanLists } from '../api/get-loans';
import { canRenew, canRepay, canTopUp, deletedMessage, type Loan } from '../derive';
import { openPdfTab } from '../open-file';
import { EditLoanDialog } from './edit-loan-dialog';
import { PaymentHistoryDialog } from './payment-history-dialog';
import { RenewLoanDialog } from './renew-loan-dialog';
import { RepayDialog } from './repay-dialog';
import { TopUpDialog } from './top-up-dialog';
import { UpgradeHistoryDialog } from './upgrade-history-dialog';
import styles from './loans.module.css';

export type LoanDialogKind = 'repay' | 'payments' | 'upgrades' | 'edit' | 'renew' | 'top-up' | 'delete';

/** The dialog in use; kept (closed) after closing, so the native dialog hands focus back. */
interface OpenDialog {
  kind: LoanDialogKind;
  loan: Loan;
  open: boolean;
  /** A fresh form each time one opens. */
  seq: number;
}

export interface LoanActions {
  openDialog: (kind: LoanDialogKind, loan: Loan) => void;
  openSlip: (loan: Loan) => void;
  /** The loan whose slip is being fetched. */
  slipBusy: string | null;
  dialogs: ReactNode;
}

/**
 * Every row action of the loan tables: the dialogs they open, the slip, and
 * the revalidation of every loan list after a change.
 */
export function useLoanActions(area: StaffArea): LoanActions {
  const toast = useToast();
  const [current, setCurrent] = useState<OpenDialog | null>(null);
  const [slipBusy, setSlipBusy] = useState<string | null>(null);

  const openDialog = useCallback(
    (kind: LoanDialogKind, loan: Loan) =>
      setCurrent((was) => ({ kind, loan, open: true, seq: (was?.seq ?? 0) + 1 })),
    [],
  );
  const close = useCallback(() => setCurrent((was) => (was ? { ...was, open: false } : was)), []);
  const changed = useCallback(() => void revalidateLoanLists(), []);

  const openSlip = useCallback(
    (loan: Loan) => {
      const tab = openPdfTab();
      setSlipBusy(loan._id);
      getLoanSlip(loan._id)
        .then((blob) => tab.show(blob, `LoanSlip_${loan.loanId}.pdf`))
        .catch((error: unknown) => {
          tab.fail();
          console.error('Slip failed', error);
          toast.show(errorMessage(error, 'Failed to generate receipt'), 'error');
        })
        .finally(() => setSlipBusy(null));
    },
    [toast],
  );

  const confirmDelete = async (loan: Loan) => {
    try {
      const result = await deleteLoan(loan._id, loan.version);
      toast.show(deletedMessage(loan.loanId, result), 'success');
    } catch (error) {
      toast.show(errorMessage(error, 'Failed to delete loan'), 'error');
      throw error;
    }
    // The confirmation closes once the lists have reloaded without the loan.
    await revalidateLoanLists();
  };

  let dialogs: ReactNode = null;
  if (current) {
    const { kind, loan, open, seq } = current;
    const key = `${kind}:${loan._id}:${seq}`;
    switch (kind) {
      case 'repay':
        dialogs = <RepayDialog key={key} loan={loan} open={open} onClose={close} onPaid={changed} />;
        break;
      case 'payments':
        dialogs = (
          <PaymentHistoryDialog key={key} loan={loan} open={open} onClose={close} onChanged={changed} />
        );
        break;
      case 'upgrades':
        dialogs = <UpgradeHistoryDialog key={key} loan={loan} open={open} onClose={close} />;
        break;
      case 'edit':
        dialogs = (
          <EditLoanDialog key={key} loan={loan} area={area} open={open} onClose={close} onSaved={changed} />
        );
        break;
      case 'renew':
        dialogs = <RenewLoanDialog key={key} loan={loan} open={open} onClose={close} onRenewed={changed} />;
        break;
      case 'top-up':
        dialogs = <TopUpDialog key={key} loan={loan} open={open} onClose={close} onToppedUp={changed} />;
        break;
      case 'delete':
        dialogs = (
          <ConfirmDialog
            key={key}
            open={open}
            onClose={close}
            onConfirm={() => confirmDelete(loan)}
            title="Delete Loan"
            message={`Are you sure you want to delete loan ${loan.loanId} of ${loan.name}? It will no longer appear in any list.`}
            confirmLabel="Delete Loan"
          />
        );
        break;
    }
  }

  return { openDialog, openSlip, slipBusy, dialogs };
}

interface ActionButtonsProps {
  loan: Loan;
  area: StaffArea;
  /**
   * `dashboard`: Repay and History on the dashboards' rows; `row`: the management row's one
   * action (Repay, or Renew for a closed loan); `panel`: every other action, in the expanded row.
   */
  variant: 'dashboard' | 'row' | 'panel';
  actions: LoanActions;
}

/**
 * Real buttons named with the loan id ("Repay GL2611000123"). Admin-only actions (Renew,
 * Audit, Delete) are absent for employees (a top-up is for all staff), and every action that changes the loan is absent
 * for auditors (they keep the slip, the histories and the audit); the server refuses them anyway.
 */
export function LoanActionButtons({ loan, area, variant, actions }: ActionButtonsProps) {
  const readOnly = useReadOnly();
  const isAdmin = area === 'admin';
  const writes = !readOnly;
  const id = loan.loanId;
  const upgraded = loan.currentUpgradeLevel > 0;
  const button = (
    kind: LoanDialogKind,
    label: string,
    name: string,
    look: 'secondary' | 'primary' | 'danger' | 'ghost' = 'secondary',
  ) => (
    <Button
      size="sm"
      variant={look}
      aria-label={`${name} ${id}`}
      onClick={() => actions.openDialog(kind, loan)}
    >
      {label}
    </Button>
  );

  if (variant === 'dashboard') {
    return (
      <div className={styles.rowActions}>
        {writes && canRepay(loan) && button('repay', 'Repay', 'Repay', 'primary')}
        {upgraded && button('upgrades', 'History', 'Upgrade History')}
      </div>
    );
  }

  if (variant === 'row') {
    return (
      <div className={styles.rowActions}>
        {writes && canRepay(loan) && button('repay', 'Repay', 'Repay', 'primary')}
        {isAdmin && writes && canRenew(loan) && button('renew', 'Renew', 'Renew')}
      </div>
    );
  }

  return (
    <div className={styles.panelActions} role="group" aria-label={`Actions on ${id}`}>
      {writes && button('edit', 'Edit', 'Edit')}
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Slip ${id}`}
        loading={actions.slipBusy === loan._id}
        onClick={() => actions.openSlip(loan)}
      >
        Slip
      </Button>
      <ButtonLink
        size="sm"
        variant="secondary"
        to={loanCustodyPath(area, loan._id)}
        aria-label={`Custody ${id}`}
      >
        Custody
      </ButtonLink>
      {writes && canTopUp(loan) && button('top-up', 'Top-up', 'Top-up')}
      {button('payments', 'History', 'Payment History')}
      {upgraded && button('upgrades', 'Upgrades', 'Upgrades')}
      {isAdmin && (
        <ButtonLink size="sm" variant="ghost" to={loanAuditPath(loan._id)} aria-label={`Audit ${id}`}>
          Audit
        </ButtonLink>
      )}
      {isAdmin && writes && button('delete', 'Delete', 'Delete', 'danger')}
    </div>
  );
}
