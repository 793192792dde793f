import { z } from 'zod';

/**
 * A branch of the lender: where its customers are served and its pledged gold is kept.
 * Stream `branch-<uuid>` (type `branch`); a branch code is unique, claimed by a stream of
 * its own (`branch-code:<CODE>`, type `branch-code`). Schema version 1.
 */
export const BRANCH_STREAM_TYPE = 'branch';
export const BRANCH_CODE_STREAM_TYPE = 'branch-code';
export const branchStreamId = (branchId: string) => `branch-${branchId}`;
export const branchCodeStreamId = (code: string) => `branch-code:${code}`;

/**
 * The branch every customer, loan and member of staff recorded before branches existed
 * belongs to: events without a `branchId` are read as this one. It is opened at start-up
 * when the store has no branch of that id (the single-branch installation keeps working).
 */
export const DEFAULT_BRANCH_ID = '00000000-0000-4000-8000-0000000b7a01';
export const DEFAULT_BRANCH_CODE = 'MAIN';

/** States and union territories of India: a branch's state picks its holiday calendar. */
export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;
export const IndianState = z.enum(INDIAN_STATES, { error: 'Please choose the state the branch is in' });
export type IndianState = z.infer<typeof IndianState>;

export const BranchCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,8}$/, 'Branch code must be 2 to 8 letters or digits');

/** The branch's vault: a name and the places in it a packet can be put (safes, trays, slots). */
export const BranchVault = z.object({
  name: z.string().trim().min(1, 'Vault name is required').max(80),
  /** e.g. "Safe 1", "Safe 2"; a packet's location is a safe and a tray/slot within it. */
  safes: z.array(z.string().trim().min(1).max(40)).min(1, 'A vault has at least one safe').max(50),
});
export type BranchVault = z.infer<typeof BranchVault>;

export const BranchDetails = z.object({
  code: BranchCode,
  name: z.string().trim().min(2, 'Branch name is required').max(120),
  address: z.string().trim().min(5, 'Branch address is required').max(400),
  state: IndianState,
  phone: z.string().trim().min(6, 'Branch phone is required').max(40),
  hours: z.string().trim().min(3, 'Branch hours are required').max(120),
  vault: BranchVault,
});
export type BranchDetails = z.infer<typeof BranchDetails>;

export const BranchEvents = {
  BranchOpened: BranchDetails.extend({ branchId: z.uuid() }),
  /** The whole of the branch's details after an admin's edit (the code included). */
  BranchUpdated: BranchDetails,
} as const;
export type BranchEventType = keyof typeof BranchEvents;
export type BranchEvent = {
  [K in BranchEventType]: { type: K; data: z.infer<(typeof BranchEvents)[K]> };
}[BranchEventType];

export const BranchCodeEvents = {
  BranchCodeClaimed: z.object({ branchId: z.uuid() }),
  BranchCodeReleased: z.object({ branchId: z.uuid() }),
} as const;

/** The demo's and a fresh installation's first branch (the seeds' one branch card). */
export const DEFAULT_BRANCH_DETAILS: BranchDetails = {
  code: DEFAULT_BRANCH_CODE,
  name: 'GoldLedger Main Branch',
  address: 'Main Road, Bengaluru, Karnataka 560001',
  state: 'Karnataka',
  phone: '+91 90000 00100',
  hours: 'Monday to Saturday, 9:00 AM to 6:00 PM',
  vault: { name: 'Main vault', safes: ['Safe 1', 'Safe 2'] },
};

/** Which branches a signed-in person may see and act on: every branch, or the listed ones. */
export type BranchScope = { kind: 'all' } | { kind: 'branches'; branchIds: readonly string[] };
