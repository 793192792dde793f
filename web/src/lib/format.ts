import { BUSINESS_TIME_ZONE, formatInrExact } from '@goldledger/contracts';

/**
 * The one place money, numbers and dates become text: en-IN digit grouping,
 * INR with no decimals, dates as the branch reads them (Asia/Kolkata, dd/mm/yyyy).
 */

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const grouped = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const dayMonthYear = new Intl.DateTimeFormat('en-IN', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dayMonthYearUtc = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const longDate = new Intl.DateTimeFormat('en-IN', {
  timeZone: BUSINESS_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const longDateUtc = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** `₹1,00,000`: rupees rounded half away from zero, Indian grouping, no decimals. */
export function formatMoney(amountInRupees: number): string {
  return rupees.format(amountInRupees);
}

/**
 * `₹40,000`, or `₹40,000.30` only when the amount really holds paise: money owed back is
 * paid exactly (a refund of what a transfer brought beyond closing). Whole rupees read as
 * whole rupees, never `.00` (issue 19).
 */
export function formatMoneyExact(amountInRupees: number): string {
  const paise = Math.round(amountInRupees * 100);
  return paise % 100 === 0 ? rupees.format(paise / 100) : formatInrExact(paise);
}

/** `1,23,456.5`: Indian grouping, at most two decimals (weights, counts, rates). */
export function formatNumber(value: number): string {
  return grouped.format(value);
}

/** `7.5% p.a.` */
export function formatAnnualRate(percent: number): string {
  return `${grouped.format(percent)}% p.a.`;
}

/** `10.25 g` */
export function formatGrams(grams: number): string {
  return `${grouped.format(grams)} g`;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A business date (`YYYY-MM-DD`) as written, or an instant as the date in Asia/Kolkata
 * (23:00 UTC is already the next day at the branch).
 */
function dateOf(value: Date | string): { at: Date; dateOnly: boolean } | null {
  if (typeof value === 'string' && DATE_ONLY.test(value)) {
    return { at: new Date(`${value}T00:00:00Z`), dateOnly: true };
  }
  const at = value instanceof Date ? value : new Date(value);
  return Number.isNaN(at.getTime()) ? null : { at, dateOnly: false };
}

/** `21/11/2026`; an unreadable value gives an em dash rather than "Invalid Date". */
export function formatDate(value: Date | string | null | undefined): string {
  const d = value == null ? null : dateOf(value);
  if (!d) return '—';
  return (d.dateOnly ? dayMonthYearUtc : dayMonthYear).format(d.at);
}

/** `21 Nov 2026`, for headings and cards. */
export function formatLongDate(value: Date | string | null | undefined): string {
  const d = value == null ? null : dateOf(value);
  if (!d) return '—';
  return (d.dateOnly ? longDateUtc : longDate).format(d.at);
}

/** `21/11/2026, 10:30 am` in Asia/Kolkata. */
export function formatDateTime(value: Date | string | null | undefined): string {
  const d = value == null ? null : dateOf(value);
  return d ? dateTime.format(d.at) : '—';
}

/** The notification panel's times: under an hour 'Just now', then hours, then days. */
export function formatRelativeTime(value: Date | string, now: Date): string {
  const at = value instanceof Date ? value : new Date(value);
  const hours = Math.floor((now.getTime() - at.getTime()) / 3_600_000);
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/** `2:05` for a countdown in seconds (never negative). */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** `Active` from `active`, `Ready for auction` from `ready_for_auction` (statuses show capitalised). */
export function formatStatus(status: string): string {
  const words = status.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
