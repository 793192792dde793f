import { PaymentHistoryTable } from '@/components/payment-history-table';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { getPaymentReceipt, useLoanPayments } from '@/lib/loan-payments';
import { receiptFileName, type CustomerLoan } from '../derive';
import type { useReceiptDownload } from './use-receipt-download';

interface PaymentHistoryDialogProps {
  /** The loan whose history is open; null when closed. */
  loan: CustomerLoan | null;
  onClose(): void;
  receipts: ReturnType<typeof useReceiptDownload>;
}

/** The customer's Payment History: Date, Amount, Method, Installment, Status and each payment's receipt. */
export function PaymentHistoryDialog({ loan, onClose, receipts }: PaymentHistoryDialogProps) {
  const { data, error, isLoading, mutate } = useLoanPayments(loan?._id ?? null);
  const payments = data?.data ?? [];

  return (
    <Dialog
      open={loan !== null}
      onClose={onClose}
      title="Payment History"
      description={loan ? `Loan ${loan.loanId}` : undefined}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {loan &&
        (error ? (
          <ErrorState
            title="Failed to fetch payment history"
            message={errorMessage(error, 'Please check your connection and try again.')}
            onRetry={() => void mutate()}
          />
        ) : isLoading || !data ? (
          <Loading text="Loading payment history..." />
        ) : payments.length === 0 ? (
          <EmptyState title="No payments yet" description="Payments on this loan will be listed here." />
        ) : (
          <PaymentHistoryTable
            caption={`Payments on loan ${loan.loanId}`}
            payments={payments}
            actionsLabel="Receipt"
            actions={(p) => {
              const key = `payment:${p._id}`;
              return (
                <Button
                  variant="ghost"
                  size="sm"
                  loading={receipts.busy === key}
                  onClick={() =>
                    void receipts.download(
                      key,
                      () => getPaymentReceipt(loan._id, p._id),
                      receiptFileName.payment(p),
                    )
                  }
                >
                  Download Receipt
                  <span className="visually-hidden"> {p.receiptNumber}</span>
                </Button>
              );
            }}
          />
        ))}
    </Dialog>
  );
}
