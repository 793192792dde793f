import { describe, expect, it } from 'vitest';
import { branchFormOf, checkBranch, EMPTY_BRANCH_FORM, type BranchForm } from './branch-form';

const mysuru: BranchForm = {
  code: ' mys ',
  name: 'GoldLedger Mysuru Branch',
  address: 'Sayyaji Rao Road, Mysuru, Karnataka 570001',
  state: 'Karnataka',
  phone: '+91 90000 00200',
  hours: 'Monday to Saturday, 9:30 AM to 5:30 PM',
  vaultName: 'Mysuru vault',
  safes: ['Safe A', ' ', 'Safe B '],
};

describe('the branch form', () => {
  it('sends the code in capitals and leaves blank safes out', () => {
    expect(checkBranch(mysuru)).toEqual({
      ok: true,
      values: {
        code: 'MYS',
        name: 'GoldLedger Mysuru Branch',
        address: 'Sayyaji Rao Road, Mysuru, Karnataka 570001',
        state: 'Karnataka',
        phone: '+91 90000 00200',
        hours: 'Monday to Saturday, 9:30 AM to 5:30 PM',
        vault: { name: 'Mysuru vault', safes: ['Safe A', 'Safe B'] },
      },
    });
  });

  it("puts the server's words on each field, the vault's included", () => {
    const check = checkBranch({ ...EMPTY_BRANCH_FORM, safes: [''] });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors).toMatchObject({
      code: 'Branch code must be 2 to 8 letters or digits',
      name: 'Branch name is required',
      state: 'Please choose the state the branch is in',
      vaultName: 'Vault name is required',
      safes: 'A vault has at least one safe',
    });
  });

  it('starts an edit from the row', () => {
    const row = {
      _id: '00000000-0000-4000-8000-0000000b7a01',
      code: 'MYS',
      name: 'N',
      address: 'Address 1',
      state: 'Karnataka' as const,
      phone: '123456',
      hours: 'Always',
      vault: { name: 'V', safes: ['S1'] },
      staffCount: 0,
      openLoans: 0,
      version: 3,
    };
    expect(branchFormOf(row)).toMatchObject({ code: 'MYS', vaultName: 'V', safes: ['S1'] });
  });
});
