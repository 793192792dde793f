import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import stacked from '@/components/ui/stacked-table.module.css';
import { Table, Td, Th, Tr } from '@/components/ui/table';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import {
  installmentWhat,
  REPAYMENT_TYPE_DESCRIPTION,
  REPAYMENT_TYPE_LABEL,
} from '@/lib/repayment-structures';
import { installmentDue, installmentStatus, type CustomerLoan, type InstallmentStatus } from '../derive';
import styles from './customer-dashboard.module.css';
import { InstallmentPlaceCell } from '@/components/installment-place';

const LOOK: Record<InstallmentStatus, { label: string; tone: BadgeTone }> = {
  paid: { label: 'Paid', tone: 'success' },
  overdue: { label: 'Overdue', tone: 'danger' },
  pending: { label: 'Pending', tone: 'warning' },
};

interface InstallmentsDialogProps {
  loan: CustomerLoan | null;
  today: string;
  onClose(): void;
}

/** Installment Details, each installment Paid, Overdue or Pending. */
export function InstallmentsDialog({ loan, today, onClose }: InstallmentsDialogProps) {
  const rows = (loan?.installments ?? []).map((i) => ({ ...i, shown: installmentStatus(i, today) }));
  const count = (s: InstallmentStatus) => rows.filter((r) => r.shown === s).length;

  return (
    <Dialog
      open={loan !== null}
      onClose={onClose}
      title="Installment Details"
      description={
        loan
          ? `Loan ${loan.loanId} · ${REPAYMENT_TYPE_LABEL[loan.repaymentType]}: ${REPAYMENT_TYPE_DESCRIPTION[loan.repaymentType].toLowerCase()}`
          : undefined
      }
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {loan && (
        <>
          <p className={styles.installmentSummary}>
            <Badge tone="success">{formatNumber(count('paid'))} paid</Badge>
            <Badge tone="danger">{formatNumber(count('overdue'))} overdue</Badge>
            <Badge tone="warning">{formatNumber(count('pending'))} pending</Badge>
          </p>
          <Table
            caption={`Installments of loan ${loan.loanId}`}
            hideCaption
            stickyHeader
            maxHeight="60vh"
            className={stacked.stack}
          >
            <thead>
              <tr>
                <Th numeric>No.</Th>
                <Th>Due Date</Th>
                <Th>For</Th>
                <Th numeric>Amount</Th>
                <Th numeric>Paid</Th>
                <Th numeric>Balance</Th>
                <Th>Status</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <Tr key={r.number} data-testid="installment-row">
                  <Td data-label="No.">
                    <InstallmentPlaceCell place={r.place} />
                  </Td>
                  <Td data-label="Due Date">{formatDate(r.dueDate)}</Td>
                  <Td data-label="For">{installmentWhat(loan.repaymentType, r, loan.installments)}</Td>
                  <Td data-label="Amount" numeric>
                    {formatMoney(r.amount)}
                  </Td>
                  <Td data-label="Paid" numeric>
                    {formatMoney(r.amountPaid)}
                  </Td>
                  <Td data-label="Balance" numeric>
                    {formatMoney(installmentDue(r))}
                  </Td>
                  <Td data-label="Status">
                    <Badge tone={LOOK[r.shown].tone}>{LOOK[r.shown].label}</Badge>
                  </Td>
                </Tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
    </Dialog>
  );
}
