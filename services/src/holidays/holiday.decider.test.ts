import {
  INITIAL_HOLIDAY_CALENDAR,
  evolveHolidayCalendar,
  type HolidayCalendarEvent,
  type HolidayScope,
} from '@goldledger/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.js';
import { decideHoliday, type HolidayCommand } from './holiday.decider.js';

const spec = deciderSpec({
  decide: decideHoliday,
  evolve: evolveHolidayCalendar,
  initialState: () => INITIAL_HOLIDAY_CALENDAR,
});
const by = { id: 'a', name: 'Asha Admin' };
const TODAY = '2026-11-21';
const declare = (date: string, scope: HolidayScope, name = 'Local holiday'): HolidayCommand => ({
  type: 'DeclareHoliday',
  date,
  name,
  scope,
  by,
  today: TODAY,
});
const rajyotsava: HolidayCalendarEvent = {
  type: 'HolidayDeclared',
  data: { date: '2026-12-01', name: 'Local holiday', scope: 'Karnataka', declaredBy: by },
};

describe('declaring a holiday', () => {
  it('records a national or a state holiday from today on', () => {
    spec
      .given([])
      .when(declare(TODAY, 'Karnataka'))
      .then([
        {
          type: 'HolidayDeclared',
          data: { date: TODAY, name: 'Local holiday', scope: 'Karnataka', declaredBy: by },
        },
      ]);
    spec
      .given([])
      .when(declare('2028-12-30', 'national', 'Year end'))
      .then([
        {
          type: 'HolidayDeclared',
          data: { date: '2028-12-30', name: 'Year end', scope: 'national', declaredBy: by },
        },
      ]);
  });

  it('refuses a past day, a Sunday, a day too far ahead and a day already a holiday there', () => {
    spec
      .given([])
      .when(declare('2026-11-20', 'Goa'))
      .thenThrows(/20 Nov 2026 has passed/);
    spec
      .given([])
      .when(declare('2026-11-22', 'Goa'))
      .thenThrows('22 Nov 2026 is a Sunday: Sundays are never working days, so it needs no holiday');
    spec
      .given([])
      .when(declare('2029-01-02', 'Goa'))
      .thenThrows('Holidays can be declared up to the end of 2028; 2 Jan 2029 is further ahead');
    spec
      .given([rajyotsava])
      .when(declare('2026-12-01', 'Karnataka'))
      .thenThrows('1 Dec 2026 is already a holiday in Karnataka: Local holiday');
    spec
      .given([])
      .when(declare('2027-10-29', 'Kerala'))
      .thenThrows('29 Oct 2027 is already a national holiday (Diwali): every state keeps it');
  });

  it('lets another state or the nation keep a day a state already keeps', () => {
    spec
      .given([rajyotsava])
      .when(declare('2026-12-01', 'Goa'))
      .then([
        {
          type: 'HolidayDeclared',
          data: { date: '2026-12-01', name: 'Local holiday', scope: 'Goa', declaredBy: by },
        },
      ]);
    spec
      .given([rajyotsava])
      .when(declare('2026-12-01', 'national', 'Bank holiday'))
      .then([
        {
          type: 'HolidayDeclared',
          data: { date: '2026-12-01', name: 'Bank holiday', scope: 'national', declaredBy: by },
        },
      ]);
  });
});

describe('withdrawing a holiday', () => {
  const withdraw = (date: string, scope: 'national' | 'Karnataka'): HolidayCommand => ({
    type: 'WithdrawHoliday',
    date,
    scope,
    reason: 'Declared by mistake',
    by,
    today: TODAY,
  });

  it('withdraws a declared holiday or a built-in one', () => {
    spec
      .given([rajyotsava])
      .when(withdraw('2026-12-01', 'Karnataka'))
      .then([
        {
          type: 'HolidayWithdrawn',
          data: { date: '2026-12-01', scope: 'Karnataka', reason: 'Declared by mistake', withdrawnBy: by },
        },
      ]);
    spec
      .given([])
      .when(withdraw('2026-12-25', 'national'))
      .then([
        {
          type: 'HolidayWithdrawn',
          data: { date: '2026-12-25', scope: 'national', reason: 'Declared by mistake', withdrawnBy: by },
        },
      ]);
  });

  it('refuses a past holiday and one that is not there', () => {
    spec
      .given([])
      .when(withdraw('2026-10-02', 'national'))
      .thenThrows(/2 Oct 2026 has passed/);
    spec
      .given([])
      .when(withdraw('2026-12-01', 'Karnataka'))
      .thenThrows('1 Dec 2026 is not a holiday in Karnataka: there is nothing to withdraw');
  });
});
