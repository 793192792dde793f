import type { Actor } from '@goldledger/contracts';
import { START, comparePositions } from '@goldledger/contracts';
import { registerVerifiedCustomer } from '../customers/customer-commands.js';
import { registerStaff } from './staff-registration.js';
import type { IdentityDeps } from './user-commands.js';

const SEED_ACTOR: Actor = { id: 'demo-seed', role: 'system', name: 'Demo seed' };

/** The accounts a newcomer signs in with (README): OTPs arrive in the outbox. */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@demo.local', mobile: '9000000001', name: 'Asha Rao (Admin)' },
  employee: { email: 'employee@demo.local', mobile: '9000000002', name: 'Ravi Kumar (Employee)' },
  /** Reads everything, writes nothing (issue 16). */
  auditor: { email: 'auditor@demo.local', mobile: '9000000004', name: 'Indira Menon (Auditor)' },
  customer: {
    email: 'customer@demo.local',
    mobile: '9000000003',
    name: 'Lakshmi Devi',
    aadharNumber: '500000000003',
    /** Taken from the customer sequence: the seed runs only into an empty store. */
    customerId: 'CUS000001',
  },
} as const;

/** Seeds the demo accounts, only into an empty store. Returns whether it did. */
export async function seedDemoData(deps: IdentityDeps): Promise<boolean> {
  if (comparePositions(await deps.store.headPosition(), START) !== 0) return false;
  const metadata = { actor: SEED_ACTOR };
  const { admin, employee, auditor, customer } = DEMO_ACCOUNTS;
  await registerStaff(
    deps,
    {
      role: 'admin',
      name: admin.name,
      email: admin.email,
      primaryMobile: admin.mobile,
      secondaryMobile: null,
      aadharNumber: '400000000001',
      mustResetPassword: false,
    },
    metadata,
  );
  await registerStaff(
    deps,
    {
      role: 'employee',
      name: employee.name,
      email: employee.email,
      primaryMobile: employee.mobile,
      secondaryMobile: '9000000012',
      aadharNumber: '400000000002',
      mustResetPassword: false,
    },
    metadata,
  );
  await registerStaff(
    deps,
    {
      role: 'auditor',
      name: auditor.name,
      email: auditor.email,
      primaryMobile: auditor.mobile,
      secondaryMobile: null,
      aadharNumber: '400000000004',
      mustResetPassword: false,
    },
    metadata,
  );
  // Registered like any customer (the CUS number, the Aadhar claim), verified, with an account.
  await registerVerifiedCustomer(
    deps,
    {
      aadharNumber: customer.aadharNumber,
      name: customer.name,
      email: customer.email,
      primaryMobile: customer.mobile,
      secondaryMobile: null,
      emergencyContact: { mobile: '9000000013', relation: 'Son' },
      presentAddress: '12 Temple Street, Mylapore, Chennai 600004',
      permanentAddress: '12 Temple Street, Mylapore, Chennai 600004',
    },
    metadata,
  );
  return true;
}
