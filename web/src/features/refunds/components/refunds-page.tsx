import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Select } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { LoadedList, useRowDialog } from '@/components/ui/loaded-list';
import { Table, Td, Th, Tr } from '@/components/ui/table';
import { businessToday } from '@/lib/business-date';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoneyExact as formatMoney } from '@/lib/format';
import { useReadOnly } from '@/lib/read-only';
import { recordRefund, useRefundsDue, type RefundDue, type RefundPayout } from '../api/refunds';
import { DateInput } from '@/components/ui/date-input';

const METHODS: Array<{ value: RefundPayout['method']; label: string }> = [
  { value: 'bank_transfer', label: 'Bank transfer' },
  { value: 'upi', label: 'UPI' },
  { value: 'cheque', label: 'Cheque' },
  { value: 'cash', label: 'Cash' },
];

/**
 * /admin/refunds: loans whose customer paid beyond what closed them (a back-dated payment
 * that closed the loan earlier, an approval that overpaid) or whose gold sold at auction
 * for more than was owed (the surplus, with its refund date), with what is owed back, and
 * the payout recorded here (method, reference, date).
 */
export function RefundsPage() {
  const readOnly = useReadOnly();
  const list = useRefundsDue();
  const paying = useRowDialog<RefundDue>(list.mutate);

  return (
    <>
      <PageHeader title="Refunds due" />
      {paying.notice && <Alert tone={paying.notice.tone}>{paying.notice.text}</Alert>}
      <LoadedList
        list={list}
        what="refunds"
        empty={{
          title: 'No refunds due',
          description:
            'No customer has paid beyond what closed their loan, and no auction surplus is waiting.',
        }}
      >
        {(answer) => (
          <Table caption={`Refunds due: ${formatMoney(answer.totalDue)} in all`}>
            <thead>
              <tr>
                <Th>Loan</Th>
                <Th>Customer</Th>
                <Th>Closed on</Th>
                <Th numeric>Paid beyond closing</Th>
                <Th numeric>Refunded</Th>
                <Th numeric>Due</Th>
                <Th>Actions</Th>
              </tr>
            </thead>
            <tbody>
              {answer.data.map((r) => (
                <Tr key={r._id} data-loan-id={r.loanId}>
                  <Td>{r.loanId}</Td>
                  <Td>
                    {r.name} ({r.customerId}) · {r.primaryMobile}
                  </Td>
                  <Td>{formatDate(r.closedOn)}</Td>
                  <Td numeric>{formatMoney(r.excess)}</Td>
                  <Td numeric>{formatMoney(r.refunded)}</Td>
                  <Td numeric>
                    <strong>{formatMoney(r.due)}</strong>
                    {r.auctionSurplus > 0 && (
                      <>
                        <br />
                        <small>auction surplus{r.dueBy ? `, refund by ${formatDate(r.dueBy)}` : ''}</small>
                      </>
                    )}
                  </Td>
                  <Td>
                    {readOnly ? (
                      '—'
                    ) : (
                      <Button
                        size="sm"
                        aria-label={`Record payout for loan ${r.loanId}`}
                        onClick={() => paying.open(r)}
                      >
                        Record payout
                      </Button>
                    )}
                  </Td>
                </Tr>
              ))}
            </tbody>
          </Table>
        )}
      </LoadedList>
      {paying.target && <PayoutDialog refund={paying.target} onClose={paying.close} onDone={paying.done} />}
    </>
  );
}

function PayoutDialog({
  refund,
  onClose,
  onDone,
}: {
  refund: RefundDue;
  onClose: () => void;
  onDone: (message: string) => Promise<void>;
}) {
  const [amount, setAmount] = useState(String(refund.due));
  const [method, setMethod] = useState<RefundPayout['method']>('bank_transfer');
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(businessToday());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await recordRefund(refund._id, {
        amount: Number(amount),
        method,
        reference: reference.trim() || null,
        paidOn,
        expectedVersion: refund.version,
      });
      await onDone(answer.message);
    } catch (e) {
      setError(errorMessage(e, 'Failed to record the refund'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      title={`Refund to ${refund.name} (loan ${refund.loanId})`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            Record payout
          </Button>
        </>
      }
    >
      <p>{formatMoney(refund.due)} is owed back to the customer.</p>
      {error && <Alert tone="error">{error}</Alert>}
      <Input
        label="Amount (₹)"
        type="number"
        min={0.01}
        step={0.01}
        max={refund.due}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <Select
        label="Paid by"
        value={method}
        onChange={(e) => setMethod(e.target.value as RefundPayout['method'])}
      >
        {METHODS.map((m) => (
          <option key={m.value} value={m.value}>
            {m.label}
          </option>
        ))}
      </Select>
      <Input
        label="Reference (UTR, cheque number)"
        value={reference}
        maxLength={100}
        onChange={(e) => setReference(e.target.value)}
      />
      <DateInput
        label="Paid on"
        value={paidOn}
        max={businessToday()}
        onChange={(e) => setPaidOn(e.target.value)}
      />
    </Dialog>
  );
}
