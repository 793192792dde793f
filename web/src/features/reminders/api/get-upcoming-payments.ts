import { ReminderListResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import type { DayWindow } from './reminder-keys';

const upcomingPath = (days: DayWindow) => `/api/notifications/upcoming-payments?days=${days}`;

export function getUpcomingPayments(days: DayWindow, options?: RequestOptions) {
  return api.get(upcomingPath(days), ReminderListResponse, options);
}

/** `GET /api/notifications/upcoming-payments?days=`: installments due within the window. */
export function useUpcomingPayments(days: DayWindow) {
  const { token } = useAuth();
  return useSWR(
    token ? [upcomingPath(days), days, token] : null,
    ([, d, t]: [string, DayWindow, string]) => getUpcomingPayments(d, { token: t }),
    { keepPreviousData: true },
  );
}
