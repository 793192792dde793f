import { INDIAN_STATES } from '@goldledger/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Select, Textarea } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { createBranch, updateBranch, type Branch } from '../api/branches';
import {
  BRANCH_FIELDS,
  BRANCH_MAX_LENGTH,
  branchFormOf,
  checkBranch,
  EMPTY_BRANCH_FORM,
  type BranchField,
  type BranchForm,
} from '../branch-form';
import styles from './branches.module.css';

interface BranchDialogProps {
  /** 'new': the Add Branch dialog; a branch: its edit dialog; null: closed. */
  editing: Branch | 'new' | null;
  onClose(): void;
  onSaved(branch: Branch, message: string): void;
}

/** Adds a branch, or edits one (its code, address, hours and vault safes). */
export function BranchDialog({ editing, onClose, onSaved }: BranchDialogProps) {
  const [busy, setBusy] = useState(false);
  const title = editing === 'new' ? 'Add Branch' : editing ? `Edit ${editing.name}` : '';
  return (
    <Dialog
      open={editing !== null}
      onClose={() => !busy && onClose()}
      title={title}
      description="Customers see the name, address, phone and hours on the Location page."
      size="lg"
    >
      {editing && (
        <BranchFormView
          key={editing === 'new' ? 'new' : editing._id}
          branch={editing === 'new' ? null : editing}
          onClose={onClose}
          onSaved={onSaved}
          onBusy={setBusy}
        />
      )}
    </Dialog>
  );
}

function BranchFormView({
  branch,
  onClose,
  onSaved,
  onBusy,
}: Omit<BranchDialogProps, 'editing'> & { branch: Branch | null; onBusy(busy: boolean): void }) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<BranchForm>(() => (branch ? branchFormOf(branch) : EMPTY_BRANCH_FORM));
  const [errors, setErrors] = useState<Partial<Record<BranchField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = <K extends BranchField>(name: K, value: BranchForm[K]) => {
    setForm((f) => ({ ...f, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const field = (name: Exclude<BranchField, 'safes'>) => ({
    name,
    value: form[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const check = checkBranch(form);
    if (!check.ok) {
      setErrors(check.errors);
      const first = BRANCH_FIELDS.find((f) => check.errors[f]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSaving(true);
    onBusy(true);
    setProblem(null);
    try {
      const saved = branch
        ? await updateBranch(branch._id, { ...check.values, expectedVersion: branch.version })
        : await createBranch(check.values);
      onBusy(false);
      onSaved(saved.data, saved.message);
    } catch (error) {
      setProblem(errorMessage(error, branch ? 'Failed to save the branch' : 'Failed to add the branch'));
      setSaving(false);
      onBusy(false);
    }
  };

  return (
    <>
      <form id={formId} ref={formRef} noValidate onSubmit={(event) => void submit(event)}>
        {problem && (
          <Alert tone="error" className={styles.formAlert}>
            {problem}
          </Alert>
        )}
        <div className={styles.formGrid}>
          <Input
            label="Code"
            required
            autoComplete="off"
            maxLength={BRANCH_MAX_LENGTH.code}
            hint="2 to 8 letters or digits, e.g. MYS"
            {...field('code')}
          />
          <Input
            label="Name"
            required
            autoComplete="off"
            maxLength={BRANCH_MAX_LENGTH.name}
            {...field('name')}
          />
        </div>
        <Textarea
          label="Address"
          required
          rows={2}
          maxLength={BRANCH_MAX_LENGTH.address}
          {...field('address')}
        />
        <div className={styles.formGrid}>
          <Select label="State" required hint="Picks the branch's holiday calendar" {...field('state')}>
            <option value="">Choose a state</option>
            {INDIAN_STATES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
          <Input label="Phone" required type="tel" maxLength={BRANCH_MAX_LENGTH.phone} {...field('phone')} />
        </div>
        <Input label="Hours" required maxLength={BRANCH_MAX_LENGTH.hours} {...field('hours')} />
        <fieldset className={styles.fieldset}>
          <legend>Vault</legend>
          <Input label="Vault name" required maxLength={BRANCH_MAX_LENGTH.vault} {...field('vaultName')} />
          <ol className={styles.safes} aria-label="Safes">
            {form.safes.map((safe, i) => (
              <li key={i} className={styles.safe}>
                <Input
                  label={`Safe ${i + 1}`}
                  name={i === 0 ? 'safes' : undefined}
                  value={safe}
                  maxLength={BRANCH_MAX_LENGTH.safe}
                  invalid={Boolean(errors.safes) && !safe.trim()}
                  onChange={(event) =>
                    set(
                      'safes',
                      form.safes.map((s, k) => (k === i ? event.target.value : s)),
                    )
                  }
                />
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove safe ${i + 1}`}
                  disabled={form.safes.length === 1}
                  onClick={() =>
                    set(
                      'safes',
                      form.safes.filter((_, k) => k !== i),
                    )
                  }
                >
                  Remove
                </Button>
              </li>
            ))}
          </ol>
          {errors.safes && (
            <p className={styles.error} role="alert">
              {errors.safes}
            </p>
          )}
          <Button size="sm" variant="secondary" onClick={() => set('safes', [...form.safes, ''])}>
            Add safe
          </Button>
        </fieldset>
      </form>
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" form={formId} loading={saving}>
          {saving ? 'Saving...' : branch ? 'Save' : 'Add Branch'}
        </Button>
      </div>
    </>
  );
}
