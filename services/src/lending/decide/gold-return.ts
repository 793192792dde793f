import { businessDate, releaseDueBy, workingDaysBetween } from '@goldledger/contracts';
import { DomainError } from '../../platform/decider.js';
import type { LoanHandler } from '../loan.decider.js';
import { goldReturnReminderSent, requireGoldToReturn } from '../loan.rules.js';
import { accrueThrough } from './release.js';

/** Books the hand-back of a repaid loan's gold for a time not in the past. */
export const scheduleGoldReturn: LoanHandler<'ScheduleGoldReturn'> = (c, s) => {
  requireGoldToReturn(s);
  if (!c.scheduledAt || Number.isNaN(Date.parse(c.scheduledAt))) {
    throw new DomainError('Please choose a date and time for the return', 'return_date_required');
  }
  if (businessDate(new Date(c.scheduledAt)) < c.today) {
    throw new DomainError('The return cannot be scheduled in the past', 'return_date_past');
  }
  return [
    {
      type: 'GoldReturnScheduled',
      data: { scheduledAt: c.scheduledAt, notes: c.notes, scheduledOn: c.today },
    },
  ];
};

/**
 * The gold is handed back; working days past the release promise are counted as days late.
 * The lender's days of delay not yet accrued, the return day included, accrue with it.
 */
export const markGoldReturned: LoanHandler<'MarkGoldReturned'> = (c, s) => {
  requireGoldToReturn(s);
  return [
    ...accrueThrough(s, c.today),
    {
      type: 'GoldReturned',
      data: {
        returnedOn: c.today,
        notes: c.notes,
        daysLate: Math.max(0, workingDaysBetween(releaseDueBy(s.closedOn!, s.policy), c.today, s.policy)),
      },
    },
  ];
};

/** A reminder to collect the gold: each kind at most once a day. */
export const recordGoldReturnReminder: LoanHandler<'RecordGoldReturnReminder'> = (c, s) => {
  requireGoldToReturn(s);
  if (goldReturnReminderSent(s, c.reminderType, c.today)) return [];
  return [
    {
      type: 'GoldReturnReminderSent',
      data: { reminderType: c.reminderType, sentTo: c.sentTo, sentOn: c.today },
    },
  ];
};
