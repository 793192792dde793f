import {
  formatBusinessDate,
  holidayOn,
  weekday,
  type HolidayCalendar,
  type HolidayCalendarEvent,
  type HolidayScope,
} from '@goldledger/contracts';
import { DomainError } from '../platform/decider.js';

type Actor = { id: string; name: string };

export type HolidayCommand =
  | { type: 'DeclareHoliday'; date: string; name: string; scope: HolidayScope; by: Actor; today: string }
  | { type: 'WithdrawHoliday'; date: string; scope: HolidayScope; reason: string; by: Actor; today: string };

/** How far ahead a holiday may be declared: to the end of the year after next (the Government notifies a year ahead). */
export const DECLARE_YEARS_AHEAD = 2;

/** "national" or "in Maharashtra", as a sentence says where a holiday is kept. */
export const whereKept = (scope: HolidayScope) =>
  scope === 'national' ? 'a national holiday' : `a holiday in ${scope}`;

function refuseThePast(date: string, today: string, doing: string): void {
  if (date < today) {
    throw new DomainError(
      `${formatBusinessDate(date)} has passed: a holiday can be ${doing} for today or a later day only (loans were already decided on the days before)`,
      'holiday_in_past',
      400,
    );
  }
}

/**
 * Declaring and withdrawing holidays, against the calendar as it stands. A declaration is
 * refused for a past day, a Sunday (never a working day), a day that is already a holiday
 * where it would be kept (in the same scope, or a state's day that is a national holiday),
 * or a day more than `DECLARE_YEARS_AHEAD` years ahead. A withdrawal is refused for a past
 * day and for a holiday that is not there.
 */
export function decideHoliday(c: HolidayCommand, cal: HolidayCalendar): HolidayCalendarEvent[] {
  const day = formatBusinessDate(c.date);
  switch (c.type) {
    case 'DeclareHoliday': {
      refuseThePast(c.date, c.today, 'declared');
      const lastYear = Number(c.today.slice(0, 4)) + DECLARE_YEARS_AHEAD;
      if (Number(c.date.slice(0, 4)) > lastYear) {
        throw new DomainError(
          `Holidays can be declared up to the end of ${lastYear}; ${day} is further ahead`,
          'holiday_too_far_ahead',
          400,
        );
      }
      if (weekday(c.date) === 0) {
        throw new DomainError(
          `${day} is a Sunday: Sundays are never working days, so it needs no holiday`,
          'holiday_on_sunday',
          400,
        );
      }
      const same = holidayOn(cal, c.scope, c.date);
      if (same) {
        throw new DomainError(`${day} is already ${whereKept(c.scope)}: ${same.name}`, 'holiday_exists', 409);
      }
      const national = c.scope === 'national' ? undefined : holidayOn(cal, 'national', c.date);
      if (national) {
        throw new DomainError(
          `${day} is already a national holiday (${national.name}): every state keeps it`,
          'holiday_exists',
          409,
        );
      }
      return [
        { type: 'HolidayDeclared', data: { date: c.date, name: c.name, scope: c.scope, declaredBy: c.by } },
      ];
    }
    case 'WithdrawHoliday': {
      refuseThePast(c.date, c.today, 'withdrawn');
      if (!holidayOn(cal, c.scope, c.date)) {
        const national = c.scope === 'national' ? undefined : holidayOn(cal, 'national', c.date);
        throw new DomainError(
          national
            ? `${day} is a national holiday (${national.name}), not ${whereKept(c.scope)}: withdraw it as national`
            : `${day} is not ${whereKept(c.scope)}: there is nothing to withdraw`,
          'holiday_not_found',
          404,
        );
      }
      return [
        {
          type: 'HolidayWithdrawn',
          data: { date: c.date, scope: c.scope, reason: c.reason, withdrawnBy: c.by },
        },
      ];
    }
    default: {
      const _exhaustive: never = c;
      return _exhaustive;
    }
  }
}
