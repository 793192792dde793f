import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { LENDING_POLICY, type GoldReturnReminderType } from '@goldledger/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Select, Textarea } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatGrams } from '@/lib/format';
import { useGoldReturnDetail } from '../api/get-gold-return-detail';
import { useRevalidateGoldReturns } from '../api/gold-return-paths';
import { markGoldReturned } from '../api/mark-gold-returned';
import { scheduleGoldReturn } from '../api/schedule-gold-return';
import { sendGoldReturnReminder } from '../api/send-gold-return-reminder';
import {
  branchDateTimeLocal,
  REMINDER_CHOICES,
  reminderLabel,
  scheduleError,
  type GoldReturn,
} from '../derive';
import styles from './gold-returns.module.css';

export interface ActionDialogProps {
  /** The return acted on; null keeps the dialog closed. */
  item: GoldReturn | null;
  onClose(): void;
}

/**
 * A dialog around one form: Enter submits, Esc closes (unless the request is on its way),
 * the server's refusal shows inside it, success closes it with a toast and refreshes the page.
 */
export function ActionForm({
  item,
  onClose,
  title,
  submitLabel,
  submit,
  fallback,
  children,
}: ActionDialogProps & {
  title: string;
  submitLabel: string;
  /**
   * Checks and sends: the server's success message, or the problem the form itself shows by
   * its field. `expectedVersion` is the loan's version when the dialog opened.
   */
  submit(item: GoldReturn, expectedVersion: number): Promise<{ message: string } | { invalid: string }>;
  /** What to say when the server gives no reason. */
  fallback: string;
  children: ReactNode;
}) {
  const formId = useId();
  const toast = useToast();
  const revalidate = useRevalidateGoldReturns();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The loan's version as the dialog opened: the command is refused (409) if it changed since.
  const { data: detail } = useGoldReturnDetail(item?.loanId ?? null);
  const version = detail?.data.version;

  const close = () => {
    if (busy) return;
    setFailure(null);
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!item || busy || version === undefined) return;
    setFailure(null);
    setBusy(true);
    try {
      const result = await submit(item, version);
      if ('invalid' in result) return;
      toast.show(result.message, 'success');
      void revalidate();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, fallback));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={item !== null}
      onClose={close}
      title={title}
      description={item ? `${item.customerName} · Loan ${item.loanId}` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy} disabled={version === undefined}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        {failure && <Alert tone="error">{failure}</Alert>}
        {children}
      </form>
    </Dialog>
  );
}

export const notesOrNull = (notes: string) => (notes.trim() ? notes.trim() : null);

/** A date and a time are required, notes are not. */
export function ScheduleReturnDialog({ item, onClose }: ActionDialogProps) {
  const [when, setWhen] = useState('');
  const [notes, setNotes] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const now = branchDateTimeLocal(new Date());
  const reset = () => {
    setWhen('');
    setNotes('');
    setInvalid(null);
    onClose();
  };
  return (
    <ActionForm
      item={item}
      onClose={reset}
      title="Schedule Gold Return"
      submitLabel="Schedule Return"
      fallback="Failed to schedule gold return"
      submit={async (it, expectedVersion) => {
        const problem = scheduleError(when, now.slice(0, 10));
        setInvalid(problem);
        if (problem) return { invalid: problem };
        const res = await scheduleGoldReturn(it.loanId, {
          scheduledDate: when,
          notes: notesOrNull(notes),
          expectedVersion,
        });
        setWhen('');
        setNotes('');
        return { message: res.message };
      }}
    >
      <p className={styles.muted}>
        Book the hand-over with the customer. The gold was promised back by{' '}
        {item ? formatDate(item.releaseDueBy) : '—'} (within {LENDING_POLICY.goldReleaseWorkingDays} working
        days of closure).
      </p>
      <Input
        label="Return date and time"
        type="datetime-local"
        required
        min={now}
        value={when}
        error={invalid}
        hint="Branch time (IST)"
        onChange={(e) => {
          setWhen(e.target.value);
          setInvalid(null);
        }}
      />
      <Textarea
        label="Notes (optional)"
        rows={3}
        maxLength={1000}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
      />
    </ActionForm>
  );
}

/** Hands the gold back: notes optional. */
export function MarkReturnedDialog({ item, onClose }: ActionDialogProps) {
  const [notes, setNotes] = useState('');
  const reset = () => {
    setNotes('');
    onClose();
  };
  return (
    <ActionForm
      item={item}
      onClose={reset}
      title="Mark Gold Returned"
      submitLabel="Mark Returned"
      fallback="Failed to mark gold as returned"
      submit={async (it, expectedVersion) => {
        const res = await markGoldReturned(it.loanId, { notes: notesOrNull(notes), expectedVersion });
        setNotes('');
        return { message: res.message };
      }}
    >
      {item && (
        <p>
          Confirm that {item.customerName} has received all {item.goldItems.length} gold item
          {item.goldItems.length === 1 ? '' : 's'} ({formatGrams(item.totalGoldWeight)} net) of loan{' '}
          {item.loanId}. This cannot be undone.
        </p>
      )}
      <Textarea
        label="Notes (optional)"
        rows={3}
        maxLength={1000}
        value={notes}
        placeholder="Who collected it, ID seen, condition on hand-over"
        onChange={(e) => setNotes(e.target.value)}
      />
    </ActionForm>
  );
}

/** A reminder by hand, urgent unless chosen otherwise. */
export function SendReminderDialog({ item, onClose }: ActionDialogProps) {
  const [type, setType] = useState<GoldReturnReminderType>('urgent');
  const reset = () => {
    setType('urgent');
    onClose();
  };
  return (
    <ActionForm
      item={item}
      onClose={reset}
      title="Send Reminder"
      submitLabel="Send Reminder"
      fallback="Failed to send reminder"
      submit={async (it) => {
        const res = await sendGoldReturnReminder(it.loanId, type);
        return { message: res.message };
      }}
    >
      {item && (
        <p>
          Ask {item.customerName} to collect the gold of loan {item.loanId}, by SMS to {item.customerMobile}
          {item.customerEmail ? ` and email to ${item.customerEmail}` : ''}.
        </p>
      )}
      <Select
        label="Reminder type"
        value={type}
        onChange={(e) => setType(e.target.value as GoldReturnReminderType)}
      >
        {REMINDER_CHOICES.map((t) => (
          <option key={t} value={t}>
            {reminderLabel(t)}
          </option>
        ))}
      </Select>
    </ActionForm>
  );
}
