import {
  HolidayListResponse,
  HolidaySavedResponse,
  type DeclareHolidayRequest,
  type IndianState,
  type WithdrawHolidayRequest,
} from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

const PATH = '/api/admin/holidays';

export interface HolidayFilter {
  year: number;
  /** A state: its holidays and the national ones; null: every holiday of the year. */
  state: IndianState | null;
}

const query = ({ year, state }: HolidayFilter) =>
  `${PATH}?year=${year}${state ? `&state=${encodeURIComponent(state)}` : ''}`;

/** `GET /api/admin/holidays?year=&state=` (staff and auditors): a year's holidays. */
export function getHolidays(filter: HolidayFilter, options?: RequestOptions) {
  return api.get(query(filter), HolidayListResponse, options);
}

/** Keyed by the token and the filter: another person signing in on this browser never sees a cached answer. */
export function useHolidays(filter: HolidayFilter) {
  const { token } = useAuth();
  return useSWR(token ? [query(filter), token] : null, ([, t]: [string, string]) =>
    getHolidays(filter, { token: t }),
  );
}

/** `POST /api/admin/holidays` (admins): declares a national or a state holiday. */
export function declareHoliday(body: DeclareHolidayRequest) {
  return api.post(PATH, body, HolidaySavedResponse);
}

/** `POST /api/admin/holidays/withdraw` (admins): the day is a working day there again. */
export function withdrawHoliday(body: WithdrawHolidayRequest) {
  return api.post(`${PATH}/withdraw`, body, HolidaySavedResponse);
}
