import type { StaffRole } from '@goldledger/contracts';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { PageHeader } from '@/components/ui/page-header';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useBranchChoices } from '../api/branches';
import { useReadOnly } from '@/lib/read-only';
import { deleteStaff } from '../api/delete-staff';
import { useEmployees, type StaffMember } from '../api/get-employees';
import { deleteConfirmation, STAFF_TEXTS } from '../staff-form';
import { AddStaffDialog } from './add-staff-dialog';
import { branchesText } from './branch-checkboxes';
import { EditStaffDialog } from './edit-staff-dialog';
import styles from './employees.module.css';

const ROLE_LABEL: Record<StaffRole, string> = { admin: 'Admin', employee: 'Employee', auditor: 'Auditor' };

/**
 * The admins, employees and auditors; add, edit, and delete employees and auditors (never
 * admins). An auditor reads the list, Aadhar numbers masked, with no actions.
 */
export function EmployeesPage() {
  const toast = useToast();
  const readOnly = useReadOnly();
  const { data, error, mutate } = useEmployees();
  const branches = useBranchChoices();
  const [adding, setAdding] = useState<StaffRole | null>(null);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [deleting, setDeleting] = useState<StaffMember | null>(null);

  const confirmDelete = async (member: StaffMember) => {
    try {
      const answer = await deleteStaff(member._id);
      toast.show(answer.message || STAFF_TEXTS.deleted, 'success');
    } catch (failure) {
      toast.show(errorMessage(failure, STAFF_TEXTS.deleteFailed), 'error');
      // Keeps the confirmation open for another try.
      throw failure;
    }
    // The confirmation closes once the list has reloaded without them.
    await mutate();
  };

  let body;
  if (error && !data) {
    body = (
      <ErrorState
        title={STAFF_TEXTS.fetchFailed}
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void mutate()}
      />
    );
  } else if (!data) {
    body = <Loading text="Loading employees..." />;
  } else {
    const members = data.data;
    body =
      members.length === 0 ? (
        <EmptyState title="No employees found" />
      ) : (
        <>
          {error && (
            <ErrorState
              title={STAFF_TEXTS.fetchFailed}
              message="Showing the last list fetched."
              onRetry={() => void mutate()}
            />
          )}
          <p className={styles.count}>{countText(members)}</p>
          <Table caption="Staff members" hideCaption maxHeight="75vh">
            <thead>
              <tr>
                <Th>Name</Th>
                <Th>Email</Th>
                <Th>Aadhar Number</Th>
                <Th>Mobile</Th>
                <Th>Alternate Mobile</Th>
                <Th>Role</Th>
                <Th>Branches</Th>
                {!readOnly && <Th>Actions</Th>}
              </tr>
            </thead>
            <tbody>
              {members.map((m) => (
                <tr key={m._id} data-testid="staff-row" data-email={m.email ?? ''}>
                  <Td>
                    <strong>{m.name}</strong>
                  </Td>
                  <Td className={styles.email}>{m.email ? <EmailText email={m.email} /> : '—'}</Td>
                  <Td className={styles.num}>{m.aadharNumber ?? '—'}</Td>
                  <Td className={styles.num}>{m.primaryMobile ?? '—'}</Td>
                  <Td className={styles.num}>{m.secondaryMobile ?? '—'}</Td>
                  <Td>
                    <Badge tone={m.role === 'admin' ? 'gold' : 'info'}>{ROLE_LABEL[m.role]}</Badge>
                  </Td>
                  <Td data-testid="staff-branches">
                    {branchesText(m.role, m.branchIds, branches.data?.data)}
                  </Td>
                  {!readOnly && (
                    <Td>
                      <div className={styles.actions}>
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-label={`Edit ${m.name}`}
                          onClick={() => setEditing(m)}
                        >
                          Edit
                        </Button>
                        {m.role !== 'admin' ? (
                          <Button
                            size="sm"
                            variant="danger"
                            aria-label={`Delete ${m.name}`}
                            onClick={() => setDeleting(m)}
                          >
                            Delete
                          </Button>
                        ) : (
                          <span className={styles.note}>{STAFF_TEXTS.adminNotDeletable}</span>
                        )}
                      </div>
                    </Td>
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      );
  }

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Employees Management"
        description="Staff who sign in to the console. Admins can be added and edited but not deleted."
        actions={
          readOnly ? undefined : (
            <>
              <Button onClick={() => setAdding('employee')}>Add Employee</Button>
              <Button variant="accent" onClick={() => setAdding('admin')}>
                Add Admin
              </Button>
              <Button variant="secondary" onClick={() => setAdding('auditor')}>
                Add Auditor
              </Button>
            </>
          )
        }
      />
      {body}
      <AddStaffDialog
        role={adding}
        onClose={() => setAdding(null)}
        onAdded={(_member, role) => {
          setAdding(null);
          toast.show(STAFF_TEXTS.registered[role], 'success');
          void mutate();
        }}
      />
      <EditStaffDialog
        member={editing}
        onClose={() => setEditing(null)}
        onSaved={(member) => {
          setEditing(null);
          toast.show(STAFF_TEXTS.updated, 'success');
          // Staff counts per branch change with an assignment.
          void branches.mutate();
          // The saved row shows at once; the reload that follows confirms it.
          void mutate(
            (list) => list && { ...list, data: list.data.map((m) => (m._id === member._id ? member : m)) },
          );
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? confirmDelete(deleting) : undefined)}
        title="Delete Employee"
        message={deleting ? deleteConfirmation(deleting.name) : ''}
        confirmLabel="Delete"
      />
    </>
  );
}

const plural = (n: number, word: string) => `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;

/** '1 admin, 3 employees' (and ', 1 auditor' when there are any). */
function countText(members: readonly StaffMember[]): string {
  const count = (role: StaffRole) => members.filter((m) => m.role === role).length;
  const auditors = count('auditor');
  return `${plural(count('admin'), 'admin')}, ${plural(count('employee'), 'employee')}${auditors > 0 ? `, ${plural(auditors, 'auditor')}` : ''}`;
}

/** An email that may break before its `@` rather than anywhere inside a word. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
