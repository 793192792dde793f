import type { Kysely } from 'kysely';
import {
  holidaysInYear,
  type HolidayEntry,
  type HolidayItem,
  type HolidayListQuery,
  type HolidayListResponse,
} from '@goldledger/contracts';
import type { EventStore } from '../platform/event-store/event-store.js';
import type { Database } from '../platform/platform.js';
import { branchStates, readHolidayCalendar } from './holiday-calendar.js';

/** A holiday as the Holidays page lists it. */
export const holidayItem = (h: HolidayEntry, today: string): HolidayItem => ({
  date: h.date,
  name: h.name,
  scope: h.scope,
  builtIn: h.declaredBy === null,
  declaredBy: h.declaredBy?.name ?? null,
  declaredAt: h.declaredAt,
  past: h.date < today,
});

/** A year's holidays (national and, with a state, that state's; without, every state's), and the states branches are in. */
export async function listHolidays(
  deps: { store: EventStore; db: Kysely<Database> },
  query: HolidayListQuery,
  today: string,
): Promise<HolidayListResponse> {
  const year = query.year ?? Number(today.slice(0, 4));
  const state = query.state ?? null;
  const [{ calendar }, branches] = await Promise.all([
    readHolidayCalendar(deps.store),
    branchStates(deps.db),
  ]);
  return {
    year,
    state,
    today,
    branchStates: [...new Set(branches.values())].sort(),
    data: holidaysInYear(calendar, year, state).map((h) => holidayItem(h, today)),
  };
}
