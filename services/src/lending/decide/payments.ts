import {
  addDays,
  fillInstallments,
  formatInr,
  formatInrExact,
  maxDate,
  type LoanEvent,
} from '@goldledger/contracts';
import { DomainError } from '../../platform/decider.js';
import { runLedger } from '../interest.js';
import { deriveBooks, resplit, type Books } from '../loan-books.js';
import type { LoanCommand, LoanHandler } from '../loan.decider.js';
import { cureByPayment } from './margin-call.js';
import { onAuctionList, quoteLoan, requireActive, requireLoan, termsOf } from '../loan.rules.js';
import { checkCashReceipt } from './sanction-checks.js';
import { bookPayments, refundOwedPaise, successfulPayments, type LoanState } from '../loan.state.js';
import type { DayPrices } from '../ltv.js';

/**
 * What follows from the books re-derived after a payment is taken, approved or reversed
 * (`deriveBooks`: business-date order): the other payments whose split changed, the loan closing or opening again, and the refund owed
 * when what was paid beyond closing changed. A change that would owe the customer less
 * than was already refunded is refused.
 */
function consequences(
  s: LoanState,
  books: Books,
  payment: { paymentId: string; date: string },
  reason: string,
): LoanEvent[] {
  const events: LoanEvent[] = [];
  events.push(...resplit(s, books, payment.paymentId));
  if (s.status === 'active' && books.closing) {
    events.push({
      type: 'LoanClosed',
      data: {
        closedOn: books.closing.closedOn,
        reason: 'repaid',
        totalInterestPaise: books.closing.totalInterestPaise,
        excessPaise: books.ledger.excessPaise,
        ...(books.closing.roundingPaise > 0 ? { roundingPaise: books.closing.roundingPaise } : {}),
      },
    });
  }
  if (s.status === 'closed' && !books.closing) {
    events.push({ type: 'LoanReopened', data: { reason } });
  }
  const refundable = books.closing ? books.ledger.excessPaise : 0;
  if (refundable !== s.refund.excessPaise) {
    if (refundable < s.refund.refundedPaise) {
      throw new DomainError(
        `${formatInrExact(s.refund.refundedPaise)} was already refunded on this loan: this would leave only ${formatInrExact(refundable)} paid beyond closing. Recover the refund first`,
        'refund_already_paid',
        409,
      );
    }
    events.push({
      type: 'RefundDue',
      data: {
        loanId: s.loanId,
        customerId: s.customer?.customerId ?? '',
        customerName: s.customer?.name ?? '',
        amountPaise: refundable - s.refund.refundedPaise,
        excessPaise: refundable,
        paymentId: payment.paymentId,
        reason,
      },
    });
  }
  return events;
}

/** The split of one payment in the books, as events carry it. */
const allocationOf = (books: Books, paymentId: string) => {
  const split = books.splits.get(paymentId)!;
  return { interestPaise: split.interestPaise, principalPaise: split.principalPaise };
};

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
  const backdated = backdating(c, s);
  const quote = quoteLoan(s, c.paymentDate);
  if (!Number.isSafeInteger(c.amountPaise) || c.amountPaise < quote.minimumTotalDuePaise) {
    throw new DomainError(
      `Amount must be at least ${formatInr(quote.minimumTotalDuePaise)}`,
      'amount_below_minimum',
      400,
      { minimumTotalDue: quote.minimumTotalDuePaise / 100 },
    );
  }
  // Up to the exact amount, paise and all: the counter's whole-rupee total is the least that closes the loan.
  if (c.amountPaise > quote.totalDuePaise + quote.roundingPaise) {
    throw new DomainError(
      `Amount cannot be more than the total due of ${formatInr(quote.totalDuePaise)}`,
      'amount_above_total_due',
      400,
      { totalDue: quote.totalDuePaise / 100 },
    );
  }
  if (c.method === 'handcash' && c.cashReceivedSameDayPaise !== undefined) {
    checkCashReceipt(
      c.amountPaise,
      c.cashReceivedSameDayPaise,
      { date: c.paymentDate, today: c.today },
      s.policy,
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
    backdated,
    ...(c.receiptNumber ? { receiptNumber: c.receiptNumber } : {}),
  };
  const asOf = maxDate(c.today, c.paymentDate);
  if (c.method === 'online') {
    const { ledger } = deriveBooks(s, bookPayments(s), asOf);
    // A transfer that may never arrive does not take the loan off the auction list; its approval does.
    return [{ type: 'PaymentRecorded', data: { ...base, status: 'pending', allocation: null, ledger } }];
  }
  const payment = { paymentId: c.paymentId, amountPaise: c.amountPaise, date: c.paymentDate };
  const books = deriveBooks(s, [...bookPayments(s), payment], asOf);
  const after = consequences(s, books, payment, 'Payment recorded');
  return withCure(s, c.ltvPrices, [
    ...auctionCancelledByRepayment(s),
    {
      type: 'PaymentRecorded',
      data: {
        ...base,
        status: 'success',
        allocation: allocationOf(books, c.paymentId),
        ledger: books.ledger,
      },
    },
    ...after,
  ]);
};

/** A payment's events, and the margin call they cure (see cureByPayment). */
const withCure = (s: LoanState, prices: DayPrices | null | undefined, events: LoanEvent[]) => [
  ...events,
  ...cureByPayment(s, events, prices),
];

/**
 * Staff may date a payment up to `paymentBackdateDays` before the business date; further
 * back only an admin, with a reason, which the event keeps.
 */
function backdating(
  c: Extract<LoanCommand, { type: 'RecordPayment' }>,
  s: LoanState,
): { reason: string; byAdmin: true } | null {
  const window = s.policy.paymentBackdateDays;
  const earliest = addDays(c.today, -window);
  if (c.paymentDate >= earliest) return null;
  if (!c.byAdmin) {
    throw new DomainError(
      `A payment can be dated at most ${window} days back (${earliest}); an admin may record an older date with a reason`,
      'payment_date_too_old',
    );
  }
  const reason = c.backdateReason?.trim();
  if (!reason) {
    throw new DomainError(
      `A reason is required to date a payment more than ${window} days back`,
      'backdate_reason_required',
    );
  }
  return { reason, byAdmin: true };
}

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
  const books = deriveBooks(s, bookPayments(s, payment.paymentId), maxDate(c.today, payment.date));
  const excess = books.closing ? books.ledger.excessPaise - s.refund.excessPaise : 0;
  if (excess > 0 && c.confirmExcessPaise !== excess) {
    throw new DomainError(
      `Approving this payment leaves ${formatInrExact(excess)} above what closes the loan: the loan closes and ${formatInrExact(excess)} becomes a refund due to the customer. Confirm the excess to approve`,
      'excess_confirmation_required',
      409,
      { excess: excess / 100, closesOn: books.closing!.closedOn },
    );
  }
  const after = consequences(s, books, payment, 'Online payment approved');
  return withCure(s, c.ltvPrices, [
    ...auctionCancelledByRepayment(s),
    {
      type: 'PaymentApproved',
      data: {
        paymentId: payment.paymentId,
        approvedBy: c.approvedBy,
        allocation: allocationOf(books, payment.paymentId),
        ledger: books.ledger,
      },
    },
    ...after,
  ]);
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
  const remaining = bookPayments(s).filter((p) => p.paymentId !== payment.paymentId);
  const books = deriveBooks(s, remaining, c.today);
  const reason = `Payment reversed: ${c.reason.trim()}`;
  const after = consequences(s, books, payment, reason);
  return [
    {
      type: 'PaymentReversed',
      data: {
        paymentId: payment.paymentId,
        reason: c.reason.trim(),
        reversedBy: c.reversedBy,
        ledger: books.ledger,
      },
    },
    ...after,
  ];
};

/**
 * An admin pays the customer back what was paid beyond closing: by cash, transfer, UPI or
 * cheque, with its reference, on a day not after today. At most what is owed.
 */
export const recordRefundPaid: LoanHandler<'RecordRefundPaid'> = (c, s) => {
  requireLoan(s);
  if (s.refund.refundIds.includes(c.refundId)) return [];
  const owed = refundOwedPaise(s);
  if (owed <= 0)
    throw new DomainError('Nothing is owed back to the customer on this loan', 'no_refund_due', 409);
  if (!Number.isSafeInteger(c.amountPaise) || c.amountPaise <= 0) {
    throw new DomainError('Refund amount must be more than 0', 'refund_amount_invalid');
  }
  if (c.amountPaise > owed) {
    throw new DomainError(
      `Refund amount cannot be more than the ${formatInrExact(owed)} owed to the customer`,
      'refund_above_due',
      400,
      { refundDue: owed / 100 },
    );
  }
  if (c.paidOn > c.today) throw new DomainError('Refund date cannot be in the future', 'refund_date_future');
  if (s.closedOn && c.paidOn < s.closedOn) {
    throw new DomainError('Refund date cannot be before the loan was closed', 'refund_before_closure');
  }
  return [
    {
      type: 'RefundPaid',
      data: {
        refundId: c.refundId,
        amountPaise: c.amountPaise,
        method: c.method,
        reference: c.reference?.trim() || null,
        paidOn: c.paidOn,
        paidBy: c.paidBy,
        remainingPaise: owed - c.amountPaise,
      },
    },
  ];
};
