import type { LoanItem } from '@goldledger/contracts';
import { useState } from 'react';
import { PaymentHistoryTable } from '@/components/payment-history-table';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatMoney, formatMoneyExact, formatNumber } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import { getPaymentReceipt, useLoanPayments } from '@/lib/loan-payments';
import { approvePayment, excessToConfirm, type ExcessToConfirm } from '../api/approve-payment';
import { revalidateLoanReads } from '../api/record-payment';
import styles from './payment-history-dialog.module.css';

export interface PaymentHistoryDialogProps {
  loan: LoanItem;
  open: boolean;
  onClose: () => void;
  /** A payment changed (approved): the caller reloads its list. */
  onChanged: () => void;
}

/**
 * Payment History: every payment on the loan with its receipt; an admin approves
 * a pending online payment here, which counts it and notifies the customer.
 */
export function PaymentHistoryDialog({ loan, open, onClose, onChanged }: PaymentHistoryDialogProps) {
  const toast = useToast();
  const { user } = useAuth();
  const canApprove = user?.role === 'admin';
  const { data, error, isLoading, mutate } = useLoanPayments(open ? loan._id : null);
  const payments = data?.data ?? [];
  // One action at a time per row: `approve:{id}` or `receipt:{id}`.
  const [busy, setBusy] = useState<string | null>(null);

  // An approval that would pay beyond closing the loan waits for the admin to confirm the excess.
  const [overpaid, setOverpaid] = useState<(ExcessToConfirm & { paymentId: string }) | null>(null);

  const approve = async (paymentId: string, confirmExcess?: number) => {
    setBusy(`approve:${paymentId}`);
    try {
      const answer = await approvePayment(loan._id, paymentId, loan.version, confirmExcess);
      toast.show(answer.message, 'success');
      // The row turns Success once the payments have reloaded.
      await Promise.all([mutate(), revalidateLoanReads(loan._id)]);
      onChanged();
    } catch (e) {
      const excess = excessToConfirm(e);
      if (excess) {
        setOverpaid({ ...excess, paymentId });
        return;
      }
      console.error('Approval failed', e);
      toast.show(errorMessage(e, 'Failed to approve payment'), 'error');
      if (confirmExcess !== undefined) throw e;
    } finally {
      setBusy(null);
    }
  };

  const download = async (paymentId: string, receiptNumber: string) => {
    setBusy(`receipt:${paymentId}`);
    try {
      saveFile(await getPaymentReceipt(loan._id, paymentId), `Receipt_${receiptNumber}.pdf`);
    } catch (e) {
      console.error('Receipt download failed', e);
      toast.show(errorMessage(e, 'Failed to download receipt'), 'error');
    } finally {
      setBusy(null);
    }
  };

  const received = payments.filter((p) => p.status === 'success').reduce((sum, p) => sum + p.amount, 0);
  const pending = payments.filter((p) => p.status === 'pending');

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Payment History"
      description={`${loan.loanId} · ${loan.name}`}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {error ? (
        <ErrorState
          title="Failed to fetch payment history"
          message={errorMessage(error, 'Please check your connection and try again.')}
          onRetry={() => void mutate()}
        />
      ) : isLoading || !data ? (
        <Loading text="Loading payment history..." />
      ) : payments.length === 0 ? (
        <EmptyState title="No payments yet" description="Repayments on this loan will be listed here." />
      ) : (
        <>
          <dl className={styles.summary}>
            <div>
              <dt>Received</dt>
              <dd>{formatMoney(received)}</dd>
            </div>
            {pending.length > 0 && (
              <div className={styles.pending}>
                <dt>Awaiting approval</dt>
                <dd>
                  {formatNumber(pending.length)} · {formatMoney(pending.reduce((s, p) => s + p.amount, 0))}
                </dd>
              </div>
            )}
          </dl>
          <PaymentHistoryTable
            caption={`Payments on loan ${loan.loanId}`}
            payments={payments}
            staffColumns
            actionsLabel="Actions"
            rowData={(p) => ({ 'data-payment-id': p._id })}
            actions={(p) => (
              <span className={styles.actions}>
                {canApprove && p.status === 'pending' && p.method === 'online' && (
                  <Button
                    size="sm"
                    loading={busy === `approve:${p._id}`}
                    disabled={busy !== null}
                    onClick={() => void approve(p._id)}
                  >
                    Approve
                    <span className="visually-hidden"> payment of {formatMoney(p.amount)}</span>
                  </Button>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  loading={busy === `receipt:${p._id}`}
                  disabled={busy !== null}
                  onClick={() => void download(p._id, p.receiptNumber)}
                >
                  Receipt
                  <span className="visually-hidden"> {p.receiptNumber}</span>
                </Button>
              </span>
            )}
          />
        </>
      )}
      <ConfirmDialog
        open={overpaid !== null}
        onClose={() => setOverpaid(null)}
        onConfirm={() => overpaid && approve(overpaid.paymentId, overpaid.excess)}
        title="Approve and record a refund due?"
        message={
          overpaid && (
            <>
              This payment is <strong>{formatMoneyExact(overpaid.excess)}</strong> more than what closes loan{' '}
              {loan.loanId}. Approving it closes the loan, and {formatMoneyExact(overpaid.excess)} becomes a
              refund due to the customer (listed under Refunds due).
            </>
          )
        }
        confirmLabel={overpaid ? `Approve, refund ${formatMoneyExact(overpaid.excess)} due` : 'Approve'}
        tone="primary"
      />
    </Dialog>
  );
}
