import {
  addDays,
  LENDING_POLICY,
  releaseDueBy,
  type LoanEvent,
  type LoanEventData,
} from '@goldledger/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/decider.js';
import { admin, after, created, pay, spec } from '../../testing/loan-decider-fixtures.js';
import { decideLoan, type LoanCommand } from '../loan.decider.js';
import { quoteLoan } from '../loan.rules.js';
import { evolveLoan, initialLoanState, type LoanState } from '../loan.state.js';

/**
 * The holiday the delay runs across: the one place it is declared. Good Friday is a national
 * holiday in the loan's policy; once holidays are per state, this becomes a state holiday of
 * the loan's branch.
 */
const HOLIDAY_IN_DELAY = '2026-04-03';
/**
 * Closed on Friday 20 March 2026: the 7th working day after is Monday 30 March (21 March is
 * Id-ul-Fitr, 22 a Sunday); the delay then runs across Mahavir Jayanti (31 March) too.
 */
const CLOSED_ON = '2026-03-20';
const DUE_BY = '2026-03-30';
const RATE = LENDING_POLICY.releaseDelayCompensationPaisePerDay;

const stateOf = (events: LoanEvent[]) => fold(evolveLoan, initialLoanState(), events);
const closedOn = (date: string) =>
  after(created, pay(quoteLoan(stateOf(created), date).totalDuePaise / 100, date));
const run = (today: string): LoanCommand => ({ type: 'RecordReleaseDelay', today });
const told = (toldOn: string, today = toldOn): LoanCommand => ({
  type: 'RecordCustomerToldGoldReady',
  toldOn,
  channel: 'call',
  toldBy: admin,
  notes: null,
  today,
});
const accrued = (events: LoanEvent[]) =>
  events
    .filter((e) => e.type === 'ReleaseCompensationAccrued')
    .map((e) => e.data as LoanEventData<'ReleaseCompensationAccrued'>);
const accruedDays = (events: LoanEvent[]) => accrued(events).flatMap((a) => a.days);

describe('compensation for a late release of the gold', () => {
  const closed = closedOn(CLOSED_ON);

  it('is promised 7 working days after closure, with the holiday a non-working day in the loan’s policy', () => {
    expect(releaseDueBy(CLOSED_ON, stateOf(closed).policy)).toBe(DUE_BY);
    expect(stateOf(closed).policy.holidays[HOLIDAY_IN_DELAY]).toBeTruthy();
  });

  it('accrues nothing within the promise', () => {
    spec.given(closed).when(run(DUE_BY)).then([]);
    spec
      .given(closed)
      .when(run(addDays(DUE_BY, 1)))
      .then([]);
  });

  it('accrues each working day of the lender’s delay once, skipping the holiday and the Sunday', () => {
    // Run on Tuesday 7 April: 1, 2, 4 and 6 April (3 April the holiday, 5 April a Sunday).
    const events = after(closed, run('2026-04-07'));
    expect(accrued(events)).toEqual([
      {
        days: ['2026-04-01', '2026-04-02', '2026-04-04', '2026-04-06'],
        throughDate: '2026-04-06',
        ratePaisePerDay: RATE,
        amountPaise: 4 * RATE,
        accruedTotalPaise: 4 * RATE,
        owedPaise: 4 * RATE,
      },
    ]);
    // The same day again, or the next run, adds no day twice.
    spec.given(events).when(run('2026-04-07')).then([]);
    expect(accruedDays(after(events, run('2026-04-08')))).toEqual([...accruedDays(events), '2026-04-07']);
  });

  it('back-fills the days a late run missed exactly as daily runs would have', () => {
    let daily = closed;
    for (let d = '2026-04-01'; d <= '2026-04-10'; d = addDays(d, 1)) daily = after(daily, run(d));
    const late = after(closed, run('2026-04-10'));
    expect(accruedDays(late)).toEqual(accruedDays(daily));
    expect(accruedDays(late)).toEqual([
      '2026-04-01',
      '2026-04-02',
      '2026-04-04',
      '2026-04-06',
      '2026-04-07',
      '2026-04-08',
      '2026-04-09',
    ]);
  });

  it('accrues the return day itself when the gold goes back late', () => {
    const events = after(after(closed, run('2026-04-02')), {
      type: 'MarkGoldReturned',
      notes: null,
      today: '2026-04-04',
    });
    expect(accruedDays(events)).toEqual(['2026-04-01', '2026-04-02', '2026-04-04']);
    expect(events.at(-1)).toMatchObject({ type: 'GoldReturned', data: { daysLate: 3 } });
    // Returned: nothing accrues any more.
    spec.given(events).when(run('2026-04-20')).then([]);
  });
});

describe('a delay the customer caused', () => {
  const closed = closedOn(CLOSED_ON);

  it('does not accrue: told the gold is ready, they did not come', () => {
    const events = after(closed, told('2026-03-30'));
    expect(events.at(-1)).toEqual({
      type: 'CustomerToldGoldReady',
      data: {
        toldOn: '2026-03-30',
        channel: 'call',
        toldBy: admin,
        notes: null,
        customerDelayFrom: '2026-03-31',
      },
    });
    spec.given(events).when(run('2026-04-20')).then([]);
    spec
      .given(events)
      .when({ type: 'MarkGoldReturned', notes: null, today: '2026-04-21' })
      .then([{ type: 'GoldReturned', data: { returnedOn: '2026-04-21', notes: null, daysLate: 17 } }]);
  });

  it('runs until the day they booked; if the lender then fails, accrual resumes', () => {
    const waiting = after(after(closed, told('2026-03-30')), run('2026-04-07'));
    expect(accruedDays(waiting)).toEqual([]);
    const booked = after(waiting, {
      type: 'ScheduleGoldReturn',
      scheduledAt: '2026-04-09T05:00:00.000Z',
      notes: null,
      today: '2026-04-07',
    });
    // 9 April is theirs; 10 and 11 April the lender's (12 April a Sunday); the return day 13 April too.
    const late = after(after(booked, run('2026-04-13')), {
      type: 'MarkGoldReturned',
      notes: null,
      today: '2026-04-13',
    });
    expect(accruedDays(late)).toEqual(['2026-04-10', '2026-04-11', '2026-04-13']);
  });

  it('counts from the day the customer was told: the lender’s days before stay accrued', () => {
    const events = after(after(after(closed, run('2026-04-03')), told('2026-04-03')), run('2026-04-10'));
    expect(accruedDays(events)).toEqual(['2026-04-01', '2026-04-02']);
  });

  it('refuses a day in the future, before closure, or before a day already accrued', () => {
    spec
      .given(closed)
      .when(told('2026-04-02', '2026-04-01'))
      .thenThrows('The day the customer was told cannot be in the future');
    spec
      .given(closed)
      .when(told('2026-03-19', '2026-03-24'))
      .thenThrows('The customer can be told only from the day the loan closed (20 Mar 2026)');
    spec
      .given(after(closed, run('2026-04-07')))
      .when(told('2026-04-02', '2026-04-07'))
      .thenThrows(
        'Compensation has already accrued up to 6 Apr 2026: the customer can be recorded as told from that day on',
      );
    spec
      .given(created)
      .when(told('2026-02-02'))
      .thenThrows('Gold is returned only for a repaid, closed loan');
  });
});

describe('a compensation payout', () => {
  const owing = after(closedOn(CLOSED_ON), run('2026-04-07'));
  const payout = (
    extra: Partial<Extract<LoanCommand, { type: 'PayReleaseCompensation' }>> = {},
  ): LoanCommand => ({
    type: 'PayReleaseCompensation',
    payoutId: '7d7e2a8c-50f4-4a5e-9c3b-1b2c3d4e5f60',
    method: 'cash',
    reference: null,
    paidBy: admin,
    today: '2026-04-07',
    ...extra,
  });

  it('pays out everything owed and closes it', () => {
    const paid = after(owing, payout());
    expect(paid.at(-1)).toEqual({
      type: 'ReleaseCompensationPaid',
      data: {
        payoutId: '7d7e2a8c-50f4-4a5e-9c3b-1b2c3d4e5f60',
        amountPaise: 4 * RATE,
        method: 'cash',
        reference: null,
        paidOn: '2026-04-07',
        paidBy: admin,
        days: 4,
        owedAfterPaise: 0,
      },
    });
    expect(stateOf(paid).release).toMatchObject({ accruedPaise: 4 * RATE, paidPaise: 4 * RATE });
    spec.given(paid).when(payout()).then([]);
    spec
      .given(paid)
      .when(payout({ payoutId: '7d7e2a8c-50f4-4a5e-9c3b-1b2c3d4e5f61' }))
      .thenThrows('No compensation is owed on this loan');
  });

  it('needs the bank transfer’s reference, and something owed', () => {
    spec
      .given(owing)
      .when(payout({ method: 'bank', reference: ' ' }))
      .thenThrows('Please give the bank transfer reference');
    spec.given(closedOn(CLOSED_ON)).when(payout()).thenThrows('No compensation is owed on this loan');
  });

  it('leaves later days of delay to accrue again, and a later payout pays only those', () => {
    const again = after(after(owing, payout()), run('2026-04-09'));
    expect(accrued(again).at(-1)).toMatchObject({ days: ['2026-04-07', '2026-04-08'], owedPaise: 2 * RATE });
    const second = after(
      again,
      payout({ payoutId: '7d7e2a8c-50f4-4a5e-9c3b-1b2c3d4e5f62', method: 'bank', reference: 'UTR9' }),
    );
    expect(second.at(-1)).toMatchObject({ data: { amountPaise: 2 * RATE, days: 2, reference: 'UTR9' } });
  });
});

describe('unclaimed gold', () => {
  const closed = closedOn(CLOSED_ON);

  it('is marked 24 months after closure, and accrues nothing from that day', () => {
    const toldAtOnce = after(closed, told(CLOSED_ON));
    spec
      .given(toldAtOnce)
      .when(run('2028-03-20'))
      .then([
        { type: 'GoldUnclaimed', data: { unclaimedOn: '2028-03-20', closedOn: CLOSED_ON, afterMonths: 24 } },
      ]);
    const unclaimed = after(toldAtOnce, run('2028-03-20'));
    spec.given(unclaimed).when(run('2028-03-21')).then([]);
    expect(stateOf(unclaimed).release.unclaimedOn).toBe('2028-03-20');
  });

  it('stops a lender’s delay at the day before it became unclaimed', () => {
    const events = after(closed, run('2028-04-10'));
    const days = accruedDays(events);
    expect(days[0]).toBe('2026-04-01');
    expect(days.at(-1)).toBe('2028-03-18');
    expect(events.at(-1)).toMatchObject({ type: 'GoldUnclaimed', data: { unclaimedOn: '2028-03-20' } });
    spec
      .given(events)
      .when({ type: 'MarkGoldReturned', notes: null, today: '2028-04-11' })
      .then([
        {
          type: 'GoldReturned',
          data: { returnedOn: '2028-04-11', notes: null, daysLate: expect.any(Number) },
        },
      ]);
  });

  it('gets each notice once', () => {
    const notice: LoanCommand = {
      type: 'RecordUnclaimedGoldNotice',
      monthsAfterClosure: 6,
      sentTo: ['9000000003'],
      today: '2026-09-23',
    };
    const sent = after(closed, notice);
    expect(sent.at(-1)).toEqual({
      type: 'UnclaimedGoldNoticeSent',
      data: { monthsAfterClosure: 6, sentTo: ['9000000003'], sentOn: '2026-09-23' },
    });
    spec.given(sent).when(notice).then([]);
  });
});

/**
 * The oracle, written apart from the code: the working days (not Sunday, not a holiday)
 * after the 7th working day from closure, up to the end, that no told-ready period covers.
 */
function oracleLenderDays(
  closedOn: string,
  holidays: Record<string, string>,
  periods: Array<{ from: string; until: string | null }>,
  end: string,
): number {
  const working = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay() !== 0 && !holidays[d];
  let dueBy = closedOn;
  for (let n = 0; n < 7;) {
    dueBy = addDays(dueBy, 1);
    if (working(dueBy)) n += 1;
  }
  let count = 0;
  for (let d = addDays(dueBy, 1); d <= end; d = addDays(d, 1)) {
    if (!working(d)) continue;
    if (periods.some((p) => p.from <= d && (p.until === null || d <= p.until))) continue;
    count += 1;
  }
  return count;
}

describe('property: accrued compensation is the rate times the working days of the lender’s delay', () => {
  const day = (offset: number) => addDays('2026-02-02', offset);
  const action = fc.oneof(
    { arbitrary: fc.constant({ kind: 'run' as const }), weight: 6 },
    { arbitrary: fc.constant({ kind: 'told' as const }), weight: 1 },
    {
      arbitrary: fc.record({ kind: fc.constant('book' as const), ahead: fc.integer({ min: 0, max: 6 }) }),
      weight: 1,
    },
    { arbitrary: fc.constant({ kind: 'idle' as const }), weight: 6 },
  );

  it('over random closures, holiday sets, notifications, bookings and job runs (late ones included)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 280 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 80 }), { maxLength: 8 }),
        fc.array(action, { minLength: 10, maxLength: 60 }),
        fc.boolean(),
        (closeOffset, holidayOffsets, actions, returnAtEnd) => {
          const closed = day(closeOffset);
          const holidays = { ...LENDING_POLICY.holidays };
          for (const h of holidayOffsets) holidays[addDays(closed, h)] = 'Random holiday';
          const policy = { ...LENDING_POLICY, holidays };
          // The loan with this policy, repaid on the closure day.
          let state: LoanState = stateOf(created);
          state = { ...state, policy };
          const apply = (command: LoanCommand) => {
            const events = decideLoan(command, state);
            for (const e of events) state = { ...evolveLoan(state, e), policy };
            return events;
          };
          const all: LoanEvent[] = [];
          all.push(...apply(pay(quoteLoan(state, closed).totalDuePaise / 100, closed)));
          expect(state.goldReturn.status).toBe('pending');
          const periods: Array<{ from: string; until: string | null }> = [];
          let today = closed;
          for (const a of actions) {
            today = addDays(today, 1);
            if (a.kind === 'run') all.push(...apply(run(today)));
            if (a.kind === 'told') {
              all.push(...apply(told(today)));
              periods.push({ from: addDays(today, 1), until: null });
            }
            if (a.kind === 'book') {
              const on = addDays(today, a.ahead);
              all.push(
                ...apply({
                  type: 'ScheduleGoldReturn',
                  scheduledAt: `${on}T05:00:00.000Z`,
                  notes: null,
                  today,
                }),
              );
              const last = periods.at(-1);
              if (last && (last.until === null || last.until >= today)) last.until = on;
            }
          }
          today = addDays(today, 1);
          let end: string;
          if (returnAtEnd) {
            all.push(...apply({ type: 'MarkGoldReturned', notes: null, today }));
            end = today;
          } else {
            all.push(...apply(run(today)));
            end = addDays(today, -1);
          }
          const total = accrued(all).reduce((sum, a) => sum + a.amountPaise, 0);
          const days = accruedDays(all);
          expect(new Set(days).size).toBe(days.length);
          expect(total).toBe(RATE * oracleLenderDays(closed, holidays, periods, end));
          expect(state.release.accruedPaise).toBe(total);
        },
      ),
      { numRuns: 150 },
    );
  });
});
