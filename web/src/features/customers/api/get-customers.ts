import { CustomerListResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import type { StaffArea } from '@/lib/staff-area';

export const CUSTOMERS_PAGE_SIZE = 20;

export interface CustomersQuery {
  /** Name, Aadhar, customer ID, email or either mobile; the server matches substrings. */
  search: string;
  page: number;
  /** One branch's customers (admins and auditors); absent or `''`: every branch the caller sees. */
  branchId?: string;
}

export function customersPath(area: StaffArea, { search, page, branchId }: CustomersQuery): string {
  const params = new URLSearchParams({ page: String(page), limit: String(CUSTOMERS_PAGE_SIZE) });
  const term = search.trim();
  if (term) params.set('search', term);
  if (branchId) params.set('branchId', branchId);
  return `/api/${area}/customers?${params.toString()}`;
}

/**
 * `GET /api/{area}/customers`: one page of customers, newest first, with their loan
 * counts and latest loan. Employees get Aadhar numbers masked by the server.
 */
export function getCustomers(area: StaffArea, query: CustomersQuery, options?: RequestOptions) {
  return api.get(customersPath(area, query), CustomerListResponse, options);
}

/** Keyed by area, query and token; the previous page stays on screen while the next loads. */
export function useCustomers(area: StaffArea, query: CustomersQuery) {
  const { token } = useAuth();
  return useSWR(
    token ? [customersPath(area, query), token] : null,
    ([, t]: [string, string]) => getCustomers(area, query, { token: t }),
    { keepPreviousData: true },
  );
}
