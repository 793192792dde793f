import { INDIAN_STATES, type HolidayItem, type HolidayScope } from '@goldledger/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Select, Textarea } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { formatLongDate } from '@/lib/format';
import { declareHoliday, withdrawHoliday } from '../api/holidays';
import styles from './holidays.module.css';
import { DateInput } from '@/components/ui/date-input';

interface DeclareProps {
  open: boolean;
  branchStates: readonly string[];
  onClose(): void;
  onSaved(message: string): void;
}

type Field = 'date' | 'name' | 'scope';

/** Declares a holiday: a date, its name, and national or one state. The server refuses Sundays, past days and repeats. */
export function DeclareHolidayDialog({ open, branchStates, onClose, onSaved }: DeclareProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      title="Declare Holiday"
      description="As notified by the Government (a national holiday) or the state (a holiday of its branches only)."
    >
      {open && (
        <DeclareForm branchStates={branchStates} onClose={onClose} onSaved={onSaved} onBusy={setBusy} />
      )}
    </Dialog>
  );
}

function DeclareForm({
  branchStates,
  onClose,
  onSaved,
  onBusy,
}: Omit<DeclareProps, 'open'> & { onBusy(b: boolean): void }) {
  const formId = useId();
  const [form, setForm] = useState<Record<Field, string>>({ date: '', name: '', scope: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const field = (name: Field) => ({
    name,
    value: form[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [name]: event.target.value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found: Partial<Record<Field, string>> = {};
    if (!form.date) found.date = 'Please choose the date';
    if (form.name.trim().length < 2) found.name = 'Please give the holiday a name';
    if (!form.scope) found.scope = 'Please choose national or the state the holiday is kept in';
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setSaving(true);
    onBusy(true);
    setProblem(null);
    try {
      const saved = await declareHoliday({
        date: form.date,
        name: form.name.trim(),
        scope: form.scope as HolidayScope,
      });
      onBusy(false);
      onSaved(saved.message);
    } catch (error) {
      setProblem(errorMessage(error, 'Failed to declare the holiday'));
      setSaving(false);
      onBusy(false);
    }
  };

  const others = INDIAN_STATES.filter((s) => !branchStates.includes(s));
  return (
    <>
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        {problem && (
          <Alert tone="error" className={styles.formAlert}>
            {problem}
          </Alert>
        )}
        <div className={styles.formGrid}>
          <DateInput label="Date" required {...field('date')} />
          <Select label="Kept in" required {...field('scope')}>
            <option value="">Choose where</option>
            <option value="national">National (every state)</option>
            {branchStates.length > 0 && (
              <optgroup label="States with branches">
                {branchStates.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </optgroup>
            )}
            <optgroup label={branchStates.length > 0 ? 'Other states' : 'States'}>
              {others.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </optgroup>
          </Select>
        </div>
        <Input
          label="Name"
          required
          maxLength={80}
          autoComplete="off"
          hint="e.g. Kannada Rajyotsava"
          {...field('name')}
        />
      </form>
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" form={formId} loading={saving}>
          {saving ? 'Saving...' : 'Declare Holiday'}
        </Button>
      </div>
    </>
  );
}

interface WithdrawProps {
  holiday: HolidayItem | null;
  onClose(): void;
  onSaved(message: string): void;
}

/** Withdraws a holiday (declared or built in) with a reason: the day is a working day there again. */
export function WithdrawHolidayDialog({ holiday, onClose, onSaved }: WithdrawProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={holiday !== null} onClose={() => !busy && onClose()} title="Withdraw Holiday" size="sm">
      {holiday && (
        <WithdrawForm
          key={`${holiday.scope}|${holiday.date}`}
          holiday={holiday}
          onClose={onClose}
          onSaved={onSaved}
          onBusy={setBusy}
        />
      )}
    </Dialog>
  );
}

function WithdrawForm({
  holiday,
  onClose,
  onSaved,
  onBusy,
}: Omit<WithdrawProps, 'holiday'> & { holiday: HolidayItem; onBusy(b: boolean): void }) {
  const formId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const where = holiday.scope === 'national' ? 'every state' : holiday.scope;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (reason.trim().length < 3) {
      setError('Please say why the holiday is withdrawn');
      return;
    }
    setSaving(true);
    onBusy(true);
    setProblem(null);
    try {
      const saved = await withdrawHoliday({
        date: holiday.date,
        scope: holiday.scope,
        reason: reason.trim(),
      });
      onBusy(false);
      onSaved(saved.message);
    } catch (e) {
      setProblem(errorMessage(e, 'Failed to withdraw the holiday'));
      setSaving(false);
      onBusy(false);
    }
  };

  return (
    <>
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        {problem && (
          <Alert tone="error" className={styles.formAlert}>
            {problem}
          </Alert>
        )}
        <p>
          Are you sure you want to withdraw {holiday.name} on {formatLongDate(holiday.date)}? It becomes a
          working day in {where}: due dates on it are due that day.
        </p>
        <Textarea
          label="Reason"
          required
          rows={2}
          maxLength={300}
          value={reason}
          error={error}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
        />
      </form>
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="danger" loading={saving}>
          {saving ? 'Withdrawing...' : 'Withdraw'}
        </Button>
      </div>
    </>
  );
}
