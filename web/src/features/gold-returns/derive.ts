import {
  BUSINESS_TIME_ZONE,
  CUSTOMER_TOLD_CHANNEL_LABELS,
  type GoldReturnItem,
  type GoldReturnReminderType,
  type GoldReturnStatsResponse,
  type GoldReturnStatus,
} from '@goldledger/contracts';
import type { z } from 'zod';
import type { BadgeTone } from '@/components/ui/badge';
import type { FilterTab } from '@/components/ui/filter-tabs';
import { formatDate, formatMoney } from '@/lib/format';
import type { GoldReturnFilter } from './api/get-gold-returns';

/**
 * The gold-return screen's rules that are
 * not the server's figures: which filter shows what, how reminders are coloured, and
 * what the schedule form accepts before it asks the server.
 */

export type GoldReturn = GoldReturnItem;
export type GoldReturnStats = z.infer<typeof GoldReturnStatsResponse>['data'];

const countOf = (stats: GoldReturnStats | undefined, status: GoldReturnStatus) =>
  stats?.stats.find((s) => s._id === status)?.count;

/** The status filter, with the tiles' counts once they have come. */
export function statusTabs(stats: GoldReturnStats | undefined): Array<FilterTab<GoldReturnFilter>> {
  const tab = (value: GoldReturnFilter, label: string, count: number | undefined) =>
    count === undefined ? { value, label } : { value, label, count };
  return [
    tab('all', 'All', stats?.totalClosedLoans),
    tab('overdue', 'Overdue', countOf(stats, 'overdue')),
    tab('pending', 'Pending', countOf(stats, 'pending')),
    tab('scheduled', 'Scheduled', countOf(stats, 'scheduled')),
    tab('unclaimed', 'Unclaimed', countOf(stats, 'unclaimed')),
    tab('compensation', 'Compensation Owed', stats?.compensationOwed.loans),
    tab('returned', 'Returned', countOf(stats, 'returned')),
  ];
}

export interface StatTile {
  key: string;
  label: string;
  value: number;
  /** The number someone must act on: shown first and marked. */
  lead?: boolean;
}

/** The tiles, the figure to act on first: overdue, then pending, scheduled, unclaimed, returned, all. */
export function statTiles(stats: GoldReturnStats): StatTile[] {
  return [
    { key: 'overdue', label: 'Overdue', value: stats.overdueLoans, lead: true },
    { key: 'pending', label: 'Pending', value: countOf(stats, 'pending') ?? 0 },
    { key: 'scheduled', label: 'Scheduled', value: countOf(stats, 'scheduled') ?? 0 },
    { key: 'unclaimed', label: 'Unclaimed', value: countOf(stats, 'unclaimed') ?? 0 },
    { key: 'returned', label: 'Returned', value: countOf(stats, 'returned') ?? 0 },
    { key: 'total', label: 'Total Closed Loans', value: stats.totalClosedLoans },
  ];
}

/** The list's empty state: a search that found nothing says so. */
export function emptyMessage(search: string): string {
  return search.trim() ? 'No returns match your search criteria' : 'No pending gold returns found';
}

const REMINDER_LABELS: Record<GoldReturnReminderType, string> = {
  initial: 'Initial',
  followup: 'Follow-up',
  urgent: 'Urgent',
  final: 'Final',
};

export const reminderLabel = (type: GoldReturnReminderType) => REMINDER_LABELS[type];

/** What staff may send by hand; urgent first, the server's default. */
export const REMINDER_CHOICES: GoldReturnReminderType[] = ['urgent', 'final', 'followup', 'initial'];

/** Urgent and final reminders each have their colour; the others share a third. */
export function reminderTone(type: GoldReturnReminderType): BadgeTone {
  if (type === 'final') return 'danger';
  if (type === 'urgent') return 'warning';
  return 'info';
}

/** The latest reminder sent, if any (ties: the later in the list). */
export function lastReminder(item: Pick<GoldReturn, 'reminders'>): GoldReturn['reminders'][number] | null {
  let last: GoldReturn['reminders'][number] | null = null;
  for (const r of item.reminders) if (!last || r.sentDate >= last.sentDate) last = r;
  return last;
}

/**
 * Whose the delay is today, as the card says it: none while within the promise, the
 * lender's (compensation accrues), the customer's (told the gold is ready), or none once unclaimed.
 */
export function delayText(item: Pick<GoldReturn, 'delay' | 'compensationPerDay' | 'customerTold'>): {
  text: string;
  tone: 'danger' | 'info' | 'neutral';
} | null {
  const told = item.customerTold.at(-1);
  switch (item.delay) {
    case 'lender':
      return {
        text: `Lender's delay: ${formatMoney(item.compensationPerDay)} accrues each working day`,
        tone: 'danger',
      };
    case 'customer':
      return {
        text: told
          ? `Customer told ${formatDate(told.toldOn)} (${CUSTOMER_TOLD_CHANNEL_LABELS[told.channel].toLowerCase()}): delay is the customer's`
          : "Delay is the customer's",
        tone: 'info',
      };
    case 'unclaimed':
      return { text: 'Unclaimed gold: no compensation accrues', tone: 'neutral' };
    default:
      return null;
  }
}

/** Compensation accrued and not yet paid out (rupees). */
export const compensationOwed = (item: Pick<GoldReturn, 'compensation'>) => item.compensation?.owed ?? 0;

/** Returned gold takes no more actions; everything else can be scheduled, reminded, handed back. */
export const isOpen = (item: Pick<GoldReturn, 'goldReturnStatus'>) => item.goldReturnStatus !== 'returned';

/** Days (or working days) with the right noun: `1 day`, `3 days`. */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `now` as the branch's wall clock in a datetime-local field's format: `2026-11-21T10:30`. */
export function branchDateTimeLocal(now: Date): string {
  const parts = Object.fromEntries(wallClock.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const DATE_TIME_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/**
 * A return is booked for a date and a time. The field's value goes to the
 * server as it is (no offset: the server reads it as the branch's time), so a counter
 * in another time zone books the same hour. Returns the message to show, or null.
 */
export function scheduleError(value: string, today: string): string | null {
  if (!DATE_TIME_LOCAL.test(value.trim())) return 'Please choose a date and time for the return';
  if (value.slice(0, 10) < today) return 'The return cannot be scheduled in the past';
  return null;
}
