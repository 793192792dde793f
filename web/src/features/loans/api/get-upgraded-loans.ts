import { UpgradedLoansResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import type { StaffArea } from '@/lib/staff-area';
import { LOANS_KEY } from './get-loans';

/** The upgraded-loans page size. */
export const UPGRADED_PAGE_SIZE = 10;

/** `GET /api/{area}/loans-with-upgrades?page&limit=10&status=active`. */
export function getUpgradedLoans(area: StaffArea, page: number, options?: RequestOptions) {
  return api.get(
    `/api/${area}/loans-with-upgrades?page=${page}&limit=${UPGRADED_PAGE_SIZE}&status=active`,
    UpgradedLoansResponse,
    options,
  );
}

/** Shares the loan lists' key prefix, so a payment or an edit refreshes it too. */
export function useUpgradedLoans(area: StaffArea, page: number) {
  const { token } = useAuth();
  return useSWR(
    token ? [LOANS_KEY, area, `upgrades:${page}`, token] : null,
    ([, a, , t]: [string, StaffArea, string, string]) => getUpgradedLoans(a, page, { token: t }),
    { keepPreviousData: true },
  );
}
