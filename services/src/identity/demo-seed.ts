import type { Actor, BranchDetails } from '@goldledger/contracts';
import { START, comparePositions } from '@goldledger/contracts';
import { openBranch } from '../branches/branch-commands.js';
import { registerVerifiedCustomer } from '../customers/customer-commands.js';
import { registerStaff } from './staff-registration.js';
import type { IdentityDeps } from './user-commands.js';

const SEED_ACTOR: Actor = { id: 'demo-seed', role: 'system', name: 'Demo seed' };

/** The accounts a newcomer signs in with (README): OTPs arrive in the outbox. */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@demo.local', mobile: '9000000001', name: 'Asha Rao (Admin)' },
  employee: { email: 'employee@demo.local', mobile: '9000000002', name: 'Ravi Kumar (Employee)' },
  /** A second admin: maker-checker needs an admin other than the maker to approve. */
  checker: { email: 'checker@demo.local', mobile: '9000000006', name: 'Vikram Menon (Admin)' },
  /** Works at the second branch (DEMO_SECOND_BRANCH) only. */
  employee2: { email: 'employee2@demo.local', mobile: '9000000005', name: 'Meena Gowda (Employee, Mysuru)' },
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

/**
 * The demo's second branch (the first is the default one, as on any installation): a few
 * customers and loans belong to it (main.ts), served by `employee2`, so branch scoping shows.
 */
export const DEMO_SECOND_BRANCH: { branchId: string; details: BranchDetails } = {
  branchId: '00000000-0000-4000-8000-0000000b7a02',
  details: {
    code: 'MYS',
    name: 'GoldLedger Mysuru Branch',
    address: 'Sayyaji Rao Road, Devaraja Mohalla, Mysuru, Karnataka 570001',
    state: 'Karnataka',
    phone: '+91 90000 00200',
    hours: 'Monday to Saturday, 9:30 AM to 5:30 PM',
    vault: { name: 'Mysuru vault', safes: ['Safe 1'] },
  },
};

/** Seeds the demo accounts and the second branch, only into an empty store. Returns whether it did. */
export async function seedDemoData(deps: IdentityDeps): Promise<boolean> {
  if (comparePositions(await deps.store.headPosition(), START) !== 0) return false;
  const metadata = { actor: SEED_ACTOR };
  const { admin, employee, checker, employee2, auditor, customer } = DEMO_ACCOUNTS;
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
      role: 'admin',
      name: checker.name,
      email: checker.email,
      primaryMobile: checker.mobile,
      secondaryMobile: null,
      aadharNumber: '400000000004',
      mustResetPassword: false,
    },
    metadata,
  );
  await openBranch(deps, DEMO_SECOND_BRANCH.branchId, DEMO_SECOND_BRANCH.details, metadata);
  await registerStaff(
    deps,
    {
      role: 'employee',
      name: employee2.name,
      email: employee2.email,
      primaryMobile: employee2.mobile,
      secondaryMobile: null,
      aadharNumber: '400000000005',
      mustResetPassword: false,
      branchIds: [DEMO_SECOND_BRANCH.branchId],
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
      aadharNumber: '400000000007',
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
