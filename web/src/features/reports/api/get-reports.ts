import { ReportsResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import type { StaffArea } from '@/lib/staff-area';

export interface MonthRange {
  /** `YYYY-MM`; both unset: the server's last 12 months. */
  from?: string;
  to?: string;
}

/** `/api/admin/reports?from=…&to=…` (the employee area's path for employees). */
export function reportsPath(area: StaffArea, range: MonthRange = {}): string {
  const query = new URLSearchParams();
  if (range.from) query.set('from', range.from);
  if (range.to) query.set('to', range.to);
  const qs = query.toString();
  return `/api/${area}/reports${qs ? `?${qs}` : ''}`;
}

/** `GET /api/{area}/reports`: the month-by-month figures, the book now and, for admins, gold returns. */
export function getReports(area: StaffArea, range: MonthRange, options?: RequestOptions) {
  return api.get(reportsPath(area, range), ReportsResponse, options);
}

/** Keyed by path and token: another user signing in on this browser never sees the last one's figures. */
export function useReports(area: StaffArea, range: MonthRange = {}) {
  const { token } = useAuth();
  return useSWR(token ? [reportsPath(area, range), token] : null, ([, t]: [string, string]) =>
    getReports(area, range, { token: t }),
  );
}
