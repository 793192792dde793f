import { z } from 'zod';
import { BranchDetails, BranchVault, IndianState } from './branch-events.js';

/** POST /admin/branches: the whole of a new branch's details. */
export const SaveBranchRequest = BranchDetails;
export type SaveBranchRequest = z.infer<typeof SaveBranchRequest>;

/**
 * PUT /admin/branches/{id}: the whole of the details after the edit, and the `version` of
 * the row the admin edited (0 for the default branch before its first edit): an edit of
 * a branch that changed since is refused with 409.
 */
export const UpdateBranchRequest = BranchDetails.extend({
  expectedVersion: z
    .number({ error: 'expectedVersion must be the branch version you saw' })
    .int('expectedVersion must be the branch version you saw')
    .nonnegative('expectedVersion must be the branch version you saw'),
});
export type UpdateBranchRequest = z.infer<typeof UpdateBranchRequest>;

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
  /** The branch stream's version: 0 for the default branch until it is first edited. */
  version: z.number().int().nonnegative(),
});
export type BranchRow = z.infer<typeof BranchRow>;

export const BranchListResponse = z.object({ data: z.array(BranchRow) });
export const BranchSavedResponse = z.object({ message: z.string(), data: BranchRow });

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
export const BranchesAssignedResponse = z.object({
  message: z.string(),
  data: z.object({ _id: z.string(), branchIds: z.array(z.string()) }),
});

/** `?branchId=` on lists an admin or auditor may narrow to one branch. */
export const BranchFilterQuery = z.object({ branchId: z.uuid('Branch not found').optional() });
