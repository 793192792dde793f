import { PublicBranchListResponse } from '@goldledger/contracts';
import type { z } from 'zod';
import useSWR from 'swr';
import { api } from '@/lib/api-client';

export type PublicBranch = z.infer<typeof PublicBranchListResponse>['data'][number];

const PATH = '/api/branches';

/** `GET /api/branches`: every branch a visitor can walk into; public, no token. */
export function getPublicBranches() {
  return api.get(PATH, PublicBranchListResponse, { token: null });
}

export function usePublicBranches() {
  return useSWR(PATH, getPublicBranches, { revalidateOnFocus: false, shouldRetryOnError: false });
}
