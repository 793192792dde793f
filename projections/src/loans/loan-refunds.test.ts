import { describe, expect, it } from 'vitest';
import { ledger } from '../testing/loan-events.js';
import { PAYMENT, PAYMENT2, created, fold, loanEvent, recorded } from '../testing/loan-book.js';
import { evolvePaymentRow } from './loan-payment.evolve.js';
import type { LoanPaymentRow } from './loans.tables.js';

/** Issue 15: money paid beyond closing, owed back to the customer, and its payouts. */
describe('a loan owing its customer a refund', () => {
  const refundDue = (amountPaise: number) =>
    loanEvent('RefundDue', {
      loanId: created.loanId,
      customerId: created.customer.customerId,
      customerName: created.customer.name,
      amountPaise,
      excessPaise: 40_000_00,
      paymentId: PAYMENT,
      reason: 'Payment recorded',
    });

  it('shows what is due, then what was paid back and how', () => {
    const owed = fold([loanEvent('LoanCreated', created), refundDue(40_000_00)])!;
    expect(owed).toMatchObject({
      refund_due_paise: 40_000_00,
      refund_excess_paise: 40_000_00,
      refunded_paise: 0,
    });
    const paid = fold(
      [
        loanEvent('RefundPaid', {
          refundId: PAYMENT2,
          amountPaise: 40_000_00,
          method: 'bank_transfer',
          reference: 'NEFT1',
          paidOn: '2026-12-01',
          paidBy: { id: 'a1', name: 'Asha' },
          remainingPaise: 0,
        }),
      ],
      owed,
    )!;
    expect(paid).toMatchObject({
      refund_due_paise: 0,
      refunded_paise: 40_000_00,
      last_refund: {
        paidOn: '2026-12-01',
        amountPaise: 40_000_00,
        method: 'bank_transfer',
        reference: 'NEFT1',
      },
    });
  });

  it("re-splits a payment's row when the books are re-derived in date order", () => {
    const row = evolvePaymentRow(undefined, loanEvent('PaymentRecorded', recorded())) as LoanPaymentRow;
    const resplit = evolvePaymentRow(
      row,
      loanEvent('PaymentsReallocated', {
        allocations: [{ paymentId: PAYMENT, interestPaise: 0, principalPaise: 0, excessPaise: 40_000_00 }],
        ledger: ledger(),
      }),
    );
    expect(resplit).toMatchObject({ interest_paise: 0, principal_paise: 0, excess_paise: 40_000_00 });
  });
});
