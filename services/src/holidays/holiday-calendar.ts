import type { Kysely } from 'kysely';
import {
  HOLIDAY_CALENDAR_STREAM_ID,
  INITIAL_HOLIDAY_CALENDAR,
  evolveHolidayCalendar,
  holidaysOf,
  type HolidayCalendar,
  type HolidayCalendarEvent,
  type Holidays,
  type IndianState,
} from '@goldledger/contracts';
import { loadBranch } from '../branches/branch.state.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import type { Database } from '../platform/platform.js';
import { readModel } from '../platform/read-models.js';

/**
 * The holiday calendars, read from their own stream (not a read model): a declared holiday
 * moves due dates from the very next request, and the stream is tiny (a few dozen events a
 * year), as the lending policy's is.
 */
export async function readHolidayCalendar(
  store: EventStore,
): Promise<{ calendar: HolidayCalendar; version: number }> {
  const { version, events } = await store.readStream(HOLIDAY_CALENDAR_STREAM_ID);
  const calendar = events.reduce<HolidayCalendar>(
    (cal, e) =>
      evolveHolidayCalendar(cal, {
        ...(e as unknown as HolidayCalendarEvent),
        occurredAt: e.occurredAt,
      }),
    INITIAL_HOLIDAY_CALENDAR,
  );
  return { calendar, version };
}

/** The national holidays as they stand (what is counted without a branch: gold prices, the calculator). */
export async function nationalHolidays(store: EventStore): Promise<Holidays> {
  return holidaysOf((await readHolidayCalendar(store)).calendar, null);
}

/** A branch's state (its stream; the default branch is in Karnataka until edited). Null for no such branch. */
export async function branchStateOf(store: EventStore, branchId: string): Promise<IndianState | null> {
  return (await loadBranch(store, branchId)).state?.state ?? null;
}

/** The calendar a branch counts working days on: the national holidays and its state's. */
export type BranchCalendars = (branchId: string) => Promise<Holidays>;

/**
 * The calendars of one command or one read: the calendar stream read once, each branch's
 * state read from its stream the first time a branch is asked for (a loan's branch never
 * changes; a branch's state only by an admin's edit, which the next command reads).
 */
export async function branchCalendars(store: EventStore): Promise<BranchCalendars> {
  const { calendar } = await readHolidayCalendar(store);
  const asked = new Map<string, Promise<Holidays>>();
  return (branchId) => {
    let found = asked.get(branchId);
    if (!found) {
      found = branchStateOf(store, branchId).then((state) => holidaysOf(calendar, state));
      asked.set(branchId, found);
    }
    return found;
  };
}

/**
 * Every branch's state, from the branches read model (one indexed read of a handful of rows;
 * the default branch is there before it is written). Lists over many loans read read models
 * anyway, so a branch opened a moment ago is as far behind here as its loans are there.
 */
export async function branchStates(db: Kysely<Database>): Promise<Map<string, IndianState>> {
  const rows = await readModel(db, 'rm_branches')
    .selectFrom('branches')
    .select(['branch_id', 'state'])
    .execute();
  return new Map(rows.map((r) => [r.branch_id, r.state]));
}

/** Every branch's calendar at once, for lists over many loans (branches are a handful). */
export interface CalendarBook {
  national: Holidays;
  /** A branch's calendar; the national one for a branch not known (none is: loans name existing branches). */
  ofBranch(branchId: string): Holidays;
}

export async function loadCalendarBook(store: EventStore, db: Kysely<Database>): Promise<CalendarBook> {
  const [{ calendar }, states] = await Promise.all([readHolidayCalendar(store), branchStates(db)]);
  const national = holidaysOf(calendar, null);
  const byState = new Map<IndianState, Holidays>();
  const byBranch = new Map<string, Holidays>();
  for (const [branchId, state] of states) {
    if (!byState.has(state)) byState.set(state, holidaysOf(calendar, state));
    byBranch.set(branchId, byState.get(state)!);
  }
  return { national, ofBranch: (branchId) => byBranch.get(branchId) ?? national };
}
