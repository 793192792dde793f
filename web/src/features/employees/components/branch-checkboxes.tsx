import type { StaffRole } from '@goldledger/contracts';
import { useId } from 'react';
import type { BranchChoice } from '../api/branches';
import styles from './employees.module.css';

interface BranchCheckboxesProps {
  branches: readonly BranchChoice[] | undefined;
  value: readonly string[];
  onChange(branchIds: string[]): void;
  role: StaffRole;
  error?: string | undefined;
}

/** The branches a member works at: one checkbox each (admins see every branch whatever is ticked). */
export function BranchCheckboxes({ branches, value, onChange, role, error }: BranchCheckboxesProps) {
  const errorId = useId();
  return (
    <fieldset className={styles.branches} aria-describedby={error ? errorId : undefined}>
      <legend>Branches</legend>
      {role === 'admin' && <p className={styles.hint}>Admins see and act on every branch.</p>}
      {!branches ? (
        <p className={styles.hint}>Loading branches...</p>
      ) : (
        <div className={styles.branchList}>
          {branches.map((b) => (
            <label key={b._id} className={styles.check}>
              <input
                type="checkbox"
                name="branchIds"
                value={b._id}
                checked={value.includes(b._id)}
                onChange={(event) =>
                  onChange(event.target.checked ? [...value, b._id] : value.filter((id) => id !== b._id))
                }
              />
              {b.name} ({b.code})
            </label>
          ))}
        </div>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** How the list names a member's branches: codes, or every branch for an admin. */
export function branchesText(
  role: StaffRole,
  branchIds: readonly string[],
  branches: readonly BranchChoice[] | undefined,
): string {
  if (role === 'admin') return 'All branches';
  if (!branches) return '…';
  return branchIds.map((id) => branches.find((b) => b._id === id)?.code ?? 'Unknown branch').join(', ');
}
