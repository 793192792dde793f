import { MarginCallsResponse } from '@goldledger/contracts';
import type { z } from 'zod';
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import type { StaffArea } from '@/lib/staff-area';

export type MarginCalls = z.infer<typeof MarginCallsResponse>;
export type MarginCallFilter = 'open' | 'escalated';

export const marginCallsPath = (area: StaffArea, status: MarginCallFilter, page: number) =>
  `/api/${area}/margin-calls?status=${status}&page=${page}&limit=50`;

/**
 * `GET /api/{admin|employee}/margin-calls`: loans over their LTV cap at the day's gold
 * price, oldest call first (admins every branch, employees their own). Keyed by the token.
 */
export function useMarginCalls(area: StaffArea, status: MarginCallFilter, page: number) {
  const { token } = useAuth();
  return useSWR(token ? [marginCallsPath(area, status, page), token] : null, ([path, t]: [string, string]) =>
    api.get(path, MarginCallsResponse, { token: t }),
  );
}
