import { useState } from 'react';
import type { CashDirection } from '@goldledger/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Select, Textarea } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { closeCashDay, recordCashEntry, type CashBookDay } from '../api/cash-book';

interface DialogOwnProps {
  day: CashBookDay;
  onClose: () => void;
  onDone: (message: string) => Promise<void>;
}

/** Cash in or out of the drawer for a reason other than a loan (petty cash, a bank deposit). */
export function EntryDialog({ day, onClose, onDone }: DialogOwnProps) {
  const [direction, setDirection] = useState<CashDirection>('out');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await recordCashEntry(day.branch._id, day.date, {
        direction,
        amount: Number(amount),
        reason: reason.trim(),
      });
      await onDone(answer.message);
    } catch (e) {
      setError(errorMessage(e, 'Failed to record the entry'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      title={`Cash entry for ${formatDate(day.date)}`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            Record entry
          </Button>
        </>
      }
    >
      {error && <Alert tone="error">{error}</Alert>}
      <Select
        label="Direction"
        value={direction}
        onChange={(e) => setDirection(e.target.value as CashDirection)}
      >
        <option value="out">Cash out of the drawer</option>
        <option value="in">Cash into the drawer</option>
      </Select>
      <Input
        label="Amount (₹, whole rupees)"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <Textarea
        label="Reason"
        value={reason}
        maxLength={300}
        rows={3}
        onChange={(e) => setReason(e.target.value)}
      />
    </Dialog>
  );
}

/** Day-end close: the figures as they stand, and a reason when the count differs. */
export function CloseDayDialog({ day, onClose, onDone }: DialogOwnProps) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const difference = day.difference ?? 0;

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await closeCashDay(day.branch._id, day.date, {
        ...(reason.trim() ? { reason: reason.trim() } : {}),
        expectedVersion: day.version,
      });
      await onDone(answer.message);
    } catch (e) {
      setError(errorMessage(e, 'Failed to close the day'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      title={`Close ${formatDate(day.date)}`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void submit()} loading={busy}>
            Close the day
          </Button>
        </>
      }
    >
      <p>
        Expected {day.expected === null ? '-' : formatMoney(day.expected)}, counted{' '}
        {day.count ? formatMoney(day.count.total) : '-'}.{' '}
        {difference === 0
          ? 'The count matches the books.'
          : `The drawer is ${difference > 0 ? 'over' : 'short'} by ${formatMoney(Math.abs(difference))}.`}
      </p>
      <p>After the close no cash can be entered into this day: not by this book, nor by a loan or payment.</p>
      {error && <Alert tone="error">{error}</Alert>}
      <Textarea
        label={difference === 0 ? 'Note (optional)' : 'Reason for the difference (required)'}
        value={reason}
        maxLength={500}
        rows={3}
        onChange={(e) => setReason(e.target.value)}
      />
    </Dialog>
  );
}
