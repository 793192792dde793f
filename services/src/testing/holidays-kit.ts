import {
  HOLIDAY_CALENDAR_STREAM_ID,
  HOLIDAY_CALENDAR_STREAM_TYPE,
  type HolidayScope,
  type IndianState,
} from '@goldledger/contracts';
import type { EventStore } from '../platform/event-store/event-store.js';

export interface TestHoliday {
  date: string;
  name: string;
  /** The state it is kept in; omitted: a national holiday. */
  state?: IndianState;
  /** When it was declared (default: the date's noon in Kolkata). */
  declaredAt?: Date;
}

/**
 * Declares a holiday for a test, written as its event (as `openBranch` writes a branch): no
 * refusal for a day the test clock has passed, so a scenario can have a state holiday on a
 * due date, a closure or a release day of its past. The admin API (`POST /api/admin/holidays`)
 * is what people use; its refusals are tested in `holidays.int.test.ts`.
 *
 *   await declareTestHoliday(api, { date: '2026-11-02', name: 'Kannada Rajyotsava', state: 'Karnataka' });
 */
export async function declareTestHoliday(
  target: EventStore | { store: EventStore },
  holiday: TestHoliday,
): Promise<void> {
  const store = 'store' in target ? target.store : target;
  const scope: HolidayScope = holiday.state ?? 'national';
  const version = await store.streamVersion(HOLIDAY_CALENDAR_STREAM_ID);
  await store.append(
    HOLIDAY_CALENDAR_STREAM_ID,
    [
      {
        type: 'HolidayDeclared',
        data: {
          date: holiday.date,
          name: holiday.name,
          scope,
          declaredBy: { id: 'test', name: 'Test setup' },
        },
        occurredAt: holiday.declaredAt ?? new Date(`${holiday.date}T12:00:00+05:30`),
      },
    ],
    { streamType: HOLIDAY_CALENDAR_STREAM_TYPE, expectedVersion: version === 0 ? 'no_stream' : version },
  );
}

/** Withdraws a holiday for a test (a national one unless `state` is given), written as its event. */
export async function withdrawTestHoliday(
  target: EventStore | { store: EventStore },
  holiday: { date: string; reason: string; state?: IndianState },
): Promise<void> {
  const store = 'store' in target ? target.store : target;
  const version = await store.streamVersion(HOLIDAY_CALENDAR_STREAM_ID);
  await store.append(
    HOLIDAY_CALENDAR_STREAM_ID,
    [
      {
        type: 'HolidayWithdrawn',
        data: {
          date: holiday.date,
          scope: holiday.state ?? 'national',
          reason: holiday.reason,
          withdrawnBy: { id: 'test', name: 'Test setup' },
        },
        // Before the books of any test: the holiday never stood for the test's loans.
        occurredAt: new Date('2000-01-01T12:00:00+05:30'),
      },
    ],
    { streamType: HOLIDAY_CALENDAR_STREAM_TYPE, expectedVersion: version === 0 ? 'no_stream' : version },
  );
}
