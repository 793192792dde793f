import {
  fillInstallments,
  formatInr,
  maxDate,
  type LedgerSnapshot,
  type LoanEvent,
} from '@goldledger/contracts';
import { DomainError } from '../../platform/decider.js';
import { runLedger } from '../interest.js';
import type { LoanHandler } from '../loan.decider.js';
import {
  ledgerSnapshot,
  onAuctionList,
  quoteLoan,
  requireActive,
  requireLoan,
  termsOf,
} from '../loan.rules.js';
import { successfulPayments, type LoanState } from '../loan.state.js';

const closedSnapshot = (s: LoanState, asOf: string, paid: number, interestPaid: number): LedgerSnapshot => ({
  asOf,
  principalOutstandingPaise: 0,
  interestOutstandingPaise: 0,
  totalPaidPaise: paid,
  interestPaidPaise: interestPaid,
  principalPaidPaise: s.principalPaise,
});

/**
 * Takes a payment into the books. A payment that reaches the closing amount of its date
 * closes the loan (minimum interest and the early-closure rebate priced in); anything
 * else is allocated by the ledger, interest first.
 */
function settle(
  s: LoanState,
  payment: { paymentId: string; amountPaise: number; date: string },
  today: string,
): {
  allocation: { interestPaise: number; principalPaise: number };
  ledger: LedgerSnapshot;
  closing: LoanEvent | null;
} {
  const before = successfulPayments(s);
  const quote = quoteLoan(s, payment.date);
  const paidBefore = runLedger(termsOf(s), before, payment.date);
  const asOf = maxDate(today, payment.date);
  if (payment.amountPaise >= quote.totalDuePaise) {
    const interestNow = quote.interestPaise - quote.rebatePaise;
    const principalNow = quote.principalOutstandingPaise;
    const totalPaid = paidBefore.totalPaidPaise + payment.amountPaise;
    const interestPaid = paidBefore.interestPaidPaise + interestNow;
    return {
      allocation: { interestPaise: interestNow, principalPaise: principalNow },
      ledger: closedSnapshot(s, asOf, totalPaid, interestPaid),
      closing: {
        type: 'LoanClosed',
        data: {
          closedOn: payment.date,
          reason: 'repaid',
          totalInterestPaise: interestPaid,
          excessPaise: payment.amountPaise - quote.totalDuePaise,
        },
      },
    };
  }
  const after = [...before, { date: payment.date, amountPaise: payment.amountPaise }];
  const ledger = runLedger(termsOf(s), after, payment.date);
  return {
    allocation: ledger.allocations.at(-1)!,
    ledger: ledgerSnapshot(s, after, asOf),
    closing: null,
  };
}

/** A repayment takes a loan off the auction list. */
const auctionCancelledByRepayment = (s: LoanState): LoanEvent[] =>
  onAuctionList(s) ? [{ type: 'AuctionCancelled', data: { reason: 'repayment', notes: null } }] : [];

/**
 * A repayment of at least the minimum due and at most the total due, dated between the
 * loan day and today. Cash counts at once; an online transfer waits for an admin's approval.
 * A payment id seen before changes nothing.
 */
export const recordPayment: LoanHandler<'RecordPayment'> = (c, s) => {
  requireActive(s);
  if (s.payments.some((p) => p.paymentId === c.paymentId)) return [];
  if (c.method === 'online' && !c.transactionId?.trim()) {
    throw new DomainError('Transaction ID is required for online payments', 'transaction_id_required');
  }
  if (c.method === 'online' && !c.bankName?.trim()) {
    throw new DomainError('Bank Name is required for online payments', 'bank_name_required');
  }
  if (c.paymentDate < s.disbursementDate) {
    throw new DomainError('Repayment date cannot be before the loan date', 'payment_before_loan');
  }
  if (c.paymentDate > c.today) {
    throw new DomainError('Repayment date cannot be in the future', 'payment_date_future');
  }
  const quote = quoteLoan(s, c.paymentDate);
  if (!Number.isSafeInteger(c.amountPaise) || c.amountPaise < quote.minimumTotalDuePaise) {
    throw new DomainError(
      `Amount must be at least ${formatInr(quote.minimumTotalDuePaise)}`,
      'amount_below_minimum',
      400,
      { minimumTotalDue: quote.minimumTotalDuePaise / 100 },
    );
  }
  if (c.amountPaise > quote.totalDuePaise) {
    throw new DomainError(
      `Amount cannot be more than the total due of ${formatInr(quote.totalDuePaise)}`,
      'amount_above_total_due',
      400,
      { totalDue: quote.totalDuePaise / 100 },
    );
  }
  const paidSoFar = runLedger(termsOf(s), successfulPayments(s), c.paymentDate).totalPaidPaise;
  const open = fillInstallments(s.installments, paidSoFar).find((i) => i.status === 'unpaid');
  const base = {
    paymentId: c.paymentId,
    amountPaise: c.amountPaise,
    method: c.method,
    paymentType: c.paymentType,
    paymentDate: c.paymentDate,
    transactionId: c.transactionId?.trim() || null,
    bankName: c.bankName?.trim() || null,
    installmentNumber: open?.number ?? s.installments.at(-1)!.number,
    enteredBy: c.enteredBy,
  };
  if (c.method === 'online') {
    const ledger = ledgerSnapshot(s, successfulPayments(s), maxDate(c.today, c.paymentDate));
    // A transfer that may never arrive does not take the loan off the auction list; its approval does.
    return [{ type: 'PaymentRecorded', data: { ...base, status: 'pending', allocation: null, ledger } }];
  }
  const settled = settle(
    s,
    { paymentId: c.paymentId, amountPaise: c.amountPaise, date: c.paymentDate },
    c.today,
  );
  return [
    ...auctionCancelledByRepayment(s),
    {
      type: 'PaymentRecorded',
      data: { ...base, status: 'success', allocation: settled.allocation, ledger: settled.ledger },
    },
    ...(settled.closing ? [settled.closing] : []),
  ];
};

/** An admin confirms an online transfer arrived: it counts from its own date. */
export const approvePayment: LoanHandler<'ApprovePayment'> = (c, s) => {
  requireLoan(s);
  const payment = s.payments.find((p) => p.paymentId === c.paymentId);
  if (!payment) throw new DomainError('Payment not found', 'payment_not_found', 404);
  if (payment.status === 'success') return [];
  if (payment.status === 'reversed') {
    throw new DomainError('This payment was reversed and cannot be approved', 'payment_reversed', 409);
  }
  if (s.status !== 'active') {
    throw new DomainError(
      'Loan is already closed: reverse this payment and refund it instead',
      'loan_closed',
      409,
    );
  }
  const settled = settle(
    s,
    { paymentId: payment.paymentId, amountPaise: payment.amountPaise, date: payment.date },
    c.today,
  );
  return [
    ...auctionCancelledByRepayment(s),
    {
      type: 'PaymentApproved',
      data: {
        paymentId: payment.paymentId,
        approvedBy: c.approvedBy,
        allocation: settled.allocation,
        ledger: settled.ledger,
      },
    },
    ...(settled.closing ? [settled.closing] : []),
  ];
};

/**
 * A mistaken payment is reversed with a reason, never edited; the books are rerun without
 * it, and a loan it had closed opens again. Not once the gold has gone back, nor on a
 * renewed loan, whose gold secures the new one.
 */
export const reversePayment: LoanHandler<'ReversePayment'> = (c, s) => {
  requireLoan(s);
  const payment = s.payments.find((p) => p.paymentId === c.paymentId);
  if (!payment) throw new DomainError('Payment not found', 'payment_not_found', 404);
  if (!c.reason.trim()) throw new DomainError('A reason is required to reverse a payment', 'reason_required');
  if (payment.status === 'reversed') return [];
  if (s.goldReturn.status === 'returned') {
    throw new DomainError(
      'The gold has been handed back: this loan can no longer be reopened by a reversal',
      'gold_returned',
      409,
    );
  }
  if (s.status === 'renewed') {
    throw new DomainError(
      "A renewed loan's payments cannot be reversed: its gold secures the new loan",
      'loan_renewed',
      409,
    );
  }
  const remaining = s.payments
    .filter((p) => p.status === 'success' && p.paymentId !== payment.paymentId)
    .map((p) => ({ date: p.date, amountPaise: p.amountPaise }));
  const ledger = ledgerSnapshot(s, remaining, c.today);
  const events: LoanEvent[] = [
    {
      type: 'PaymentReversed',
      data: { paymentId: payment.paymentId, reason: c.reason.trim(), reversedBy: c.reversedBy, ledger },
    },
  ];
  if (s.status === 'closed' && payment.status === 'success') {
    events.push({ type: 'LoanReopened', data: { reason: `Payment reversed: ${c.reason.trim()}` } });
  }
  return events;
};
