import { FixedClock } from '../platform/clock.js';
import type { EventStore } from '../platform/event-store/event-store.js';

/**
 * Command deps for a loan entered on its own day (10:00 in Kolkata): how a test puts an
 * older loan on the books, the way it was opened then, instead of back-dating it today
 * (which the lending policy bounds: 30 days for staff, a year with a reason for admins).
 */
export const onLoanDay = (api: { store: EventStore }, loanDate: string) => ({
  store: api.store,
  clock: new FixedClock(`${loanDate}T04:30:00Z`),
});
