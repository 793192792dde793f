import { GoldLoanReviewResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export interface DayRange {
  /** `YYYY-MM-DD`; both unset: the server's last 90 days. */
  from?: string;
  to?: string;
}

/** `/api/admin/reports/gold-loan-review?from=…&to=…` */
export function goldLoanReviewPath(range: DayRange = {}): string {
  const query = new URLSearchParams();
  if (range.from) query.set('from', range.from);
  if (range.to) query.set('to', range.to);
  const qs = query.toString();
  return `/api/admin/reports/gold-loan-review${qs ? `?${qs}` : ''}`;
}

/** `GET /api/admin/reports/gold-loan-review`: what RBI's 2024 review named, for admins and auditors. */
export function getGoldLoanReview(range: DayRange, options?: RequestOptions) {
  return api.get(goldLoanReviewPath(range), GoldLoanReviewResponse, options);
}

/** Keyed by path and token, as the other reports. */
export function useGoldLoanReview(range: DayRange = {}) {
  const { token } = useAuth();
  return useSWR(token ? [goldLoanReviewPath(range), token] : null, ([, t]: [string, string]) =>
    getGoldLoanReview(range, { token: t }),
  );
}
