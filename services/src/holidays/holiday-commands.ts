import {
  businessDate,
  HOLIDAY_CALENDAR_STREAM_ID,
  HOLIDAY_CALENDAR_STREAM_TYPE,
  INITIAL_HOLIDAY_CALENDAR,
  evolveHolidayCalendar,
  type EventMetadata,
  type HolidayCalendar,
  type HolidayCalendarEvent,
} from '@goldledger/contracts';
import { handle, type CommandDeps } from '../platform/command-handler.js';
import { decideHoliday, type HolidayCommand } from './holiday.decider.js';

type WithoutToday<C> = C extends unknown ? Omit<C, 'today'> : never;

/**
 * Load the calendar stream, decide, append at the version read: two admins declaring the
 * same day at once cannot both succeed (the second decides again and is refused). No
 * maker-checker: a calendar change is a public fact copied from a Government notification,
 * not a credit decision (docs/decisions.md, "Holiday calendars").
 */
export async function executeHolidayCommand(
  { store, clock }: CommandDeps,
  command: WithoutToday<HolidayCommand>,
  metadata: EventMetadata = {},
): Promise<HolidayCalendar> {
  const now = clock.now();
  const { state } = await handle<HolidayCalendar>(
    store,
    HOLIDAY_CALENDAR_STREAM_ID,
    ({ state }) =>
      decideHoliday({ ...command, today: businessDate(now) } as HolidayCommand, state).map((e) => ({
        ...e,
        occurredAt: now,
      })),
    {
      streamType: HOLIDAY_CALENDAR_STREAM_TYPE,
      initialState: () => INITIAL_HOLIDAY_CALENDAR,
      evolve: (cal, e) =>
        evolveHolidayCalendar(cal, e as unknown as HolidayCalendarEvent & { occurredAt?: Date }),
      metadata,
    },
  );
  return state;
}
