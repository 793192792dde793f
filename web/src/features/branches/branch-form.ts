import { SaveBranchRequest, type SaveBranchRequest as SaveBranch } from '@goldledger/contracts';
import type { Branch } from './api/branches';

/** The add and edit dialog's fields: the vault's safes one input each. */
export interface BranchForm {
  code: string;
  name: string;
  address: string;
  state: string;
  phone: string;
  hours: string;
  vaultName: string;
  safes: string[];
}
export type BranchField = keyof BranchForm;
export const BRANCH_FIELDS: readonly BranchField[] = [
  'code',
  'name',
  'address',
  'state',
  'phone',
  'hours',
  'vaultName',
  'safes',
];

export const EMPTY_BRANCH_FORM: BranchForm = {
  code: '',
  name: '',
  address: '',
  state: '',
  phone: '',
  hours: 'Monday to Saturday, 9:00 AM to 6:00 PM',
  vaultName: '',
  safes: ['Safe 1'],
};

export const BRANCH_MAX_LENGTH = {
  code: 8,
  name: 120,
  address: 400,
  phone: 40,
  hours: 120,
  vault: 80,
  safe: 40,
};

export const branchFormOf = (b: Branch): BranchForm => ({
  code: b.code,
  name: b.name,
  address: b.address,
  state: b.state,
  phone: b.phone,
  hours: b.hours,
  vaultName: b.vault.name,
  safes: [...b.vault.safes],
});

export type BranchCheck =
  { ok: true; values: SaveBranch } | { ok: false; errors: Partial<Record<BranchField, string>> };

/** The form against the server's own rules and words (contracts' BranchDetails); blank safes are left out. */
export function checkBranch(form: BranchForm): BranchCheck {
  const parsed = SaveBranchRequest.safeParse({
    code: form.code,
    name: form.name,
    address: form.address,
    state: form.state,
    phone: form.phone,
    hours: form.hours,
    vault: { name: form.vaultName, safes: form.safes.map((s) => s.trim()).filter(Boolean) },
  });
  if (parsed.success) return { ok: true, values: parsed.data };
  const errors: Partial<Record<BranchField, string>> = {};
  for (const issue of parsed.error.issues) {
    const [top, inner] = issue.path;
    const field: BranchField =
      top === 'vault' ? (inner === 'name' ? 'vaultName' : 'safes') : (top as BranchField);
    if (!errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** "2 safes" / "1 safe". */
export const safesText = (n: number) => `${n} safe${n === 1 ? '' : 's'}`;
