import { businessDate } from '@goldledger/contracts';
import { FixedClock, type Clock } from '../platform/clock.js';
import type { EventStore } from '../platform/event-store/event-store.js';

/**
 * Command deps for a loan entered on its own day: how a test puts an older loan on the
 * books the way it was opened then, instead of back-dating it today (which the lending
 * policy bounds: 30 days for staff, a year with a reason for admins). An earlier day is
 * entered at noon in Kolkata, the business time a back-dated loan's events carried
 * (`occurredAtFor`), so its events read as they did; today keeps the API's clock.
 */
export const onLoanDay = (api: { store: EventStore; clock: Clock }, loanDate: string) => ({
  store: api.store,
  clock: businessDate(api.clock.now()) === loanDate ? api.clock : new FixedClock(`${loanDate}T06:30:00Z`),
});
