import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { getPaymentReceipt } from '../api/get-payment-receipt';
import { useLoanPayments } from '../api/get-loan-payments';
import { paymentMethodLabel, paymentStatus, receiptFileName, type CustomerLoan } from '../derive';
import type { useReceiptDownload } from './use-receipt-download';
import styles from './customer-dashboard.module.css';

interface PaymentHistoryDialogProps {
  /** The loan whose history is open; null when closed. */
  loan: CustomerLoan | null;
  onClose(): void;
  receipts: ReturnType<typeof useReceiptDownload>;
}

/** 001 §2.14 Payment History: Date, Amount, Method, Installment, Status and each payment's receipt. */
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
          <Table
            caption={`Payments on loan ${loan.loanId}`}
            hideCaption
            stickyHeader
            maxHeight="60vh"
            className={styles.stack}
          >
            <thead>
              <tr>
                <Th>Date</Th>
                <Th numeric>Amount</Th>
                <Th>Method</Th>
                <Th numeric>Installment</Th>
                <Th>Status</Th>
                <Th>
                  <span className="visually-hidden">Receipt</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => {
                const key = `payment:${p._id}`;
                return (
                  <tr key={p._id} data-testid="payment-row">
                    <Td data-label="Date">{formatDate(p.date)}</Td>
                    <Td numeric data-label="Amount">
                      {formatMoney(p.amount)}
                    </Td>
                    <Td data-label="Method">{paymentMethodLabel(p.method)}</Td>
                    <Td numeric data-label="Installment">
                      {formatNumber(p.installmentNumber)}
                    </Td>
                    <Td data-label="Status">
                      <Badge status={paymentStatus(p)} />
                    </Td>
                    <Td data-label="Receipt">
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
                    </Td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        ))}
    </Dialog>
  );
}
