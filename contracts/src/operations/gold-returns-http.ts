import { ExpectedVersionField } from '../lending/expected-version.js';
import { BranchFilterQuery } from '../branches/branch-http.js';
import { z } from 'zod';
import { pageFields } from '../paging.js';
import { BusinessDate } from '../lending/dates.js';
import { GoldReturnStatus } from '../lending/loan-events.js';
import { GoldItemView } from '../lending/loan-http-queries.js';
import {
  CompensationPayoutMethod,
  CustomerToldChannel,
  ReleaseCompensationView,
} from '../lending/release.js';

/**
 * Gold returns: the gold of repaid loans waiting to go back, its booking, hand-back and reminders.
 * Weights in grams, dates `YYYY-MM-DD` (business dates, Asia/Kolkata) unless named a time.
 */

const PAGE_LIMIT_MAX = 500;

/** A loan by its internal id (`_id`) or its loan number (`GL…`). */
export const GoldReturnLoanParams = z.object({ loanId: z.string().trim().min(1).max(64) });

export const GoldReturnReminderType = z.enum(['initial', 'followup', 'urgent', 'final'], {
  error: 'Reminder type must be initial, followup, urgent or final',
});
export type GoldReturnReminderType = z.infer<typeof GoldReturnReminderType>;

export const GoldReturnListQuery = z.object({
  /**
   * `open`: everything not yet returned; `unclaimed` wins over overdue, and `overdue` over
   * pending and scheduled; `compensation`: returns with release-delay compensation still owed.
   */
  status: z
    .enum(['all', 'open', 'pending', 'scheduled', 'overdue', 'unclaimed', 'returned', 'compensation'], {
      error: 'Status must be all, open, pending, scheduled, overdue, unclaimed, returned or compensation',
    })
    .default('all'),
  /** Case-insensitive part of the customer's name, mobile or email, or of the loan number. */
  search: z.string().trim().max(100, 'Search can be at most 100 characters').optional(),
  ...pageFields(PAGE_LIMIT_MAX, 100),
  ...BranchFilterQuery.shape,
});
export type GoldReturnListQuery = z.infer<typeof GoldReturnListQuery>;

export const GoldReturnItem = z.object({
  _id: z.string(),
  loanId: z.string(),
  customerName: z.string(),
  customerMobile: z.string(),
  customerEmail: z.string().nullable(),
  /** Net weight of all the items, grams. */
  totalGoldWeight: z.number(),
  closedDate: z.string(),
  daysSinceClosed: z.number().int(),
  goldReturnStatus: GoldReturnStatus,
  isOverdue: z.boolean(),
  /** Days past the 30-day mark (0 when not overdue): what the card shows. */
  daysOverdue: z.number().int(),
  remindersSent: z.number().int(),
  /** The booked hand-over, an ISO date-time. */
  scheduledReturnDate: z.string().nullable(),
  actualReturnDate: z.string().nullable(),
  notes: z.string().nullable(),
  goldItems: z.array(GoldItemView),
  reminders: z.array(
    z.object({ type: GoldReturnReminderType, sentTo: z.array(z.string()), sentDate: z.string() }),
  ),
  /** The promise: gold back within 7 working days of closure. */
  releaseDueBy: z.string(),
  /** Working days past `releaseDueBy`: as recorded at the return, or as of today while unreturned. */
  daysLate: z.number().int(),
  /**
   * Whose the delay is today (issue 18): none yet (`on_time`, within the promise), the
   * lender's (compensation accrues), the customer's (told the gold is ready), or none as the
   * gold is unclaimed; null once returned.
   */
  delay: z.enum(['on_time', 'lender', 'customer', 'unclaimed']).nullable(),
  /** The loan's compensation per working day of the lender's delay (rupees). */
  compensationPerDay: z.number(),
  /** Compensation accrued, paid and owed; null when none ever accrued. */
  compensation: ReleaseCompensationView.nullable(),
  /** Each time staff told the customer the gold is ready. */
  customerTold: z.array(z.object({ toldOn: z.string(), channel: CustomerToldChannel, toldBy: z.string() })),
  /** The day the gold became unclaimed (null: it has not). */
  unclaimedOn: z.string().nullable(),
  /** When it becomes unclaimed if still here (null once returned). */
  unclaimedFrom: z.string().nullable(),
});
export type GoldReturnItem = z.infer<typeof GoldReturnItem>;

export const GoldReturnListResponse = z.object({
  success: z.literal(true),
  data: z.array(GoldReturnItem),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
  /** Set when the list is empty: the screen's empty state. */
  message: z.string().optional(),
});

export const GoldReturnDetailResponse = z.object({
  success: z.literal(true),
  data: GoldReturnItem.extend({
    customerId: z.string(),
    /** The loan stream's version this return shows: the dialogs' `expectedVersion`. */
    version: z.number().int().positive(),
    /** The next reminder the daily run will send, if any is still to come. */
    nextReminder: z.object({ type: GoldReturnReminderType, dueDate: z.string() }).nullable(),
  }),
});

export const GoldReturnStatsResponse = z.object({
  success: z.literal(true),
  data: z.object({
    /** Repaid, closed loans whose gold is or was to be returned. */
    totalClosedLoans: z.number().int(),
    overdueLoans: z.number().int(),
    /** Release-delay compensation accrued and not yet paid out: on how many returns, how much (rupees). */
    compensationOwed: z.object({ loans: z.number().int(), amount: z.number() }),
    /** One entry per status, zeros included; `overdue` counts what is shown as overdue. */
    stats: z.array(z.object({ _id: GoldReturnStatus, count: z.number().int() })),
  }),
});

const Notes = z
  .string({ error: 'Notes must be text' })
  .trim()
  .max(1000, 'Notes can be at most 1,000 characters')
  .nullish();

export const ScheduleGoldReturnRequest = z.object({
  /** An ISO date-time; without an offset it is read as Asia/Kolkata time. */
  scheduledDate: z.string({ error: 'Please choose a date and time for the return' }).trim().nullish(),
  notes: Notes,
  ...ExpectedVersionField,
});

export const MarkGoldReturnedRequest = z.object({ notes: Notes, ...ExpectedVersionField }).nullish();

/** Staff told the customer their gold is ready: when (default today) and how. */
export const CustomerToldGoldReadyRequest = z.object({
  toldOn: BusinessDate.optional(),
  channel: CustomerToldChannel,
  notes: Notes,
  ...ExpectedVersionField,
});

/** An admin pays out the compensation owed (all of it); a bank transfer needs its reference. */
export const PayReleaseCompensationRequest = z.object({
  method: CompensationPayoutMethod,
  reference: z
    .string({ error: 'Reference must be text' })
    .trim()
    .max(100, 'Reference can be at most 100 characters')
    .nullish(),
  ...ExpectedVersionField,
});

export const CompensationPayoutResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    _id: z.string(),
    loanId: z.string(),
    payoutId: z.string(),
    amount: z.number(),
    days: z.number().int(),
    method: CompensationPayoutMethod,
    reference: z.string().nullable(),
    paidOn: z.string(),
  }),
});

export const SendGoldReturnReminderRequest = z
  .object({ reminderType: GoldReturnReminderType.default('urgent') })
  .nullish();

export const GoldReturnActionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    _id: z.string(),
    loanId: z.string(),
    goldReturnStatus: z.enum(['pending', 'scheduled', 'returned', 'unclaimed']),
    scheduledReturnDate: z.string().nullable(),
    actualReturnDate: z.string().nullable(),
  }),
});

export const SendGoldReturnReminderResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ reminderType: GoldReturnReminderType, sentTo: z.array(z.string()) }),
});

export const ProcessGoldReturnRemindersResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    sent: z.number().int(),
    failed: z.number().int(),
    /** Nothing due: the reminder its age calls for was already sent. */
    skipped: z.number().int(),
    /** Unreturned gold of loans closed at least 3 days ago, looked at. */
    checked: z.number().int(),
  }),
});
