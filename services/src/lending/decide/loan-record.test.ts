import { describe, it } from 'vitest';
import { spec, created, pay, after } from '../../testing/loan-decider-fixtures.js';

describe('an active loan', () => {
  it('lets only an admin change the bank fields', () => {
    spec
      .given(created)
      .when({ type: 'EditLoan', depositedBank: 'SBI', byAdmin: false })
      .thenThrows('Only an admin can change the bank details of a loan');
    spec
      .given(created)
      .when({ type: 'EditLoan', depositedBank: 'SBI', byAdmin: true })
      .then([{ type: 'LoanDetailsEdited', data: { depositedBank: 'SBI' } }]);
    spec
      .given(created)
      .when({
        type: 'EditLoan',
        goldItems: [{ description: 'Ring', grossWeightMg: 0, netWeightMg: 0, purityKarat: 22 }],
        byAdmin: false,
      })
      .thenThrows('All gold items must have a description and valid weights');
  });
});

describe('renewal and deletion', () => {
  it('renews only a closed loan, and deletes keeping the payment count', () => {
    spec
      .given(created)
      .when({
        type: 'MarkRenewed',
        renewedOn: '2026-03-01',
        newLoanStreamId: 'loan-x',
        newLoanId: 'GL260300001',
      })
      .thenThrows('Only closed loans can be renewed');
    const events = after(created, pay(2_000, '2026-03-02'));
    spec
      .given(events)
      .when({ type: 'DeleteLoan', reason: 'Entered twice' })
      .then([{ type: 'LoanDeleted', data: { reason: 'Entered twice', hadPayments: true, paymentCount: 1 } }]);
  });
});
