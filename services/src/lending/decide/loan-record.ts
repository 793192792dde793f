import type { LoanEvent } from '@goldledger/contracts';
import { DomainError } from '../../platform/decider.js';
import type { LoanHandler } from '../loan.decider.js';
import { requireLoan, validateGoldItems } from '../loan.rules.js';

const BANK_FIELDS = ['depositedBank', 'renewalDate', 'bankMobileNumber', 'bankLoanAmountPaise'] as const;

/**
 * Corrects a loan's gold items or its bank record. Only an admin may touch the bank fields
 * (where the gold was re-pledged, and for how much). Fields that do not change are left
 * out; an edit that changes nothing appends nothing.
 */
export const editLoan: LoanHandler<'EditLoan'> = (c, s) => {
  requireLoan(s);
  const touchesBank = BANK_FIELDS.some((f) => c[f] !== undefined);
  if (touchesBank && !c.byAdmin) {
    throw new DomainError(
      'Only an admin can change the bank details of a loan',
      'bank_fields_admin_only',
      403,
    );
  }
  if (c.goldItems) validateGoldItems(c.goldItems, 'All gold items must have a description and valid weights');
  const data: Extract<LoanEvent, { type: 'LoanDetailsEdited' }>['data'] = {};
  if (c.goldItems && JSON.stringify(c.goldItems) !== JSON.stringify(s.goldItems))
    data.goldItems = c.goldItems;
  if (c.depositedBank !== undefined && c.depositedBank !== s.bank.depositedBank)
    data.depositedBank = c.depositedBank;
  if (c.renewalDate !== undefined && c.renewalDate !== s.bank.renewalDate) data.renewalDate = c.renewalDate;
  if (c.bankMobileNumber !== undefined && c.bankMobileNumber !== s.bank.bankMobileNumber)
    data.bankMobileNumber = c.bankMobileNumber;
  if (c.bankLoanAmountPaise !== undefined && c.bankLoanAmountPaise !== s.bank.bankLoanAmountPaise)
    data.bankLoanAmountPaise = c.bankLoanAmountPaise;
  return Object.keys(data).length === 0 ? [] : [{ type: 'LoanDetailsEdited', data }];
};

/** A closed loan renewed into a new one; the same renewal again changes nothing. */
export const markRenewed: LoanHandler<'MarkRenewed'> = (c, s) => {
  requireLoan(s);
  if (s.status === 'renewed') {
    if (s.renewedTo?.loanStreamId === c.newLoanStreamId) return [];
    throw new DomainError('Loan has already been renewed', 'loan_renewed', 409);
  }
  if (s.status !== 'closed')
    throw new DomainError('Only closed loans can be renewed', 'loan_not_closed', 409);
  return [
    {
      type: 'LoanRenewed',
      data: { renewedOn: c.renewedOn, newLoanStreamId: c.newLoanStreamId, newLoanId: c.newLoanId },
    },
  ];
};

/** Hides a loan from the book; its events stay, and the count of payments it had is kept. */
export const deleteLoan: LoanHandler<'DeleteLoan'> = (c, s) => {
  requireLoan(s);
  const paymentCount = s.payments.filter((p) => p.status !== 'reversed').length;
  return [
    {
      type: 'LoanDeleted',
      data: { reason: c.reason?.trim() || null, hadPayments: paymentCount > 0, paymentCount },
    },
  ];
};
