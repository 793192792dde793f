import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/decider.js';
import { spec, created, pay, after } from '../../testing/loan-decider-fixtures.js';
import { evolveLoan, initialLoanState } from '../loan.state.js';

describe('the scheduler’s look at due dates', () => {
  it('records each installment falling due once, and overdue once after the grace', () => {
    // The first installment is due 2026-02-28 (a Saturday): overdue from 1 March.
    spec.given(created).when({ type: 'RecordDueDates', today: '2026-02-27' }).then([]);
    const due = after(created, { type: 'RecordDueDates', today: '2026-02-28' });
    expect(due.slice(1).map((e) => e.type)).toEqual(['InstallmentFellDue']);
    spec.given(due).when({ type: 'RecordDueDates', today: '2026-02-28' }).then([]);
    const overdue = after(due, { type: 'RecordDueDates', today: '2026-03-01' });
    expect(overdue.at(-1)).toMatchObject({
      type: 'InstallmentOverdue',
      data: { installmentNumber: 1, dueDate: '2026-02-28', overdueOn: '2026-03-01' },
    });
    spec.given(overdue).when({ type: 'RecordDueDates', today: '2026-03-02' }).then([]);
  });

  it('gives a due date on a Sunday until the next working day', () => {
    // 2026-05-31 is a Sunday: the 4th installment may be paid on Monday 1 June.
    let all = after(created, { type: 'RecordDueDates', today: '2026-05-31' });
    all = after(all, { type: 'RecordDueDates', today: '2026-06-01' });
    const overdue = all.filter((e) => e.type === 'InstallmentOverdue').map((e) => e.data);
    expect(overdue.find((d) => 'dueDate' in d && d.dueDate === '2026-05-31')).toBeUndefined();
    all = after(all, { type: 'RecordDueDates', today: '2026-06-02' });
    expect(all.at(-1)).toMatchObject({
      type: 'InstallmentOverdue',
      data: { dueDate: '2026-05-31', overdueOn: '2026-06-02' },
    });
  });

  it('skips paid installments', () => {
    const state = fold(evolveLoan, initialLoanState(), created);
    const firstTwo = state.installments[0]!.amountPaise + state.installments[1]!.amountPaise;
    const events = after(created, pay(firstTwo / 100, '2026-02-15'));
    const seen = after(events, { type: 'RecordDueDates', today: '2026-04-01' });
    expect(seen.filter((e) => e.type === 'InstallmentFellDue')).toHaveLength(0);
  });
});

describe('payment reminders', () => {
  it('are recorded once per installment, kind, channel and day, and not for a paid installment', () => {
    const r = {
      type: 'RecordPaymentReminder' as const,
      installmentNumber: 1,
      kind: 'upcoming' as const,
      channel: 'sms' as const,
      sentTo: '9000000003',
      today: '2026-02-25',
    };
    const sent = after(created, r);
    expect(sent.at(-1)).toMatchObject({ type: 'PaymentReminderSent', data: { dueDate: '2026-02-28' } });
    spec.given(sent).when(r).then([]);
    expect(after(sent, { ...r, channel: 'email', sentTo: 'x@y.in' }).at(-1)!.type).toBe(
      'PaymentReminderSent',
    );
    const state = fold(evolveLoan, initialLoanState(), created);
    const paid = after(created, pay(state.installments[0]!.amountPaise / 100, '2026-02-20'));
    spec.given(paid).when(r).then([]);
  });
});
