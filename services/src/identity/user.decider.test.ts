import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.js';
import { DomainError } from '../platform/decider.js';
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
