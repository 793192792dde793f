import { describe, expect, it } from 'vitest';
import { paymentReceiptDocument, type PaymentReceipt } from './payment-receipt.document.js';
import { clip, displayDate, grams, inr } from './format.js';

describe('figures on documents', () => {
  it('show weights to 2 decimals, half away from zero', () => {
    expect(grams(12_345)).toBe('12.35');
    expect(grams(8_500)).toBe('8.50');
    expect(grams(4)).toBe('0.00');
    expect(grams(5)).toBe('0.01');
    expect(grams(1_234_567)).toBe('1234.57');
  });

  it('show rupees in en-IN grouping with the rupee sign', () => {
    expect(inr(1_00_000_00)).toBe('₹1,00,000');
    expect(inr(12_34_567_50)).toBe('₹12,34,568');
  });

  it('show business dates as day, month and year', () => {
    expect(displayDate('2026-05-21')).toBe('21 May 2026');
    expect(displayDate(null)).toBe('-');
  });

  it('cut long free text, whole characters, with an ellipsis', () => {
    expect(clip('Counterfeit notes', 500)).toBe('Counterfeit notes');
    expect(clip('x'.repeat(501), 500)).toBe(`${'x'.repeat(500)}…`);
    expect(clip('💰'.repeat(3), 2)).toBe('💰💰…');
    expect(clip('💰'.repeat(3), 3)).toBe('💰💰💰');
  });
});

describe('the payment receipt', () => {
  it('prints at most 500 characters of a reversal reason, however long the recorded one', () => {
    const receipt: PaymentReceipt = {
      receiptNumber: 'GL261100001_1',
      loanId: 'GL261100001',
      paymentId: 'p1',
      customerName: 'Borrower',
      customerId: 'CUS000001',
      paymentDate: '2026-11-21',
      amountPaise: 1_000_00,
      method: 'handcash',
      transactionId: null,
      bankName: null,
      status: 'reversed',
      // An event recorded before the request bound the reason.
      reversalReason: 'x'.repeat(100 * 1024),
      receivedBy: 'Asha Admin',
      totalLoanAmountPaise: 50_000_00,
      totalPaidPaise: 0,
      remainingBalancePaise: 50_000_00,
      balanceAsOf: '2026-11-21',
      issuer: {
        branchName: 'GoldLedger Main Branch',
        address: 'Main Road, Bengaluru',
        phone: '+91 90000 00100',
      },
      split: null,
    };
    const printed = JSON.stringify(paymentReceiptDocument(receipt).content);
    expect(printed).toContain(`Reason: ${'x'.repeat(500)}…`);
    expect(printed.length).toBeLessThan(5_000);
  });
});
