import { ReminderListResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

const OVERDUE_PATH = '/api/notifications/overdue-payments';

export function getOverduePayments(options?: RequestOptions) {
  return api.get(OVERDUE_PATH, ReminderListResponse, options);
}

/** `GET /api/notifications/overdue-payments`. */
export function useOverduePayments() {
  const { token } = useAuth();
  return useSWR(token ? [OVERDUE_PATH, token] : null, ([, t]: [string, string]) =>
    getOverduePayments({ token: t }),
  );
}
