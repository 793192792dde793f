import { z } from 'zod';
import { IndianState } from '../branches/branch-events.js';
import { BusinessDate } from '../lending/dates.js';
import { HolidayName, HolidayScope } from './holiday-events.js';

/**
 * GET /admin/holidays?year=&state=: a year's holidays (default: this year's), with a state
 * the national ones and that state's, without every one.
 */
export const HolidayListQuery = z.object({
  year: z.coerce
    .number({ error: 'Year must be a year such as 2026' })
    .int('Year must be a year such as 2026')
    .min(2000, 'Year must be 2000 or later')
    .max(2100, 'Year must be 2100 or earlier')
    .optional(),
  state: z.preprocess((v) => (v === '' ? undefined : v), IndianState.optional()),
});
export type HolidayListQuery = z.infer<typeof HolidayListQuery>;

export const HolidayItem = z.object({
  date: z.string(),
  name: z.string(),
  scope: HolidayScope,
  /** Part of the built-in national list (no one declared it; it may still be withdrawn). */
  builtIn: z.boolean(),
  declaredBy: z.string().nullable(),
  declaredAt: z.string().nullable(),
  /** Whether the day has passed (a past holiday is history: it cannot be withdrawn). */
  past: z.boolean(),
});
export type HolidayItem = z.infer<typeof HolidayItem>;

export const HolidayListResponse = z.object({
  year: z.number().int(),
  state: IndianState.nullable(),
  /** The business date the list was read on. */
  today: z.string(),
  /** The states the lender has branches in: the page offers these first. */
  branchStates: z.array(IndianState),
  data: z.array(HolidayItem),
});
export type HolidayListResponse = z.infer<typeof HolidayListResponse>;

/** POST /admin/holidays: declare a holiday, national or in one state. */
export const DeclareHolidayRequest = z.object({
  date: BusinessDate,
  name: HolidayName,
  scope: HolidayScope,
});
export type DeclareHolidayRequest = z.infer<typeof DeclareHolidayRequest>;

/** POST /admin/holidays/withdraw: make a declared (or built-in) holiday a working day again. */
export const WithdrawHolidayRequest = z.object({
  date: BusinessDate,
  scope: HolidayScope,
  reason: z
    .string()
    .trim()
    .min(3, 'Please say why the holiday is withdrawn')
    .max(300, 'The reason is at most 300 characters'),
});
export type WithdrawHolidayRequest = z.infer<typeof WithdrawHolidayRequest>;

export const HolidaySavedResponse = z.object({ message: z.string(), data: HolidayItem.nullable() });
export type HolidaySavedResponse = z.infer<typeof HolidaySavedResponse>;
