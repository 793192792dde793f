import {
  CashBookBranchesResponse,
  CashBookDayResponse,
  type CashDirection,
  type DenominationCount,
} from '@goldledger/contracts';
import useSWR from 'swr';
import { z } from 'zod';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export type CashBookDay = z.infer<typeof CashBookDayResponse>;
const DayAnswer = z.object({ message: z.string(), data: CashBookDayResponse });

const BRANCHES_PATH = '/api/cash-book/branches';
const dayPath = (branchId: string, date: string) =>
  `/api/cash-book/${encodeURIComponent(branchId)}/${encodeURIComponent(date)}`;

/** `GET /api/cash-book/branches`: the branches whose book the signed-in person may open. */
export function useCashBookBranches() {
  const { token } = useAuth();
  return useSWR(token ? [BRANCHES_PATH, token] : null, ([path, t]: [string, string]) =>
    api.get(path, CashBookBranchesResponse, { token: t }),
  );
}

/** `GET /api/cash-book/{branchId}/{date}`: the day's opening, movements, count and close. */
export function useCashBookDay(branchId: string | null, date: string) {
  const { token } = useAuth();
  return useSWR(token && branchId ? [dayPath(branchId, date), token] : null, ([path, t]: [string, string]) =>
    api.get(path, CashBookDayResponse, { token: t }),
  );
}

/** `POST …/entries`: cash in or out of the drawer for a reason other than a loan. */
export function recordCashEntry(
  branchId: string,
  date: string,
  entry: { direction: CashDirection; amount: number; reason: string },
  options?: RequestOptions,
) {
  return api.post(`${dayPath(branchId, date)}/entries`, entry, DayAnswer, options);
}

/** `POST …/count`: pieces per denomination. */
export function countCash(
  branchId: string,
  date: string,
  count: DenominationCount,
  options?: RequestOptions,
) {
  return api.post(`${dayPath(branchId, date)}/count`, count, DayAnswer, options);
}

/** `POST …/close`: day-end close, with the day's version as seen and a reason for any difference. */
export function closeCashDay(
  branchId: string,
  date: string,
  body: { reason?: string; expectedVersion: number },
  options?: RequestOptions,
) {
  return api.post(`${dayPath(branchId, date)}/close`, body, DayAnswer, options);
}

/** `POST /api/cash-book/{branchId}/start` (admins): the opening cash the book starts from. */
export function startCashBook(
  branchId: string,
  body: { startDate: string; openingBalance: number },
  options?: RequestOptions,
) {
  return api.post(`/api/cash-book/${encodeURIComponent(branchId)}/start`, body, DayAnswer, options);
}

/** `GET …/report.pdf`: the day-end report. */
export function getDayReport(branchId: string, date: string) {
  return api.blob(`${dayPath(branchId, date)}/report.pdf`);
}
