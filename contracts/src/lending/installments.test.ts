import { describe, expect, it } from 'vitest';
import { fillInstallments } from './installments.js';

const schedule = [
  { number: 1, dueDate: '2026-12-21', amountPaise: 10_000 },
  { number: 2, dueDate: '2027-01-21', amountPaise: 10_000 },
  { number: 3, dueDate: '2027-02-21', amountPaise: 10_002 },
];

describe('installments', () => {
  it('take money in order, so an overpayment rolls forward into the next', () => {
    expect(fillInstallments(schedule, 15_000).map((i) => [i.amountPaidPaise, i.status])).toEqual([
      [10_000, 'paid'],
      [5_000, 'unpaid'],
      [0, 'unpaid'],
    ]);
  });

  it('are all settled when the loan is closed, whatever was paid', () => {
    expect(fillInstallments(schedule, 12_000, true).every((i) => i.status === 'paid')).toBe(true);
  });
});
