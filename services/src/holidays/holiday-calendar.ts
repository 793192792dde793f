import type { Kysely } from 'kysely';
import {
  DEFAULT_BRANCH_ID,
  HOLIDAY_CALENDAR_STREAM_ID,
  INITIAL_HOLIDAY_CALENDAR,
  evolveHolidayCalendar,
  holidaysOf,
  type HolidayCalendar,
  type HolidayCalendarEvent,
  type Holidays,
  type IndianState,
} from '@goldledger/contracts';
import { branchesInScope, loadBranch } from '../branches/branch.state.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import type { Database } from '../platform/platform.js';

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

/** Every branch's calendar at once, for lists over many loans (branches are a handful). */
export interface CalendarBook {
  national: Holidays;
  /** A branch's calendar; the national one for a branch not known (none is: loans name existing branches). */
  ofBranch(branchId: string): Holidays;
}

export async function loadCalendarBook(store: EventStore, db: Kysely<Database>): Promise<CalendarBook> {
  const [{ calendar }, branches] = await Promise.all([
    readHolidayCalendar(store),
    branchesInScope(db, store),
  ]);
  const national = holidaysOf(calendar, null);
  const byState = new Map<IndianState, Holidays>();
  const byBranch = new Map<string, Holidays>();
  for (const b of branches) {
    if (!byState.has(b.state)) byState.set(b.state, holidaysOf(calendar, b.state));
    byBranch.set(b.branchId, byState.get(b.state)!);
  }
  return { national, ofBranch: (branchId) => byBranch.get(branchId) ?? national };
}

/** The default branch's calendar (a single-branch installation's only one). */
export const defaultBranchCalendar = (store: EventStore) =>
  branchCalendars(store).then((of) => of(DEFAULT_BRANCH_ID));
