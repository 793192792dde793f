import { z } from 'zod';
import { businessDate, nextWorkingDay, releaseDueBy } from './calendar.js';
import { addDays, addMonths, BusinessDate } from './dates.js';
import { paiseToRupees } from './money.js';
import type { LendingPolicy } from './policy.js';

/**
 * Release on time (issue 18): a repaid loan's gold goes back the day it closes or within the
 * policy's working days (`releaseDueBy`). Each working day of delay beyond that which the
 * lender caused costs it `releaseDelayCompensationPaisePerDay`, accrued on the loan's stream
 * and paid out to the borrower. Days the customer caused (told the gold is ready, did not
 * come) do not accrue; gold not collected `unclaimedGold.afterMonths` after closure becomes
 * unclaimed and accrues nothing more. The rule in full: docs/decisions.md, "Release on time
 * and unclaimed gold (issue 18)". Pure: the decider, the read models and the web use these.
 */

/** How the customer was told their gold is ready. */
export const CustomerToldChannel = z.enum(['sms', 'email', 'call', 'letter'], {
  error: 'Please choose how the customer was told: SMS, email, call or letter',
});
export type CustomerToldChannel = z.infer<typeof CustomerToldChannel>;

export const CUSTOMER_TOLD_CHANNEL_LABELS: Readonly<Record<CustomerToldChannel, string>> = {
  sms: 'SMS',
  email: 'Email',
  call: 'Phone call',
  letter: 'Letter',
};

/** How a compensation payout reached the customer: cash from the branch's drawer, or a bank transfer. */
export const CompensationPayoutMethod = z.enum(['cash', 'bank'], {
  error: 'Please choose cash or bank transfer',
});
export type CompensationPayoutMethod = z.infer<typeof CompensationPayoutMethod>;

const Person = z.object({ id: z.string(), name: z.string() });
const PositivePaise = z.number().int().positive();
const Paise = z.number().int().nonnegative();

/** Events of the loan stream (issue 18): the release promise kept, or paid for. */
export const ReleaseEventSchemas = {
  /**
   * Staff told the customer the gold is ready to collect. From `customerDelayFrom` (the day
   * after) the delay is the customer's, until they book a return (then up to its day).
   */
  CustomerToldGoldReady: z.object({
    toldOn: BusinessDate,
    channel: CustomerToldChannel,
    toldBy: Person,
    notes: z.string().nullable(),
    customerDelayFrom: BusinessDate,
  }),
  /**
   * Compensation for working days of the lender's delay: the daily job's (for the days
   * before its run, a late run back-filling every day it missed) or the return's (up to the
   * return day). Each working day is accrued at most once: `throughDate` settles the days.
   */
  ReleaseCompensationAccrued: z.object({
    /** The working days of the lender's delay this accrues, oldest first. */
    days: z.array(BusinessDate).min(1),
    /** Every day up to and including this one is settled. */
    throughDate: BusinessDate,
    ratePaisePerDay: PositivePaise,
    /** rate × days. */
    amountPaise: PositivePaise,
    /** Accrued on the loan so far, this included. */
    accruedTotalPaise: PositivePaise,
    /** Accrued and not yet paid out, after this. */
    owedPaise: PositivePaise,
  }),
  /** What was owed in compensation was paid out to the customer (all of it: a payout closes it). */
  ReleaseCompensationPaid: z.object({
    payoutId: z.uuid(),
    amountPaise: PositivePaise,
    method: CompensationPayoutMethod,
    reference: z.string().nullable(),
    paidOn: BusinessDate,
    paidBy: Person,
    /** The working days of delay this payout covers (all accrued so far, less earlier payouts'). */
    days: z.number().int().positive(),
    owedAfterPaise: Paise,
  }),
  /** The gold was not collected `afterMonths` after closure: it is held as unclaimed from `unclaimedOn`. */
  GoldUnclaimed: z.object({
    unclaimedOn: BusinessDate,
    closedOn: BusinessDate,
    afterMonths: z.number().int().positive(),
  }),
  /** The policy's notice about uncollected gold, `monthsAfterClosure` after closure. */
  UnclaimedGoldNoticeSent: z.object({
    monthsAfterClosure: z.number().int().positive(),
    sentTo: z.array(z.string()).min(1),
    sentOn: BusinessDate,
  }),
} as const;

type EventOf<K extends keyof typeof ReleaseEventSchemas> = {
  type: K;
  data: z.infer<(typeof ReleaseEventSchemas)[K]>;
};
type ReleaseEvent = { [K in keyof typeof ReleaseEventSchemas]: EventOf<K> }[keyof typeof ReleaseEventSchemas];

/** Days `from` to `until` (inclusive; null: still running) are the customer's. */
export interface CustomerDelay {
  from: string;
  until: string | null;
}

export interface CompensationPayout {
  payoutId: string;
  amountPaise: number;
  method: CompensationPayoutMethod;
  reference: string | null;
  paidOn: string;
  paidBy: { id: string; name: string };
  days: number;
}

/** A loan's release record: what the loan state and the read models keep of the events above. */
export interface ReleaseRecord {
  /** Days up to and including this one are settled (accrued, or judged the customer's); null: none yet. */
  settledThrough: string | null;
  accruedDays: number;
  accruedPaise: number;
  paidDays: number;
  paidPaise: number;
  payouts: CompensationPayout[];
  toldReady: Array<{ toldOn: string; channel: CustomerToldChannel; toldBy: { id: string; name: string } }>;
  customerDelays: CustomerDelay[];
  unclaimedOn: string | null;
  /** Months after closure of each unclaimed-gold notice sent. */
  noticesSent: number[];
}

export const emptyReleaseRecord = (): ReleaseRecord => ({
  settledThrough: null,
  accruedDays: 0,
  accruedPaise: 0,
  paidDays: 0,
  paidPaise: 0,
  payouts: [],
  toldReady: [],
  customerDelays: [],
  unclaimedOn: null,
  noticesSent: [],
});

/** Accrued and not yet paid out. */
export const compensationOwedPaise = (r: ReleaseRecord) => r.accruedPaise - r.paidPaise;

/**
 * A new closure (or none any more): the days, the notices and the unclaimed mark start
 * again; money accrued and paid stays, it was owed for a delay that happened.
 */
const reopened = (r: ReleaseRecord): ReleaseRecord => ({
  ...emptyReleaseRecord(),
  accruedDays: r.accruedDays,
  accruedPaise: r.accruedPaise,
  paidDays: r.paidDays,
  paidPaise: r.paidPaise,
  payouts: r.payouts,
});

/** The events the release record follows; every other loan event leaves it as it is. */
export type ReleaseRecordEvent =
  | ReleaseEvent
  | { type: 'LoanClosed' | 'LoanReopened' | 'LoanRenewed'; data: unknown }
  | { type: 'GoldReturnScheduled'; data: { scheduledAt: string; scheduledOn?: string | undefined } };

/** Pure: the release record after one loan event. */
export function evolveReleaseRecord(r: ReleaseRecord, event: { type: string; data: unknown }): ReleaseRecord {
  const e = event as ReleaseRecordEvent;
  switch (e.type) {
    case 'LoanClosed':
    case 'LoanReopened':
    case 'LoanRenewed':
      return reopened(r);
    case 'CustomerToldGoldReady':
      return {
        ...r,
        toldReady: [
          ...r.toldReady,
          { toldOn: e.data.toldOn, channel: e.data.channel, toldBy: e.data.toldBy },
        ],
        customerDelays: [...r.customerDelays, { from: e.data.customerDelayFrom, until: null }],
      };
    case 'GoldReturnScheduled': {
      // Booked while the customer's delay runs: it lasts up to the booked day, and no longer.
      const on = e.data.scheduledOn;
      const last = r.customerDelays.at(-1);
      if (!on || !last || (last.until !== null && last.until < on)) return r;
      const until = businessDate(new Date(e.data.scheduledAt));
      return { ...r, customerDelays: [...r.customerDelays.slice(0, -1), { ...last, until }] };
    }
    case 'ReleaseCompensationAccrued':
      return {
        ...r,
        settledThrough: e.data.throughDate,
        accruedDays: r.accruedDays + e.data.days.length,
        accruedPaise: e.data.accruedTotalPaise,
      };
    case 'ReleaseCompensationPaid': {
      const d = e.data;
      return {
        ...r,
        paidDays: r.paidDays + d.days,
        paidPaise: r.paidPaise + d.amountPaise,
        payouts: [
          ...r.payouts,
          {
            payoutId: d.payoutId,
            amountPaise: d.amountPaise,
            method: d.method,
            reference: d.reference,
            paidOn: d.paidOn,
            paidBy: d.paidBy,
            days: d.days,
          },
        ],
      };
    }
    case 'GoldUnclaimed':
      return { ...r, unclaimedOn: e.data.unclaimedOn };
    case 'UnclaimedGoldNoticeSent':
      return { ...r, noticesSent: [...r.noticesSent, e.data.monthsAfterClosure] };
    default:
      return r;
  }
}

/** The day the customer's delay covers `day`: some told-ready period runs over it. */
export const isCustomerDelayDay = (delays: readonly CustomerDelay[], day: string) =>
  delays.some((d) => d.from <= day && (d.until === null || day <= d.until));

/** The day gold not collected becomes unclaimed: `afterMonths` after closure. */
export const unclaimedOnFor = (closedOn: string, policy: LendingPolicy) =>
  addMonths(closedOn, policy.unclaimedGold.afterMonths);

export interface LenderDelayInput {
  closedOn: string;
  policy: LendingPolicy;
  /** Days up to and including this one were settled before (null: none). */
  settledThrough: string | null;
  /** The last day to look at, inclusive. */
  through: string;
  customerDelays: readonly CustomerDelay[];
  /** From this day the gold is unclaimed and nothing accrues (null: not unclaimed by `through`). */
  unclaimedOn: string | null;
}

/**
 * The working days of the lender's delay not yet settled: after the release due-by date and
 * after `settledThrough`, up to `through`, not the customer's, before the unclaimed date.
 * Sundays and the policy's holidays are never days of delay.
 */
export function lenderDelayDays(input: LenderDelayInput): string[] {
  const { policy } = input;
  const dueBy = releaseDueBy(input.closedOn, policy);
  const after = input.settledThrough && input.settledThrough > dueBy ? input.settledThrough : dueBy;
  const days: string[] = [];
  for (let d = nextWorkingDay(after, policy); d <= input.through; d = nextWorkingDay(d, policy)) {
    if (input.unclaimedOn && d >= input.unclaimedOn) break;
    if (!isCustomerDelayDay(input.customerDelays, d)) days.push(d);
  }
  return days;
}

/** Whose the delay is on `today`, for the screens: none yet (within the promise), the lender's, the customer's, or none (unclaimed). */
export function delayOn(
  input: Omit<LenderDelayInput, 'settledThrough' | 'through'> & { today: string },
): 'on_time' | 'lender' | 'customer' | 'unclaimed' {
  if (input.unclaimedOn && input.today >= input.unclaimedOn) return 'unclaimed';
  if (input.today <= releaseDueBy(input.closedOn, input.policy)) return 'on_time';
  return isCustomerDelayDay(input.customerDelays, input.today) ? 'customer' : 'lender';
}

/**
 * The latest unclaimed-gold notice due by `today`: every `noticeEveryMonths` months after
 * closure up to and including the month the gold becomes unclaimed (null: none due yet).
 */
export function unclaimedNoticeDue(closedOn: string, today: string, policy: LendingPolicy): number | null {
  const { afterMonths, noticeEveryMonths } = policy.unclaimedGold;
  let due: number | null = null;
  for (let m = noticeEveryMonths; m <= afterMonths; m += noticeEveryMonths) {
    if (addMonths(closedOn, m) <= today) due = m;
  }
  return due;
}

/** The first day a told-ready record may name: the closure, and never a day already settled. */
export const earliestToldOn = (closedOn: string, settledThrough: string | null) =>
  settledThrough && settledThrough > closedOn ? settledThrough : closedOn;

/** The day after `day`: where a customer's delay starts once they were told on `day`. */
export const customerDelayFromTold = (toldOn: string) => addDays(toldOn, 1);

/** Compensation as the screens show it (rupees): on the gold return, the loan and the customer's dashboard. */
export const ReleaseCompensationView = z.object({
  /** Working days of the lender's delay accrued, and what they came to. */
  days: z.number().int(),
  accrued: z.number(),
  paid: z.number(),
  /** Accrued and not yet paid out. */
  owed: z.number(),
  /** The last day accrued. */
  accruedThrough: z.string().nullable(),
  payouts: z.array(
    z.object({
      payoutId: z.string(),
      paidOn: z.string(),
      amount: z.number(),
      days: z.number().int(),
      method: CompensationPayoutMethod,
      reference: z.string().nullable(),
      paidBy: z.string(),
    }),
  ),
});
export type ReleaseCompensationView = z.infer<typeof ReleaseCompensationView>;

/** The compensation of a release record in rupees; null when none ever accrued. */
export function releaseCompensationView(r: ReleaseRecord): ReleaseCompensationView | null {
  if (r.accruedPaise === 0 && r.payouts.length === 0) return null;
  return {
    days: r.accruedDays,
    accrued: paiseToRupees(r.accruedPaise),
    paid: paiseToRupees(r.paidPaise),
    owed: paiseToRupees(compensationOwedPaise(r)),
    accruedThrough: r.settledThrough,
    payouts: r.payouts.map((p) => ({
      payoutId: p.payoutId,
      paidOn: p.paidOn,
      amount: paiseToRupees(p.amountPaise),
      days: p.days,
      method: p.method,
      reference: p.reference,
      paidBy: p.paidBy.name,
    })),
  };
}
