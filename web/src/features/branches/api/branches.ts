import {
  BranchListResponse,
  BranchSavedResponse,
  type SaveBranchRequest,
  type UpdateBranchRequest,
} from '@goldledger/contracts';
import type { z } from 'zod';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** A row of the admins' list, as the API answers it. */
export type Branch = z.infer<typeof BranchListResponse>['data'][number];

const LIST_PATH = '/api/admin/branches';

/** `GET /api/admin/branches` (admins): every branch, with its vault, staff and open loans. */
export function getBranches(options?: RequestOptions) {
  return api.get(LIST_PATH, BranchListResponse, options);
}

/** Keyed by the token: another admin signing in on this browser never sees a cached answer. */
export function useBranches() {
  const { token } = useAuth();
  return useSWR(token ? [LIST_PATH, token] : null, ([, t]: [string, string]) => getBranches({ token: t }));
}

/** `POST /api/admin/branches`: opens a branch; 409 when its code is taken. */
export function createBranch(body: z.output<typeof SaveBranchRequest>) {
  return api.post(LIST_PATH, body, BranchSavedResponse);
}

/** `PUT /api/admin/branches/{id}`: the whole of the details, at the version the admin saw (409 when stale). */
export function updateBranch(id: string, body: z.output<typeof UpdateBranchRequest>) {
  return api.put(`${LIST_PATH}/${encodeURIComponent(id)}`, body, BranchSavedResponse);
}
