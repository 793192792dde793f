import type { IndianState } from '../branches/branch-events.js';
import type { HolidayCalendarEvent, HolidayScope } from './holiday-events.js';

/** Days off as the working-day arithmetic reads them: date → what the day is. */
export type Holidays = Readonly<Record<string, string>>;

export interface HolidayEntry {
  date: string;
  name: string;
  scope: HolidayScope;
  /** Who declared it; null for the built-in base. */
  declaredBy: { id: string; name: string } | null;
  /** When it was declared (ISO); null for the built-in base. */
  declaredAt: string | null;
}

/** Every holiday in force, in date order (national before a state's on the same day). */
export interface HolidayCalendar {
  readonly entries: readonly HolidayEntry[];
}

const national = (date: string, name: string): HolidayEntry => ({
  date,
  name,
  scope: 'national',
  declaredBy: null,
  declaredAt: null,
});
const ofState = (scope: IndianState, date: string, name: string): HolidayEntry => ({
  ...national(date, name),
  scope,
});

/**
 * The built-in base: the holidays of the Central Government's offices throughout India
 * (the compulsory list of the Department of Personnel and Training) for 2026, with Holi,
 * and for 2027 the days whose dates are fixed already; the days the lending policy listed
 * before calendars moved out of it are all here. 1 May is Maharashtra Day in Maharashtra
 * only (in 2026 it is also Buddha Purnima, a national holiday). Admins declare the rest:
 * each state's own holidays and the 2027 festivals that follow the lunar calendar once
 * the Government's 2027 list is notified (docs/decisions.md, "Holiday calendars").
 */
export const BUILT_IN_HOLIDAYS: readonly HolidayEntry[] = Object.freeze([
  national('2026-01-26', 'Republic Day'),
  national('2026-03-04', 'Holi'),
  national('2026-03-21', 'Id-ul-Fitr'),
  national('2026-03-31', 'Mahavir Jayanti'),
  national('2026-04-03', 'Good Friday'),
  national('2026-05-01', 'Buddha Purnima'),
  ofState('Maharashtra', '2026-05-01', 'Maharashtra Day'),
  national('2026-05-27', 'Id-ul-Zuha (Bakrid)'),
  national('2026-06-26', 'Muharram'),
  national('2026-08-15', 'Independence Day'),
  national('2026-08-26', 'Milad-un-Nabi'),
  national('2026-10-02', 'Gandhi Jayanti'),
  national('2026-10-20', 'Dussehra'),
  national('2026-11-08', 'Diwali'),
  national('2026-11-24', 'Guru Nanak Jayanti'),
  national('2026-12-25', 'Christmas'),
  national('2027-01-26', 'Republic Day'),
  national('2027-03-22', 'Holi'),
  national('2027-03-26', 'Good Friday'),
  ofState('Maharashtra', '2027-05-01', 'Maharashtra Day'),
  national('2027-08-15', 'Independence Day'),
  national('2027-10-02', 'Gandhi Jayanti'),
  national('2027-10-29', 'Diwali'),
  national('2027-12-25', 'Christmas'),
]);

/** The calendar before any event: the built-in base. */
export const INITIAL_HOLIDAY_CALENDAR: HolidayCalendar = Object.freeze({ entries: BUILT_IN_HOLIDAYS });

const order = (a: HolidayEntry, b: HolidayEntry) =>
  a.date.localeCompare(b.date) ||
  (a.scope === 'national' ? -1 : b.scope === 'national' ? 1 : a.scope.localeCompare(b.scope));

/** The holiday kept in `scope` on `date` (a state's own, not the national one), if any. */
export const holidayOn = (
  cal: HolidayCalendar,
  scope: HolidayScope,
  date: string,
): HolidayEntry | undefined => cal.entries.find((h) => h.scope === scope && h.date === date);

/** The calendar after one more event of its stream. */
export function evolveHolidayCalendar(
  cal: HolidayCalendar,
  event: HolidayCalendarEvent & { occurredAt?: string | Date },
): HolidayCalendar {
  switch (event.type) {
    case 'HolidayDeclared': {
      const { date, name, scope, declaredBy } = event.data;
      const declaredAt = event.occurredAt === undefined ? null : new Date(event.occurredAt).toISOString();
      const others = cal.entries.filter((h) => !(h.scope === scope && h.date === date));
      return { entries: [...others, { date, name, scope, declaredBy, declaredAt }].sort(order) };
    }
    case 'HolidayWithdrawn': {
      const { date, scope } = event.data;
      return { entries: cal.entries.filter((h) => !(h.scope === scope && h.date === date)) };
    }
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/**
 * A state's calendar: the national holidays and the state's own (null: the national ones
 * only). A day that is both says both names.
 */
export function holidaysOf(cal: HolidayCalendar, state: IndianState | null): Holidays {
  const days: Record<string, string> = {};
  for (const h of cal.entries) {
    if (h.scope !== 'national' && h.scope !== state) continue;
    days[h.date] = days[h.date] ? `${days[h.date]} and ${h.name}` : h.name;
  }
  return days;
}

/**
 * The holidays of a year as the Holidays page lists them: with a state, the national ones
 * and that state's; without, every one (national and every state's).
 */
export function holidaysInYear(
  cal: HolidayCalendar,
  year: number,
  state: IndianState | null,
): HolidayEntry[] {
  const prefix = `${year}-`;
  return cal.entries.filter(
    (h) => h.date.startsWith(prefix) && (state === null || h.scope === 'national' || h.scope === state),
  );
}

/** The built-in national calendar: what a calculation with no branch counts on (the public calculator, the defaults). */
export const BUILT_IN_NATIONAL_HOLIDAYS: Holidays = Object.freeze(holidaysOf(INITIAL_HOLIDAY_CALENDAR, null));
