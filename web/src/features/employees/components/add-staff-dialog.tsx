import type { StaffRole } from '@goldledger/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { tidyMobile } from '@/lib/mobile-input';
import { useBranchChoices } from '../api/branches';
import { createStaff } from '../api/create-staff';
import type { StaffMember } from '../api/get-employees';
import {
  ADD_STAFF_FIELDS,
  checkAddStaff,
  EMPTY_ADD_STAFF,
  STAFF_MAX_LENGTH,
  STAFF_TEXTS,
  type AddStaffField,
  type AddStaffForm,
} from '../staff-form';
import { BranchCheckboxes } from './branch-checkboxes';
import { StaffMobileFields } from './staff-mobile-fields';
import styles from './employees.module.css';

interface AddStaffDialogProps {
  /** Which dialog: 'Add Employee' or 'Add Admin'; null when closed. */
  role: StaffRole | null;
  onClose(): void;
  onAdded(member: StaffMember, role: StaffRole): void;
}

const TITLE: Record<StaffRole, string> = {
  employee: 'Add Employee',
  admin: 'Add Admin',
  auditor: 'Add Auditor',
};

/** Registers an employee, an admin or an auditor; the server emails them a welcome. */
export function AddStaffDialog({ role, onClose, onAdded }: AddStaffDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={role !== null}
      onClose={() => !busy && onClose()}
      title={role ? TITLE[role] : ''}
      description="They receive a welcome email and sign in with a one-time code."
    >
      {role && (
        <AddStaffFormView key={role} role={role} onClose={onClose} onAdded={onAdded} onBusy={setBusy} />
      )}
    </Dialog>
  );
}

function AddStaffFormView({
  role,
  onClose,
  onAdded,
  onBusy,
}: Omit<AddStaffDialogProps, 'role'> & { role: StaffRole; onBusy(busy: boolean): void }) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<AddStaffForm>(EMPTY_ADD_STAFF);
  const [errors, setErrors] = useState<Partial<Record<AddStaffField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const branches = useBranchChoices();

  const field = (name: Exclude<AddStaffField, 'branchIds'>) => ({
    name,
    value: form[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const value = /mobile/i.test(name) ? tidyMobile(event.target.value) : event.target.value;
      setForm((f) => ({ ...f, [name]: value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const check = checkAddStaff(form, role);
    if (!check.ok) {
      setErrors(check.errors);
      const first = ADD_STAFF_FIELDS.find((f) => check.errors[f]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSaving(true);
    onBusy(true);
    setProblem(null);
    try {
      const saved = await createStaff(check.values);
      onBusy(false);
      onAdded(saved.data, role);
    } catch (error) {
      setProblem(errorMessage(error, STAFF_TEXTS.registerFailed[role]));
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
        <Input
          label="Name"
          required
          autoComplete="off"
          maxLength={STAFF_MAX_LENGTH.name}
          {...field('name')}
        />
        <Input
          label="Email"
          required
          type="email"
          autoComplete="off"
          maxLength={STAFF_MAX_LENGTH.email}
          {...field('email')}
        />
        <Input
          label="Aadhar Number"
          required
          inputMode="numeric"
          autoComplete="off"
          maxLength={STAFF_MAX_LENGTH.aadhar}
          hint="12 digits"
          {...field('aadharNumber')}
        />
        <StaffMobileFields mobile={field('mobile')} alternate={field('alternateMobile')} />
        <BranchCheckboxes
          branches={branches.data?.data}
          value={form.branchIds}
          role={role}
          error={errors.branchIds}
          onChange={(branchIds) => {
            setForm((f) => ({ ...f, branchIds }));
            setErrors((e) => ({ ...e, branchIds: undefined }));
          }}
        />
      </form>
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" form={formId} loading={saving}>
          {saving ? 'Registering...' : TITLE[role]}
        </Button>
      </div>
    </>
  );
}
