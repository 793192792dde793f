import { CashPositionResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export const CASH_POSITION_PATH = '/api/admin/cash-position';

/** `GET /api/admin/cash-position` (admins): today's expected cash in each branch's drawer. */
export function getCashPosition(options?: RequestOptions) {
  return api.get(CASH_POSITION_PATH, CashPositionResponse, options);
}

export function useCashPosition() {
  const { token } = useAuth();
  return useSWR(token ? [CASH_POSITION_PATH, token] : null, ([, t]: [string, string]) =>
    getCashPosition({ token: t }),
  );
}
