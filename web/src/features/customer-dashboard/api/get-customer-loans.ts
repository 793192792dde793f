import { CustomerLoansResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** `GET /api/loans/customer`: the signed-in customer's loans, with payments and installments, and the portfolio. */
export function getCustomerLoans(options?: RequestOptions) {
  return api.get('/api/loans/customer', CustomerLoansResponse, options);
}

/**
 * Keyed by the token, so another customer signing in on this browser never sees the
 * last one's loans from the cache. Without a token nothing is asked (the screen says why).
 */
export function useCustomerLoans() {
  const { token } = useAuth();
  return useSWR(token ? ['/api/loans/customer', token] : null, ([, t]: [string, string]) =>
    getCustomerLoans({ token: t }),
  );
}
