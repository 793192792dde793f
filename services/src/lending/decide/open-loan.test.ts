import { describe, expect, it } from 'vitest';
import { LoanEvents } from '@goldledger/contracts';
import { spec, createCommand, created } from '../../testing/loan-decider-fixtures.js';

describe('a new loan', () => {
  it('is created with a schedule on the loan day, clamped at month ends, and valid events', () => {
    const [e] = created;
    expect(e!.type).toBe('LoanCreated');
    const data = LoanEvents.LoanCreated.parse(e!.data);
    expect(data.installments.map((i) => i.dueDate)).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
    ]);
    expect(data.installments.reduce((s, i) => s + i.amountPaise, 0)).toBe(data.totalPaymentPaise);
    expect(data.valuation.goldValuePaise).toBe(1_54_042_08); // 24 g of 916 at ₹6,418.42 (₹7,000 × 916/999)
  });

  it.each([
    [{ customerVerified: false }, 'Customer must be verified before adding a loan.'],
    [{ principalPaise: 99_00 }, 'Loan amount must be at least 100'],
    [{ termMonths: 0 }, 'Loan duration must be at least 1 month'],
    [{ annualRateBps: -100 }, 'Interest rate cannot be negative'],
    [{ goldItems: [] }, 'Please add at least one gold item with complete details'],
    [
      { goldItems: [{ description: ' ', grossWeightMg: 1000, netWeightMg: 900, purityKarat: 22 }] },
      'Please add at least one gold item with complete details',
    ],
    [{ disbursementDate: '2026-02-01' }, 'Loan date cannot be in the future'],
    [{ principalPaise: 1_40_000_00 }, /the 85% tier applies/],
  ])('refuses %o with "%s"', (change, message) => {
    spec
      .given([])
      .when({ ...createCommand, ...change })
      .thenThrows(message);
  });
});
