import {
  GoldReturnActionResponse,
  GoldReturnDetailResponse,
  GoldReturnListResponse,
  GoldReturnStatsResponse,
  ProcessGoldReturnRemindersResponse,
  SendGoldReturnReminderResponse,
  type GoldReturnReminderType,
} from '@goldledger/contracts';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** 001 §7 "Gold returns": every path starts here; the revalidation below matches on it. */
const BASE = '/api/gold-returns';
const one = (loanId: string) => `${BASE}/${encodeURIComponent(loanId)}`;

/** The list's filter: `all` shows open returns first, then returned ones (the server's order). */
export type GoldReturnFilter = 'all' | 'pending' | 'scheduled' | 'overdue' | 'returned';

export interface GoldReturnListParams {
  status: GoldReturnFilter;
  search: string;
  page: number;
  limit: number;
}

export function goldReturnsPath({ status, search, page, limit }: GoldReturnListParams): string {
  const query = new URLSearchParams({ status, page: String(page), limit: String(limit) });
  if (search.trim()) query.set('search', search.trim());
  return `${BASE}/pending?${query.toString()}`;
}

/** `GET /api/gold-returns/pending`: closed loans whose gold is (or was) to be handed back. */
export function useGoldReturns(params: GoldReturnListParams) {
  const { token } = useAuth();
  const path = goldReturnsPath(params);
  return useSWR(token ? [path, token] : null, ([p, t]: [string, string]) =>
    api.get(p, GoldReturnListResponse, { token: t }),
  );
}

/** `GET /api/gold-returns/stats`: the tiles and the filter's counts. */
export function useGoldReturnStats() {
  const { token } = useAuth();
  return useSWR(token ? [`${BASE}/stats`, token] : null, ([p, t]: [string, string]) =>
    api.get(p, GoldReturnStatsResponse, { token: t }),
  );
}

/** `GET /api/gold-returns/{loanId}`: one return with its reminders and the next one due; asked while the dialog is open. */
export function useGoldReturnDetail(loanId: string | null) {
  const { token } = useAuth();
  return useSWR(loanId && token ? [one(loanId), token] : null, ([p, t]: [string, string]) =>
    api.get(p, GoldReturnDetailResponse, { token: t }),
  );
}

export function scheduleGoldReturn(loanId: string, body: { scheduledDate: string; notes: string | null }) {
  return api.post(`${one(loanId)}/schedule`, body, GoldReturnActionResponse);
}

export function markGoldReturned(loanId: string, body: { notes: string | null }) {
  return api.post(`${one(loanId)}/mark-returned`, body, GoldReturnActionResponse);
}

export function sendGoldReturnReminder(loanId: string, reminderType: GoldReturnReminderType) {
  return api.post(`${one(loanId)}/send-reminder`, { reminderType }, SendGoldReturnReminderResponse);
}

export function processGoldReturnReminders() {
  return api.post(`${BASE}/process-reminders`, {}, ProcessGoldReturnRemindersResponse);
}

/** After a change: the list, the tiles and any open details ask again (they then include it). */
export function useRevalidateGoldReturns() {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith(BASE));
}
