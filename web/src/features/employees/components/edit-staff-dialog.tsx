import { StaffRole } from '@goldledger/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Select } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { tidyMobile } from '@/lib/mobile-input';
import { assignBranches, useBranchChoices } from '../api/branches';
import type { StaffMember } from '../api/get-employees';
import { updateStaff } from '../api/update-staff';
import {
  branchesError,
  checkEditStaff,
  EDIT_STAFF_FIELDS,
  editFormOf,
  STAFF_MAX_LENGTH,
  sameBranches,
  STAFF_TEXTS,
  type EditStaffField,
  type EditStaffForm,
} from '../staff-form';
import { BranchCheckboxes } from './branch-checkboxes';
import { StaffMobileFields } from './staff-mobile-fields';
import styles from './employees.module.css';

interface EditStaffDialogProps {
  member: StaffMember | null;
  onClose(): void;
  onSaved(member: StaffMember): void;
}

/** Name, mobile numbers, role (name, mobile and role required) and the branches they work at. */
export function EditStaffDialog({ member, onClose, onSaved }: EditStaffDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={member !== null}
      onClose={() => !busy && onClose()}
      title="Edit Employee"
      description={member?.email ?? undefined}
    >
      {member && (
        <EditStaffFormView
          key={member._id}
          member={member}
          onClose={onClose}
          onSaved={onSaved}
          onBusy={setBusy}
        />
      )}
    </Dialog>
  );
}

function EditStaffFormView({
  member,
  onClose,
  onSaved,
  onBusy,
}: Omit<EditStaffDialogProps, 'member'> & { member: StaffMember; onBusy(busy: boolean): void }) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<EditStaffForm>(() => editFormOf(member));
  const [errors, setErrors] = useState<Partial<Record<EditStaffField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const branches = useBranchChoices();
  const [branchIds, setBranchIds] = useState<string[]>(() => [...member.branchIds]);
  const [branchProblem, setBranchProblem] = useState<string | null>(null);

  const field = (name: Exclude<EditStaffField, 'role'>) => ({
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
    const check = checkEditStaff(form);
    const badBranches = branchesError(branchIds);
    setBranchProblem(badBranches);
    if (!check.ok) {
      setErrors(check.errors);
      const first = EDIT_STAFF_FIELDS.find((f) => check.errors[f]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (badBranches) {
      formRef.current?.querySelector<HTMLElement>('[name="branchIds"]')?.focus();
      return;
    }
    setSaving(true);
    onBusy(true);
    setProblem(null);
    try {
      const saved = await updateStaff(member._id, check.values);
      // A change of branches ends the member's sessions: sent only when there is one.
      const moved = sameBranches(branchIds, member.branchIds)
        ? null
        : await assignBranches(member._id, { branchIds });
      onBusy(false);
      onSaved(moved ? { ...saved.data, branchIds: moved.data.branchIds } : saved.data);
    } catch (error) {
      setProblem(errorMessage(error, STAFF_TEXTS.updateFailed));
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
        <StaffMobileFields mobile={field('primaryMobile')} alternate={field('secondaryMobile')} />
        <Select
          label="Role"
          required
          name="role"
          value={form.role}
          error={errors.role}
          onChange={(event) =>
            setForm((f) => ({ ...f, role: StaffRole.catch('employee').parse(event.target.value) }))
          }
        >
          <option value="employee">Employee</option>
          <option value="admin">Admin</option>
          <option value="auditor">Auditor (read-only)</option>
        </Select>
        <BranchCheckboxes
          branches={branches.data?.data}
          value={branchIds}
          role={form.role}
          error={branchProblem ?? undefined}
          onChange={(ids) => {
            setBranchIds(ids);
            setBranchProblem(null);
          }}
        />
      </form>
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" form={formId} loading={saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </>
  );
}
