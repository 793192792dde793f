import { z } from 'zod';
import { IndianState } from '../branches/branch-events.js';
import { BusinessDate } from '../lending/dates.js';

/**
 * The holiday calendars: one stream (`holiday-calendar`, stream type `holiday-calendar`)
 * of the holidays admins declare and withdraw, nationally or for one state. A branch's
 * calendar is the national holidays and its state's (`holidaysOf`); working days, grace
 * after a due date and release due-by dates are counted on it. The built-in base (the
 * national list for 2026 and 2027, `BUILT_IN_HOLIDAYS`) needs no event, as version 1 of
 * the lending policy needs none. Schema version 1.
 */
export const HOLIDAY_CALENDAR_STREAM_ID = 'holiday-calendar';
export const HOLIDAY_CALENDAR_STREAM_TYPE = 'holiday-calendar';

/** Where a holiday is kept: in every state (`national`) or in one state or union territory. */
export const HolidayScope = z.union([z.literal('national'), IndianState], {
  error: 'Please choose national or the state the holiday is kept in',
});
export type HolidayScope = z.infer<typeof HolidayScope>;

export const HolidayName = z
  .string()
  .trim()
  .min(2, 'Please give the holiday a name')
  .max(80, 'A holiday name is at most 80 characters');

export const HolidayActor = z.object({ id: z.string(), name: z.string() });

export const HolidayCalendarEvents = {
  /** An admin declared a holiday: the day is not a working day where it is kept. */
  HolidayDeclared: z.object({
    date: BusinessDate,
    name: HolidayName,
    scope: HolidayScope,
    declaredBy: HolidayActor,
  }),
  /** An admin withdrew a holiday (declared or built in): the day is a working day again there. */
  HolidayWithdrawn: z.object({
    date: BusinessDate,
    scope: HolidayScope,
    reason: z.string().trim().min(1).max(300),
    withdrawnBy: HolidayActor,
  }),
} as const;
export type HolidayCalendarEventType = keyof typeof HolidayCalendarEvents;
export type HolidayCalendarEvent = {
  [K in HolidayCalendarEventType]: { type: K; data: z.infer<(typeof HolidayCalendarEvents)[K]> };
}[HolidayCalendarEventType];
