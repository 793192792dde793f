import { addDays, weekday } from './dates.js';
import { LENDING_POLICY, type LendingPolicy } from './policy.js';

/** The lender's business timezone: due dates, schedules, job runs and "today" on every screen. */
export const BUSINESS_TIME_ZONE = 'Asia/Kolkata';

const businessDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `YYYY-MM-DD` of an instant in Asia/Kolkata (23:00 UTC is already the next day there). */
export function businessDate(at: Date): string {
  return businessDay.format(at);
}

/**
 * The days off working days are counted on: a policy as applied carries its place's
 * calendar (a loan's: its branch's state's national and state holidays).
 */
export type WorkingCalendar = Pick<LendingPolicy, 'holidays'>;

/** Why a date is not a working day (a Sunday or a holiday of the calendar), or null when it is one. */
export function nonWorkingReason(date: string, policy: WorkingCalendar = LENDING_POLICY): string | null {
  const holiday = policy.holidays[date];
  if (holiday) return holiday;
  return weekday(date) === 0 ? 'Sunday' : null;
}

/** The first working day after `date`. */
export function nextWorkingDay(date: string, policy: WorkingCalendar = LENDING_POLICY): string {
  let d = addDays(date, 1);
  while (nonWorkingReason(d, policy)) d = addDays(d, 1);
  return d;
}

/** The last day a due date may be paid without being overdue: itself, or the next working day after a holiday. */
export const graceEndOf = (dueDate: string, policy: WorkingCalendar = LENDING_POLICY): string =>
  nonWorkingReason(dueDate, policy) ? nextWorkingDay(dueDate, policy) : dueDate;

/** The release promise: the gold goes back within this many working days of closure. */
export function releaseDueBy(
  closedOn: string,
  policy: WorkingCalendar & Pick<LendingPolicy, 'goldReleaseWorkingDays'> = LENDING_POLICY,
): string {
  let d = closedOn;
  for (let n = 0; n < policy.goldReleaseWorkingDays; n++) d = nextWorkingDay(d, policy);
  return d;
}

/** Working days after `from` up to and including `to` (0 when `to` is not later). */
export function workingDaysBetween(
  from: string,
  to: string,
  policy: WorkingCalendar = LENDING_POLICY,
): number {
  let n = 0;
  for (let d = nextWorkingDay(from, policy); d <= to; d = nextWorkingDay(d, policy)) n += 1;
  return n;
}
