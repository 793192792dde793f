import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/decider.js';
import { spec, created, pay, after } from '../../testing/loan-decider-fixtures.js';
import { quoteLoan } from '../loan.rules.js';
import { evolveLoan, initialLoanState } from '../loan.state.js';

describe('a repaid loan’s gold', () => {
  const closedOn = (date: string) => {
    const state = fold(evolveLoan, initialLoanState(), created);
    const due = quoteLoan(state, date).totalDuePaise;
    return after(created, pay(due / 100, date));
  };

  it('is pending return once the loan closes, and not before', () => {
    spec
      .given(created)
      .when({ type: 'MarkGoldReturned', notes: null, today: '2026-02-01' })
      .thenThrows('Gold is returned only for a repaid, closed loan');
    const closed = closedOn('2026-03-02'); // a Monday
    const state = fold(evolveLoan, initialLoanState(), closed);
    expect(state.goldReturn.status).toBe('pending');
  });

  it('is booked for a time not in the past, then handed back with the days late counted in working days', () => {
    const closed = closedOn('2026-03-02');
    spec
      .given(closed)
      .when({ type: 'ScheduleGoldReturn', scheduledAt: null, notes: null, today: '2026-03-03' })
      .thenThrows('Please choose a date and time for the return');
    spec
      .given(closed)
      .when({
        type: 'ScheduleGoldReturn',
        scheduledAt: '2026-03-01T05:00:00.000Z',
        notes: null,
        today: '2026-03-03',
      })
      .thenThrows('The return cannot be scheduled in the past');
    const scheduled = after(closed, {
      type: 'ScheduleGoldReturn',
      scheduledAt: '2026-03-05T05:30:00.000Z',
      notes: 'Customer prefers morning',
      today: '2026-03-03',
    });
    // 7 working days from Monday 2 March (Holi on 4 March, Sunday 8 March): due by 11 March.
    const onTime = after(scheduled, { type: 'MarkGoldReturned', notes: null, today: '2026-03-11' });
    expect(onTime.at(-1)).toMatchObject({ type: 'GoldReturned', data: { daysLate: 0 } });
    const late = after(scheduled, { type: 'MarkGoldReturned', notes: null, today: '2026-03-16' });
    expect(late.at(-1)).toMatchObject({ type: 'GoldReturned', data: { daysLate: 4 } }); // 12, 13, 14, 16
    spec
      .given(late)
      .when({ type: 'MarkGoldReturned', notes: null, today: '2026-03-17' })
      .thenThrows('The gold has already been returned');
  });

  it('gets each kind of reminder at most once a day', () => {
    const closed = closedOn('2026-03-02');
    const reminder = {
      type: 'RecordGoldReturnReminder' as const,
      reminderType: 'initial' as const,
      sentTo: ['9000000003'],
      today: '2026-03-05',
    };
    const sent = after(closed, reminder);
    expect(sent.at(-1)!.type).toBe('GoldReturnReminderSent');
    spec.given(sent).when(reminder).then([]);
  });
});
