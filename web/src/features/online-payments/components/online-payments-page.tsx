import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { LoadedList, useRowDialog } from '@/components/ui/loaded-list';
import { Table, Td, Th, Tr } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { useReadOnly } from '@/lib/read-only';
import {
  approveOnlinePayment,
  rejectOnlinePayment,
  usePendingOnlinePayments,
  type PendingOnlinePayment,
} from '../api/online-payments';

/**
 * /admin/online-payments (issue 19): online payments staff recorded at the counter that
 * count only once an admin has seen the money arrive. Oldest first; each is approved (it
 * counts, the customer is told) or rejected with a reason (it counts for nothing).
 */
export function OnlinePaymentsPage() {
  const readOnly = useReadOnly();
  const list = usePendingOnlinePayments();
  const [busyId, setBusyId] = useState<string | null>(null);
  const rejecting = useRowDialog<PendingOnlinePayment>(list.mutate);
  const { notice, setNotice } = rejecting;

  const approve = async (p: PendingOnlinePayment) => {
    setBusyId(p.paymentId);
    setNotice(null);
    try {
      const answer = await approveOnlinePayment(p);
      setNotice({ tone: 'success', text: `${p.receiptNumber}: ${answer.message}` });
      await list.mutate();
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, 'Failed to approve payment') });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <>
      <PageHeader title="Online payments to approve" />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <LoadedList
        list={list}
        what="online payments"
        empty={{
          title: 'No online payments to approve',
          description: 'Every online payment recorded at the counter has been approved or rejected.',
        }}
      >
        {(answer) => (
          <Table caption={`${answer.data.length} waiting, ${formatMoney(answer.total)} in all, oldest first`}>
            <thead>
              <tr>
                <Th>Receipt</Th>
                <Th>Loan</Th>
                <Th>Customer</Th>
                <Th>Paid on</Th>
                <Th>Bank reference</Th>
                <Th numeric>Amount</Th>
                <Th>Actions</Th>
              </tr>
            </thead>
            <tbody>
              {answer.data.map((p) => (
                <Tr key={p.paymentId} data-payment-id={p.paymentId}>
                  <Td>{p.receiptNumber}</Td>
                  <Td>{p.loanId}</Td>
                  <Td>
                    {p.customerName}
                    <br />
                    <small>{p.customerMobile}</small>
                  </Td>
                  <Td>
                    {formatDate(p.paymentDate)}
                    <br />
                    <small>by {p.enteredBy}</small>
                  </Td>
                  <Td>
                    {p.transactionId ?? '—'}
                    {p.bankName && (
                      <>
                        <br />
                        <small>{p.bankName}</small>
                      </>
                    )}
                  </Td>
                  <Td numeric>
                    <strong>{formatMoney(p.amount)}</strong>
                  </Td>
                  <Td>
                    {readOnly ? (
                      '—'
                    ) : (
                      <span style={{ display: 'inline-flex', gap: 'var(--space-2)', flexWrap: 'wrap' }}>
                        <Button
                          size="sm"
                          aria-label={`Approve ${p.receiptNumber}`}
                          disabled={busyId !== null}
                          onClick={() => void approve(p)}
                        >
                          {busyId === p.paymentId ? 'Approving...' : 'Approve'}
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-label={`Reject ${p.receiptNumber}`}
                          disabled={busyId !== null}
                          onClick={() => rejecting.open(p)}
                        >
                          Reject
                        </Button>
                      </span>
                    )}
                  </Td>
                </Tr>
              ))}
            </tbody>
          </Table>
        )}
      </LoadedList>
      {rejecting.target && (
        <RejectDialog payment={rejecting.target} onClose={rejecting.close} onDone={rejecting.done} />
      )}
    </>
  );
}

function RejectDialog({
  payment,
  onClose,
  onDone,
}: {
  payment: PendingOnlinePayment;
  onClose: () => void;
  onDone: (message: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await rejectOnlinePayment(payment, reason);
      await onDone(answer.message);
    } catch (e) {
      setError(errorMessage(e, 'Failed to reject payment'));
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      title={`Reject ${payment.receiptNumber}`}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void submit()} disabled={busy}>
            {busy ? 'Rejecting...' : 'Reject payment'}
          </Button>
        </>
      }
    >
      <p>
        {formatMoney(payment.amount)} from {payment.customerName} on loan {payment.loanId}
        {payment.transactionId ? `, reference ${payment.transactionId}` : ''}. A rejected payment counts for
        nothing; its bank reference can be recorded again.
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      <Input
        label="Reason"
        required
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        hint="For example: not in the bank statement"
      />
    </Dialog>
  );
}
