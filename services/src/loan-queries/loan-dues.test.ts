import { describe, expect, it } from 'vitest';
import { duesOf } from './loan-list-row.js';

type Row = Parameters<typeof duesOf>[0];

const installment = (number: number, dueDate: string, amountPaise: number, amountPaidPaise = 0) => ({
  number,
  dueDate,
  amountPaise,
  amountPaidPaise,
  status: amountPaidPaise >= amountPaise ? ('paid' as const) : ('unpaid' as const),
});

const row = (installments: Row['installments'], status: Row['status'] = 'active'): Row => ({
  status,
  installments,
});

describe('what a loan row asks next and what it is behind by', () => {
  it('counts unpaid installments due before today as overdue and the first one from today on as next', () => {
    const dues = duesOf(
      row([
        installment(1, '2026-09-10', 3_092_00, 3_092_00),
        installment(2, '2026-10-10', 3_092_00, 1_000_00),
        installment(3, '2026-11-10', 3_092_00),
        installment(4, '2026-12-10', 3_092_00),
        installment(5, '2027-01-10', 3_092_00),
      ]),
      '2026-11-26',
    );
    expect(dues).toEqual({
      nextDue: { date: '2026-12-10', amount: 3_092, inDays: 14 },
      overdue: { amount: 2_092 + 3_092, since: '2026-10-10' },
    });
  });

  it('treats an installment falling due today as next, not overdue', () => {
    const dues = duesOf(row([installment(1, '2026-11-26', 5_000_00)]), '2026-11-26');
    expect(dues).toEqual({
      nextDue: { date: '2026-11-26', amount: 5_000, inDays: 0 },
      overdue: { amount: 0, since: null },
    });
  });

  it('leaves next empty when every unpaid installment is past due (a matured loan)', () => {
    const dues = duesOf(row([installment(1, '2026-01-10', 50_000_00, 10_000_00)]), '2026-11-26');
    expect(dues).toEqual({ nextDue: null, overdue: { amount: 40_000, since: '2026-01-10' } });
  });

  it('asks nothing of a closed or renewed loan', () => {
    for (const status of ['closed', 'renewed'] as const) {
      expect(duesOf(row([installment(1, '2026-01-10', 5_000_00)], status), '2026-11-26')).toEqual({
        nextDue: null,
        overdue: { amount: 0, since: null },
      });
    }
  });
});
