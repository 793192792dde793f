import { describe, expect, it } from 'vitest';
import { LOAN, ledger } from '../testing/loan-events.js';
import { PAYMENT, created, loanEvent, recorded } from '../testing/loan-book.js';
import { evolvePaymentRow } from './loan-payment.evolve.js';
import type { LoanPaymentRow } from './loans.tables.js';

describe("a payment's own row", () => {
  const rec = () =>
    loanEvent('PaymentRecorded', recorded({ method: 'online', status: 'pending', allocation: null }));

  it('is made when the payment is recorded, pending without an allocation', () => {
    expect(evolvePaymentRow(undefined, rec())).toMatchObject({
      payment_id: PAYMENT,
      loan_uuid: LOAN,
      amount_paise: 40_000_00,
      method: 'online',
      payment_type: 'total',
      payment_date: '2026-12-20',
      status: 'pending',
      installment_number: 1,
      entered_by: { id: 'u1', name: 'Ravi' },
      interest_paise: null,
      principal_paise: null,
    });
  });

  it('turns success with its allocation when approved, and reversed with the reason', () => {
    const approved = evolvePaymentRow(
      evolvePaymentRow(undefined, rec()),
      loanEvent('PaymentApproved', {
        paymentId: PAYMENT,
        approvedBy: { id: 'a1', name: 'Asha' },
        allocation: { interestPaise: 100, principalPaise: 200 },
        ledger: ledger(),
      }),
    ) as LoanPaymentRow;
    expect(approved).toMatchObject({
      status: 'success',
      interest_paise: 100,
      principal_paise: 200,
      approved_by: { id: 'a1', name: 'Asha' },
      approved_at: '2026-11-21T04:30:00.000Z',
    });
    const reversed = evolvePaymentRow(
      approved,
      loanEvent('PaymentReversed', {
        paymentId: PAYMENT,
        reason: 'Bounced',
        reversedBy: { id: 'a1', name: 'Asha' },
        ledger: ledger(),
      }),
    );
    expect(reversed).toMatchObject({ status: 'reversed', reversal_reason: 'Bounced', interest_paise: 100 });
  });

  it('is not made by other events', () => {
    expect(evolvePaymentRow(undefined, loanEvent('LoanCreated', created))).toBeUndefined();
  });
});
