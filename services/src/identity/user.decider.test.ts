import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.js';
import { DomainError } from '../platform/decider.js';
import { DEFAULT_BRANCH_ID } from '@goldledger/contracts';
import { userDecider } from './user.decider.js';

const spec = deciderSpec(userDecider);
const staff = {
  userId: '5f0c7a56-1c1e-4b8e-9d7e-1a2b3c4d5e6f',
  role: 'employee' as const,
  name: 'Ravi Kumar',
  email: 'ravi@demo.local',
  primaryMobile: '9000000002',
  secondaryMobile: null,
  aadharNumber: '123412341234',
  mustResetPassword: true,
};

describe('a user account', () => {
  it('registers a staff member once', () => {
    spec
      .given([])
      .when({ type: 'RegisterStaff', ...staff })
      .then([{ type: 'StaffRegistered', data: staff }]);
    spec
      .given([{ type: 'StaffRegistered', data: staff }])
      .when({ type: 'RegisterStaff', ...staff })
      .thenThrows('User already exists');
  });

  it('removes an employee or an auditor, never an admin', () => {
    const by = '9a0c7a56-1c1e-4b8e-9d7e-1a2b3c4d5e6f';
    for (const role of ['employee', 'auditor'] as const)
      spec
        .given([{ type: 'StaffRegistered', data: { ...staff, role } }])
        .when({ type: 'RemoveStaff', byUserId: by })
        .then([{ type: 'StaffRemoved', data: {} }]);
    spec
      .given([{ type: 'StaffRegistered', data: { ...staff, role: 'admin' } }])
      .when({ type: 'RemoveStaff', byUserId: by })
      .thenThrows('Admin cannot be deleted');
  });

  it('records a sign-in and a sign-out', () => {
    spec
      .given([{ type: 'StaffRegistered', data: staff }])
      .when({ type: 'RecordSignIn', method: 'otp' })
      .then([{ type: 'SignedIn', data: { method: 'otp' } }]);
    spec
      .given([{ type: 'StaffRegistered', data: staff }])
      .when({ type: 'SignOut' })
      .then([{ type: 'SignedOut', data: {} }]);
  });

  it('refuses to sign in a removed or unknown account', () => {
    spec
      .given([
        { type: 'StaffRegistered', data: staff },
        { type: 'StaffRemoved', data: {} },
      ])
      .when({ type: 'RecordSignIn', method: 'otp' })
      .thenThrows('This account has been removed');
    spec.given([]).when({ type: 'SignOut' }).thenThrows(DomainError);
  });
});

describe('the branches a member of staff works at', () => {
  const MAIN = DEFAULT_BRANCH_ID;
  const MYS = '6f1d2a40-5b1e-4c3a-9d2f-0a1b2c3d4e5f';
  const registered = { type: 'StaffRegistered' as const, data: staff };

  it('are the default branch at registration unless others are given', () => {
    spec
      .given([])
      .when({ type: 'RegisterStaff', ...staff, branchIds: [MAIN] })
      .then([registered]);
    spec
      .given([])
      .when({ type: 'RegisterStaff', ...staff, branchIds: [MYS, MYS] })
      .then([registered, { type: 'StaffBranchesAssigned', data: { branchIds: [MYS] } }]);
  });

  it('are assigned as a whole list, and an unchanged list writes nothing', () => {
    spec
      .given([registered])
      .when({ type: 'AssignBranches', branchIds: [MAIN, MYS] })
      .then([{ type: 'StaffBranchesAssigned', data: { branchIds: [MAIN, MYS] } }]);
    spec
      .given([registered, { type: 'StaffBranchesAssigned', data: { branchIds: [MAIN, MYS] } }])
      .when({ type: 'AssignBranches', branchIds: [MYS, MAIN] })
      .then([]);
    spec
      .given([registered])
      .when({ type: 'AssignBranches', branchIds: [MAIN] })
      .then([]);
  });

  it('are refused for a removed member, a customer or an empty list', () => {
    spec
      .given([registered, { type: 'StaffRemoved', data: {} }])
      .when({ type: 'AssignBranches', branchIds: [MYS] })
      .thenThrows('This account has been removed');
    spec
      .given([
        {
          type: 'CustomerAccountOpened',
          data: {
            userId: staff.userId,
            customerId: 'CUS000001',
            name: 'L',
            email: null,
            primaryMobile: '9000000003',
          },
        },
      ])
      .when({ type: 'AssignBranches', branchIds: [MYS] })
      .thenThrows('Employee not found');
    spec
      .given([registered])
      .when({ type: 'AssignBranches', branchIds: [] })
      .thenThrows('Choose at least one branch');
  });
});
