import { z } from 'zod';

/** A business date in Asia/Kolkata, `YYYY-MM-DD`. */
export const BusinessDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be in the form YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'Date is not a real calendar date');
export type BusinessDate = string;

const DAY_MS = 86_400_000;
const utc = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10));
const fmt = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((utc(to) - utc(from)) / DAY_MS);
export const addDays = (date: string, days: number): string => fmt(utc(date) + days * DAY_MS);
export const minDate = (a: string, b: string): string => (a <= b ? a : b);
export const maxDate = (a: string, b: string): string => (a >= b ? a : b);
/** 0 = Sunday … 6 = Saturday. */
export const weekday = (date: string): number => new Date(utc(date)).getUTCDay();

/**
 * `months` calendar months after `date`, on the same day of month as `anchorDay`
 * (default: the date's own day), clamped to the month's last day: 31 Jan + 1 → 28/29 Feb,
 * and + 2 → 31 Mar again, because every due date is computed from the anchor, never from
 * the previous due date. No drift.
 */
export function addMonths(date: string, months: number, anchorDay = +date.slice(8, 10)): string {
  const y = +date.slice(0, 4);
  const m = +date.slice(5, 7) - 1 + months;
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return fmt(Date.UTC(year, month, Math.min(anchorDay, lastDay)));
}
