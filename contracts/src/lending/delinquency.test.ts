import { describe, expect, it } from 'vitest';
import { classForDaysPastDue, nextLoanClass, pastDueOn } from './delinquency.js';
import { LENDING_POLICY } from './policy.js';

const policy = LENDING_POLICY;
const schedule = [
  { number: 1, dueDate: '2026-06-10', amountPaise: 100_00 },
  { number: 2, dueDate: '2026-07-10', amountPaise: 100_00 },
  { number: 3, dueDate: '2026-08-10', amountPaise: 100_00 },
];

describe('delinquency classes (issue 18)', () => {
  it('bands days past due as SMA-0 1-30, SMA-1 31-60, SMA-2 61-90, NPA over 90', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91].map((d) => classForDaysPastDue(d, policy))).toEqual([
      'standard',
      'sma_0',
      'sma_0',
      'sma_1',
      'sma_1',
      'sma_2',
      'sma_2',
      'npa',
    ]);
  });

  it('counts from the oldest installment not fully paid, past its grace', () => {
    expect(pastDueOn({ schedules: [schedule], paidPaise: 0, today: '2026-06-10', policy }).daysPastDue).toBe(
      0,
    );
    expect(pastDueOn({ schedules: [schedule], paidPaise: 0, today: '2026-06-11', policy })).toEqual({
      daysPastDue: 1,
      oldestUnpaidDueDate: '2026-06-10',
      arrearsPaise: 100_00,
    });
    // Part of the first installment paid: it is still the oldest unpaid.
    expect(pastDueOn({ schedules: [schedule], paidPaise: 50_00, today: '2026-07-20', policy })).toEqual({
      daysPastDue: 40,
      oldestUnpaidDueDate: '2026-06-10',
      arrearsPaise: 150_00,
    });
    expect(
      pastDueOn({ schedules: [schedule], paidPaise: 100_00, today: '2026-07-20', policy }).daysPastDue,
    ).toBe(10);
  });

  it('a reschedule does not cure arrears: the worst of the schedules counts', () => {
    const rebuilt = [{ number: 1, dueDate: '2026-09-10', amountPaise: 300_00 }];
    const r = pastDueOn({ schedules: [schedule, rebuilt], paidPaise: 0, today: '2026-08-20', policy });
    expect(r.daysPastDue).toBe(71);
  });

  it('a due date on a Sunday is not past due on the next working day', () => {
    const sunday = [{ number: 1, dueDate: '2026-06-14', amountPaise: 100_00 }];
    expect(pastDueOn({ schedules: [sunday], paidPaise: 0, today: '2026-06-15', policy }).daysPastDue).toBe(0);
    expect(pastDueOn({ schedules: [sunday], paidPaise: 0, today: '2026-06-16', policy }).daysPastDue).toBe(2);
  });

  it('an NPA loan stays NPA until its arrears are all paid', () => {
    expect(nextLoanClass('npa', 20, policy)).toBe('npa');
    expect(nextLoanClass('npa', 0, policy)).toBe('standard');
    expect(nextLoanClass('sma_2', 20, policy)).toBe('sma_0');
  });
});
