import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANCH_ID } from '@goldledger/contracts';
import {
  branchesError,
  checkAddStaff,
  checkEditStaff,
  deleteConfirmation,
  EMPTY_ADD_STAFF,
  editFormOf,
  sameBranches,
} from './staff-form';

const MYSURU = '00000000-0000-4000-8000-0000000b7a02';

describe('checkAddStaff', () => {
  const filled = {
    name: 'Ravi Kumar',
    email: 'Ravi@Example.com',
    aadharNumber: '123456789012',
    mobile: '98765 43210',
    alternateMobile: '',
    branchIds: [MYSURU],
  };

  it('sends the role, a lower-case email, bare digits and no alternate mobile when none is given', () => {
    expect(checkAddStaff(filled, 'admin')).toEqual({
      ok: true,
      values: {
        name: 'Ravi Kumar',
        email: 'ravi@example.com',
        aadharNumber: '123456789012',
        mobile: '9876543210',
        alternateMobile: null,
        role: 'admin',
        branchIds: [MYSURU],
      },
    });
  });

  it('requires name, email, Aadhar and mobile, but not the alternate mobile', () => {
    const result = checkAddStaff(EMPTY_ADD_STAFF, 'employee');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['aadharNumber', 'email', 'mobile', 'name']);
    expect(result.errors.name).toBe('Name is required');
  });

  it('checks the Aadhar, the email and both mobiles', () => {
    const result = checkAddStaff(
      { ...filled, email: 'ravi@', aadharNumber: '1234', mobile: '12345', alternateMobile: '99' },
      'employee',
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        email: 'Please enter a valid email address',
        aadharNumber: 'Aadhar number must be 12 digits',
        mobile: 'Please enter a valid 10-digit mobile number',
        alternateMobile: 'Please enter a valid 10-digit alternate mobile number',
      },
    });
  });
});

describe('checkEditStaff', () => {
  const member = {
    _id: 'b9c1a7e2-0000-4000-8000-000000000002',
    name: 'Demo Employee',
    email: 'employee@demo.local',
    aadharNumber: null,
    primaryMobile: '9000000002',
    secondaryMobile: null,
    role: 'employee' as const,
    branchIds: ['00000000-0000-4000-8000-0000000b7a01'],
  };

  it('starts from the member and accepts it unchanged', () => {
    expect(checkEditStaff(editFormOf(member))).toEqual({
      ok: true,
      values: { name: 'Demo Employee', primaryMobile: '9000000002', secondaryMobile: null, role: 'employee' },
    });
  });

  it('requires name and mobile', () => {
    expect(checkEditStaff({ ...editFormOf(member), name: '', primaryMobile: '' })).toEqual({
      ok: false,
      errors: { name: 'Name is required', primaryMobile: 'Mobile number is required' },
    });
  });
});

describe('the branches of an edit', () => {
  it('need at least one, in any order', () => {
    expect(branchesError([])).toBe('Choose at least one branch');
    expect(branchesError([MYSURU])).toBeNull();
    expect(sameBranches([MYSURU, DEFAULT_BRANCH_ID], [DEFAULT_BRANCH_ID, MYSURU])).toBe(true);
    expect(sameBranches([MYSURU], [DEFAULT_BRANCH_ID])).toBe(false);
  });

  it('start at the default branch for a new member', () => {
    expect(EMPTY_ADD_STAFF.branchIds).toEqual([DEFAULT_BRANCH_ID]);
  });
});

it('words the delete confirmation as the seeds do', () => {
  expect(deleteConfirmation('Ravi Kumar')).toBe(
    "Are you sure you want to delete employee 'Ravi Kumar'? This action cannot be undone.",
  );
});
