import { LoanListResponse } from '@goldledger/contracts';
import useSWR, { mutate, preload } from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { authSession } from '@/lib/auth-session';
import type { StaffArea } from '@/lib/staff-area';

export type LoanTab = 'all' | 'active' | 'closed';
export type LoanSort = 'createdAt' | 'amount' | 'name' | 'loanId';

export interface LoanListParams {
  search: string;
  status: LoanTab;
  page: number;
  limit: number;
  sort: LoanSort;
  order: 'asc' | 'desc';
  /** One branch's loans (admins and auditors); `''`: every branch the caller sees. */
  branchId: string;
  /** Only loans of this asset class (issue 18); `''` (or absent): every class. */
  delinquencyClass?: '' | 'sma_0' | 'sma_1' | 'sma_2' | 'npa';
}

/** What a loans table asks for when it opens: newest first, 20 a page, no search. */
export const FIRST_LIST_PARAMS: LoanListParams = {
  search: '',
  status: 'all',
  page: 1,
  limit: 20,
  sort: 'createdAt',
  order: 'desc',
  branchId: '',
};

/** The query string the list endpoint reads (an empty search is left out). */
export function loanListQuery(p: LoanListParams): string {
  const q = new URLSearchParams();
  if (p.search.trim()) q.set('search', p.search.trim());
  q.set('status', p.status);
  q.set('page', String(p.page));
  q.set('limit', String(p.limit));
  q.set('sort', p.sort);
  q.set('order', p.order);
  if (p.branchId) q.set('branchId', p.branchId);
  if (p.delinquencyClass) q.set('delinquencyClass', p.delinquencyClass);
  return q.toString();
}

/** The key prefix of every loan list (for revalidation after a change). */
export const LOANS_KEY = 'loans-list';

/**
 * Every loan list on screen (both tables, every page, the upgraded loans) asks again:
 * after a payment, approval, edit, renewal or deletion. The client sends the write's
 * position with these reads, so the answers already include it.
 */
export function revalidateLoanLists() {
  return mutate((key) => Array.isArray(key) && key[0] === LOANS_KEY);
}

/** `GET /api/{area}/loans`: one page of the loan book, the tab counts and the portfolio. */
export function getLoans(area: StaffArea, query: string, options?: RequestOptions) {
  return api.get(`/api/${area}/loans?${query}`, LoanListResponse, options);
}

const fetchLoans = ([, a, q, t]: [string, StaffArea, string, string]) => getLoans(a, q, { token: t });

/**
 * Starts loading the first page while the page's code and the session check are still
 * on their way (app/router.tsx preloads a route's data with its code); the table then
 * finds the answer in SWR's cache. An expired token gets 401 and ends the session, as
 * any request would; nothing is shown before the session check has passed.
 */
export function preloadLoans(area: StaffArea): void {
  const { token, user } = authSession.get();
  // Only for the area's own role: anyone else is sent away by the guard, not asked for data.
  if (!token || user?.role !== area) return;
  // A refusal here is met again, and shown, by the table's own request.
  preload([LOANS_KEY, area, loanListQuery(FIRST_LIST_PARAMS), token], fetchLoans).catch(() => undefined);
}

/**
 * Keyed by area, query and token; the previous page stays on screen while the next
 * one loads, so typing in the search box does not flash the table empty.
 */
export function useLoans(area: StaffArea, params: LoanListParams) {
  const { token } = useAuth();
  const query = loanListQuery(params);
  return useSWR(token ? [LOANS_KEY, area, query, token] : null, fetchLoans, { keepPreviousData: true });
}
