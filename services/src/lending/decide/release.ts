import {
  addDays,
  compensationOwedPaise,
  customerDelayFromTold,
  earliestToldOn,
  formatBusinessDate,
  lenderDelayDays,
  unclaimedOnFor,
  type LoanEvent,
} from '@goldledger/contracts';
import { DomainError } from '../../platform/decider.js';
import type { LoanHandler } from '../loan.decider.js';
import { requireGoldToReturn, requireLoan } from '../loan.rules.js';
import type { LoanState } from '../loan.state.js';

/**
 * Release on time (issue 18): compensation for the lender's days of delay, the customer
 * told the gold is ready, its payout, unclaimed gold and its notices. The rule is in
 * docs/decisions.md, "Release on time and unclaimed gold (issue 18)"; the day arithmetic in
 * `contracts/src/lending/release.ts`, always with the loan's own policy (its holidays too).
 */

/** Gold still here: repaid and closed, not handed back. */
const goldStillHere = (s: LoanState) =>
  s.closedOn !== null && (s.goldReturn.status === 'pending' || s.goldReturn.status === 'scheduled');

/**
 * The compensation for the lender's working days of delay after those settled, up to and
 * including `through`; none when there are none. Nothing accrues from the unclaimed date.
 */
export function accrueThrough(s: LoanState, through: string): LoanEvent[] {
  if (!goldStillHere(s)) return [];
  const days = lenderDelayDays({
    closedOn: s.closedOn!,
    policy: s.policy,
    settledThrough: s.release.settledThrough,
    through,
    customerDelays: s.release.customerDelays,
    unclaimedOn: unclaimedOnFor(s.closedOn!, s.policy),
  });
  if (days.length === 0) return [];
  const rate = s.policy.releaseDelayCompensationPaisePerDay;
  const amountPaise = rate * days.length;
  const accruedTotalPaise = s.release.accruedPaise + amountPaise;
  return [
    {
      type: 'ReleaseCompensationAccrued',
      data: {
        days,
        throughDate: days.at(-1)!,
        ratePaisePerDay: rate,
        amountPaise,
        accruedTotalPaise,
        owedPaise: accruedTotalPaise - s.release.paidPaise,
      },
    },
  ];
}

/**
 * The daily look at gold still here: compensation for every working day of the lender's
 * delay before today not yet accrued (a run that missed days back-fills them), then the
 * unclaimed mark once the policy's months have passed. Repeating a day appends nothing.
 */
export const recordReleaseDelay: LoanHandler<'RecordReleaseDelay'> = (c, s) => {
  if (!goldStillHere(s)) return [];
  const events = accrueThrough(s, addDays(c.today, -1));
  const unclaimedOn = unclaimedOnFor(s.closedOn!, s.policy);
  if (c.today >= unclaimedOn && s.release.unclaimedOn === null) {
    events.push({
      type: 'GoldUnclaimed',
      data: { unclaimedOn, closedOn: s.closedOn!, afterMonths: s.policy.unclaimedGold.afterMonths },
    });
  }
  return events;
};

/**
 * Staff told the customer the gold is ready: from the day after, the delay is the
 * customer's. The day may be earlier than today (told by phone yesterday), but never before
 * the closure nor before a day whose compensation has already accrued.
 */
export const recordCustomerToldGoldReady: LoanHandler<'RecordCustomerToldGoldReady'> = (c, s) => {
  requireGoldToReturn(s);
  if (c.toldOn > c.today) {
    throw new DomainError('The day the customer was told cannot be in the future', 'told_on_future');
  }
  if (c.toldOn < s.closedOn!) {
    throw new DomainError(
      `The customer can be told only from the day the loan closed (${formatBusinessDate(s.closedOn!)})`,
      'told_before_closure',
    );
  }
  const earliest = earliestToldOn(s.closedOn!, s.release.settledThrough);
  if (c.toldOn < earliest) {
    throw new DomainError(
      `Compensation has already accrued up to ${formatBusinessDate(earliest)}: the customer can be recorded as told from that day on`,
      'told_on_settled',
    );
  }
  return [
    {
      type: 'CustomerToldGoldReady',
      data: {
        toldOn: c.toldOn,
        channel: c.channel,
        toldBy: c.toldBy,
        notes: c.notes?.trim() || null,
        customerDelayFrom: customerDelayFromTold(c.toldOn),
      },
    },
  ];
};

/** Pays out everything owed in compensation (a payout closes it); a bank transfer needs its reference. */
export const payReleaseCompensation: LoanHandler<'PayReleaseCompensation'> = (c, s) => {
  requireLoan(s);
  if (s.release.payouts.some((p) => p.payoutId === c.payoutId)) return [];
  const owed = compensationOwedPaise(s.release);
  if (owed <= 0) {
    throw new DomainError('No compensation is owed on this loan', 'no_compensation_due', 409);
  }
  const reference = c.reference?.trim() || null;
  if (c.method === 'bank' && !reference) {
    throw new DomainError('Please give the bank transfer reference', 'payout_reference_required');
  }
  return [
    {
      type: 'ReleaseCompensationPaid',
      data: {
        payoutId: c.payoutId,
        amountPaise: owed,
        method: c.method,
        reference,
        paidOn: c.today,
        paidBy: c.paidBy,
        days: s.release.accruedDays - s.release.paidDays,
        owedAfterPaise: 0,
      },
    },
  ];
};

/** An unclaimed-gold notice went out: each one (by months after closure) once. */
export const recordUnclaimedGoldNotice: LoanHandler<'RecordUnclaimedGoldNotice'> = (c, s) => {
  requireGoldToReturn(s);
  if (s.release.noticesSent.includes(c.monthsAfterClosure)) return [];
  return [
    {
      type: 'UnclaimedGoldNoticeSent',
      data: { monthsAfterClosure: c.monthsAfterClosure, sentTo: c.sentTo, sentOn: c.today },
    },
  ];
};
