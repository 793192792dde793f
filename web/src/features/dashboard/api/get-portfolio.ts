import { LoanListResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import type { StaffArea } from '@/lib/staff-area';

/** One row is enough: the list's answer carries the whole book's portfolio. */
export const portfolioPath = (area: StaffArea) => `/api/${area}/loans?limit=1`;

/** `GET /api/{area}/loans?limit=1`: its `portfolio` (Total Loans, Active, Closed, Total Amount). */
export function getPortfolio(area: StaffArea, options?: RequestOptions) {
  return api.get(portfolioPath(area), LoanListResponse, options);
}

/**
 * Keyed under the loans feature's list key ('loans-list', features/loans/api/get-loans.ts):
 * a payment, renewal or deletion in the dashboard's loans table revalidates every key
 * starting with it, so these totals follow without the features knowing each other.
 */
const LOANS_LIST_KEY = 'loans-list';

export function usePortfolio(area: StaffArea) {
  const { token } = useAuth();
  return useSWR(
    token ? [LOANS_LIST_KEY, area, 'portfolio', token] : null,
    ([, , , t]: [string, StaffArea, string, string]) => getPortfolio(area, { token: t }),
  );
}
