import type { PaymentItem } from '@goldledger/contracts';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Table, Td, Th } from '@/components/ui/table';
import { formatDate, formatMoney } from '@/lib/format';
import { paymentMethodLabel, paymentTypeLabel } from '@/lib/payment-labels';
import stacked from '@/components/ui/stacked-table.module.css';
import styles from './payment-history-table.module.css';
import { InstallmentPlaceCell } from '@/components/installment-place';

export type HistoryPayment = z.infer<typeof PaymentItem>;

interface PaymentHistoryTableProps {
  caption: string;
  payments: readonly HistoryPayment[];
  /** Staff also see the payment type, an online payment's bank and transaction, and who entered it. */
  staffColumns?: boolean;
  /** The last column's (hidden) heading, and its data-label on a phone. */
  actionsLabel: string;
  /** What the last column offers for a payment: its receipt, an approval. */
  actions(payment: HistoryPayment): ReactNode;
  /** Extra attributes of a row, for tests to find it by. */
  rowData?(payment: HistoryPayment): Record<`data-${string}`, string>;
}

/**
 * A loan's payments, one a row: date, amount, method, installment, status and the row's
 * actions. On a phone each payment becomes a labelled card. Used by the staff and the
 * customer payment-history dialogs.
 */
export function PaymentHistoryTable({
  caption,
  payments,
  staffColumns = false,
  actionsLabel,
  actions,
  rowData,
}: PaymentHistoryTableProps) {
  return (
    <Table caption={caption} hideCaption stickyHeader maxHeight="60vh" className={stacked.stack}>
      <thead>
        <tr>
          <Th>Date</Th>
          <Th numeric>Amount</Th>
          <Th>Method</Th>
          {staffColumns && <Th>Type</Th>}
          <Th numeric>Installment</Th>
          <Th>Status</Th>
          {staffColumns && <Th>Entered by</Th>}
          <Th>
            <span className="visually-hidden">{actionsLabel}</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {payments.map((p) => (
          <tr key={p._id} data-testid="payment-row" {...rowData?.(p)}>
            <Td data-label="Date">{formatDate(p.date)}</Td>
            <Td numeric data-label="Amount">
              {formatMoney(p.amount)}
            </Td>
            <Td data-label="Method">
              {staffColumns ? (
                <span className={styles.method}>
                  {paymentMethodLabel(p.method)}
                  {p.method === 'online' && (p.transactionId || p.bankName) && (
                    <small>{[p.bankName, p.transactionId].filter(Boolean).join(' · ')}</small>
                  )}
                </span>
              ) : (
                paymentMethodLabel(p.method)
              )}
            </Td>
            {staffColumns && <Td data-label="Type">{paymentTypeLabel(p.paymentType)}</Td>}
            <Td data-label="Installment">
              <InstallmentPlaceCell place={p.installmentPlace} />
            </Td>
            <Td data-label="Status">
              <Badge status={p.status} />
            </Td>
            {staffColumns && <Td data-label="Entered by">{p.enteredBy.name}</Td>}
            <Td data-label={actionsLabel}>{actions(p)}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
