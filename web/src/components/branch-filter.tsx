import { Select } from '@/components/ui/field';
import { useBranchOptions } from '@/lib/branches';

/**
 * "Branch: All branches / …" above an admin's list. Shown only when there is more than
 * one branch to choose from; `''` is every branch. The server filters (`?branchId=`).
 */
export function BranchFilter({ value, onChange }: { value: string; onChange: (branchId: string) => void }) {
  const options = useBranchOptions();
  if (options.length < 2) return null;
  return (
    <Select label="Branch" value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">All branches</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.label}
        </option>
      ))}
    </Select>
  );
}
