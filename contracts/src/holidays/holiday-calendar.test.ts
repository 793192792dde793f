import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INDIAN_STATES } from '../branches/branch-events.js';
import {
  graceEndOf,
  nextWorkingDay,
  nonWorkingReason,
  releaseDueBy,
  workingDaysBetween,
} from '../lending/calendar.js';
import { addDays, weekday } from '../lending/dates.js';
import { LENDING_POLICY } from '../lending/policy.js';
import {
  BUILT_IN_HOLIDAYS,
  BUILT_IN_NATIONAL_HOLIDAYS,
  evolveHolidayCalendar,
  holidaysInYear,
  holidaysOf,
  INITIAL_HOLIDAY_CALENDAR,
  type HolidayCalendar,
} from './holiday-calendar.js';
import type { HolidayCalendarEvent, HolidayScope } from './holiday-events.js';

const by = { id: 'a', name: 'Asha Admin' };
const declared = (date: string, name: string, scope: HolidayScope): HolidayCalendarEvent => ({
  type: 'HolidayDeclared',
  data: { date, name, scope, declaredBy: by },
});
const withdrawn = (date: string, scope: HolidayScope): HolidayCalendarEvent => ({
  type: 'HolidayWithdrawn',
  data: { date, scope, reason: 'Mistake', withdrawnBy: by },
});
const fold = (events: HolidayCalendarEvent[]): HolidayCalendar =>
  events.reduce(evolveHolidayCalendar, INITIAL_HOLIDAY_CALENDAR);

describe('the built-in calendar', () => {
  it('keeps every day the lending policy listed, with Maharashtra Day a holiday of Maharashtra only', () => {
    const before: Record<string, string> = {
      '2026-01-26': 'Republic Day',
      '2026-03-04': 'Holi',
      '2026-03-21': 'Id-ul-Fitr',
      '2026-04-03': 'Good Friday',
      '2026-08-15': 'Independence Day',
      '2026-10-02': 'Gandhi Jayanti',
      '2026-10-20': 'Dussehra',
      '2026-11-08': 'Diwali',
      '2026-12-25': 'Christmas',
      '2027-01-26': 'Republic Day',
      '2027-03-22': 'Holi',
      '2027-08-15': 'Independence Day',
      '2027-10-02': 'Gandhi Jayanti',
      '2027-10-29': 'Diwali',
      '2027-12-25': 'Christmas',
    };
    for (const [date, name] of Object.entries(before)) expect(BUILT_IN_NATIONAL_HOLIDAYS[date]).toBe(name);
    expect(holidaysOf(INITIAL_HOLIDAY_CALENDAR, 'Maharashtra')['2027-05-01']).toBe('Maharashtra Day');
    expect(holidaysOf(INITIAL_HOLIDAY_CALENDAR, 'Karnataka')['2027-05-01']).toBeUndefined();
    // 1 May 2026 is Buddha Purnima everywhere, and Maharashtra Day too in Maharashtra.
    expect(holidaysOf(INITIAL_HOLIDAY_CALENDAR, 'Maharashtra')['2026-05-01']).toBe(
      'Buddha Purnima and Maharashtra Day',
    );
    expect(holidaysOf(INITIAL_HOLIDAY_CALENDAR, 'Kerala')['2026-05-01']).toBe('Buddha Purnima');
  });

  it('covers 2026 and 2027, in date order, each date real', () => {
    const years = new Set(BUILT_IN_HOLIDAYS.map((h) => h.date.slice(0, 4)));
    expect([...years]).toEqual(['2026', '2027']);
    const dates = BUILT_IN_HOLIDAYS.map((h) => h.date);
    expect([...dates].sort()).toEqual(dates);
    for (const d of dates) expect(new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10)).toBe(d);
    expect(LENDING_POLICY.holidays).toBe(BUILT_IN_NATIONAL_HOLIDAYS);
  });
});

describe('the fold', () => {
  it('adds a state holiday to that state’s calendar only, and a national one to every state’s', () => {
    const cal = fold([
      declared('2026-11-02', 'Kannada Rajyotsava', 'Karnataka'),
      declared('2026-09-04', 'Janmashtami', 'national'),
    ]);
    expect(holidaysOf(cal, 'Karnataka')['2026-11-02']).toBe('Kannada Rajyotsava');
    expect(holidaysOf(cal, 'Tamil Nadu')['2026-11-02']).toBeUndefined();
    expect(holidaysOf(cal, null)['2026-11-02']).toBeUndefined();
    for (const state of INDIAN_STATES) expect(holidaysOf(cal, state)['2026-09-04']).toBe('Janmashtami');
    expect(holidaysInYear(cal, 2026, 'Karnataka').map((h) => h.date)).toContain('2026-11-02');
    expect(holidaysInYear(cal, 2026, 'Goa').map((h) => h.date)).not.toContain('2026-11-02');
    expect(holidaysInYear(cal, 2026, null).filter((h) => h.date === '2026-11-02')).toHaveLength(1);
  });

  it('withdraws a declared or a built-in holiday from its scope only', () => {
    const cal = fold([
      declared('2026-11-02', 'Kannada Rajyotsava', 'Karnataka'),
      withdrawn('2026-11-02', 'Karnataka'),
      withdrawn('2026-03-04', 'national'),
      withdrawn('2026-05-01', 'Maharashtra'),
    ]);
    expect(holidaysOf(cal, 'Karnataka')['2026-11-02']).toBeUndefined();
    expect(holidaysOf(cal, 'Karnataka')['2026-03-04']).toBeUndefined();
    expect(holidaysOf(cal, 'Maharashtra')['2026-05-01']).toBe('Buddha Purnima');
  });

  it('is the union of the national and the state’s holidays for any history (property)', () => {
    const day = fc.integer({ min: 0, max: 729 }).map((n) => addDays('2026-01-01', n));
    const scope = fc.constantFrom<HolidayScope>('national', 'Maharashtra', 'Karnataka', 'Goa');
    const event = fc.oneof(
      fc.tuple(day, scope).map(([d, s]) => declared(d, `H ${d}`, s)),
      fc.tuple(day, scope).map(([d, s]) => withdrawn(d, s)),
    );
    fc.assert(
      fc.property(
        fc.array(event, { maxLength: 40 }),
        fc.constantFrom('Maharashtra', 'Karnataka', 'Goa' as const),
        (events, state) => {
          const cal = fold(events);
          const mine = holidaysOf(cal, state);
          const national = holidaysOf(cal, null);
          const own = cal.entries.filter((h) => h.scope === state).map((h) => h.date);
          expect(Object.keys(mine).sort()).toEqual([...new Set([...Object.keys(national), ...own])].sort());
          // One entry per scope and day, whatever was declared twice.
          const keys = cal.entries.map((h) => `${h.scope}|${h.date}`);
          expect(new Set(keys).size).toBe(keys.length);
        },
      ),
    );
  });
});

describe('working days on a state’s calendar', () => {
  // Monday 21 December 2026, a holiday in Maharashtra only.
  const cal = fold([declared('2026-12-21', 'Local holiday', 'Maharashtra')]);
  const maharashtra = { ...LENDING_POLICY, holidays: holidaysOf(cal, 'Maharashtra') };
  const karnataka = { ...LENDING_POLICY, holidays: holidaysOf(cal, 'Karnataka') };

  it('gives a due date on the state holiday grace to the next working day there only', () => {
    expect(nonWorkingReason('2026-12-21', maharashtra)).toBe('Local holiday');
    expect(nonWorkingReason('2026-12-21', karnataka)).toBeNull();
    expect(graceEndOf('2026-12-21', maharashtra)).toBe('2026-12-22');
    expect(graceEndOf('2026-12-21', karnataka)).toBe('2026-12-21');
    // Saturday 19th: the next working day skips Sunday and the holiday in Maharashtra.
    expect(nextWorkingDay('2026-12-19', maharashtra)).toBe('2026-12-22');
    expect(nextWorkingDay('2026-12-19', karnataka)).toBe('2026-12-21');
  });

  it('counts release days and days late without the state holiday', () => {
    // Closed Monday 14 December: 7 working days (Sunday 20th, and the 21st in Maharashtra, skipped).
    expect(releaseDueBy('2026-12-14', karnataka)).toBe('2026-12-22');
    expect(releaseDueBy('2026-12-14', maharashtra)).toBe('2026-12-23');
    expect(workingDaysBetween('2026-12-18', '2026-12-23', karnataka)).toBe(4);
    expect(workingDaysBetween('2026-12-18', '2026-12-23', maharashtra)).toBe(3);
  });

  it('never makes a state’s working days more than the national ones (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 700 }), fc.integer({ min: 0, max: 60 }), (start, span) => {
        const from = addDays('2026-01-01', start);
        const to = addDays(from, span);
        const national = { holidays: holidaysOf(cal, null) };
        expect(workingDaysBetween(from, to, maharashtra)).toBeLessThanOrEqual(
          workingDaysBetween(from, to, national),
        );
        expect(weekday(graceEndOf(to, maharashtra))).not.toBe(0);
      }),
    );
  });
});
