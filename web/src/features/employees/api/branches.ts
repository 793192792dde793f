import type { AssignBranchesRequest } from '@goldledger/contracts';
import { BranchListResponse, BranchesAssignedResponse } from '@goldledger/contracts';
import type { z } from 'zod';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { memberPath } from './employee-paths';

/** What the staff screens need of a branch: to name it and to offer it. */
export type BranchChoice = Pick<z.infer<typeof BranchListResponse>['data'][number], '_id' | 'code' | 'name'>;

const BRANCHES = '/api/admin/branches';

/** `GET /api/admin/branches`: the branches staff can be assigned to. */
export function getBranchChoices(options?: RequestOptions) {
  return api.get(BRANCHES, BranchListResponse, options);
}

export function useBranchChoices() {
  const { token } = useAuth();
  return useSWR(token ? [BRANCHES, token] : null, ([, t]: [string, string]) =>
    getBranchChoices({ token: t }),
  );
}

/** `PUT /api/admin/employees/{id}/branches`: the whole list; ends the member's sessions. */
export function assignBranches(id: string, body: z.output<typeof AssignBranchesRequest>) {
  return api.put(`${memberPath(id)}/branches`, body, BranchesAssignedResponse);
}
