import { z } from 'zod';
import { BranchDetails, BranchVault, IndianState } from './branch-events.js';

/** POST /admin/branches and PUT /admin/branches/{id}: the whole of a branch's details. */
export const SaveBranchRequest = BranchDetails;
export type SaveBranchRequest = z.infer<typeof SaveBranchRequest>;

export const BranchIdParams = z.object({ id: z.uuid('Branch not found') });

export const BranchRow = z.object({
  _id: z.uuid(),
  code: z.string(),
  name: z.string(),
  address: z.string(),
  state: IndianState,
  phone: z.string(),
  hours: z.string(),
  vault: BranchVault,
  /** Staff assigned to the branch (admins see every branch without being assigned). */
  staffCount: z.number().int().nonnegative(),
  openLoans: z.number().int().nonnegative(),
  version: z.number().int().positive(),
});
export type BranchRow = z.infer<typeof BranchRow>;

export const BranchListResponse = z.object({ data: z.array(BranchRow) });

/** GET /branches (public): what the /location page shows, nothing internal. */
export const PublicBranch = z.object({
  _id: z.uuid(),
  code: z.string(),
  name: z.string(),
  address: z.string(),
  state: z.string(),
  phone: z.string(),
  hours: z.string(),
});
export const PublicBranchListResponse = z.object({ data: z.array(PublicBranch) });

/** PUT /admin/employees/{id}/branches: the branches a member of staff works at. */
export const AssignBranchesRequest = z.object({
  branchIds: z.array(z.uuid('Branch not found')).min(1, 'Choose at least one branch').max(50),
});

/** `?branchId=` on lists an admin or auditor may narrow to one branch. */
export const BranchFilterQuery = z.object({ branchId: z.uuid('Branch not found').optional() });
