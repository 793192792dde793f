import { bpsToPercent, fillInstallments, mgToGrams, paiseToRupees } from '@goldledger/contracts';
import { payoffOfLoan } from './loan.rules.js';
import { installmentPlaceIn, refundOwedPaise, type LoanState } from './loan.state.js';

const r = paiseToRupees;

/**
 * A loan as the API speaks it (rupees, grams, percent), with its books run to `asOf`, and
 * its stream `version` when known: what a person's next command sends as `expectedVersion`.
 */
export function loanView(loanUuid: string, s: LoanState, asOf: string, version?: number) {
  const closed = s.status !== 'active';
  // Today's payoff: the closing quote's figure, the one every screen and document shows.
  const payoff = payoffOfLoan(s, asOf);
  const totalPaid = s.payments
    .filter((p) => p.status === 'success')
    .reduce((sum, p) => sum + p.amountPaise, 0);
  return {
    _id: loanUuid,
    loanId: s.loanId,
    ...(version === undefined ? {} : { version }),
    status: s.status,
    customerId: s.customer?.customerId ?? null,
    name: s.customer?.name ?? null,
    amount: r(s.principalPaise),
    term: s.termMonths,
    repaymentType: s.repaymentType,
    interestRate: bpsToPercent(s.annualRateBps),
    originalInterestRate: bpsToPercent(s.originalRateBps),
    currentInterestRate: bpsToPercent(s.annualRateBps),
    currentUpgradeLevel: s.level,
    disbursementDate: s.disbursementDate,
    monthlyPayment: r(s.monthlyPaymentPaise),
    totalPayment: r(s.totalPaymentPaise),
    totalPaid: r(totalPaid),
    principalOutstanding: r(payoff.principalOutstandingPaise),
    interestOutstanding: r(payoff.interestOutstandingPaise),
    remainingBalance: r(payoff.totalDuePaise),
    balanceAsOf: asOf,
    nextUpgradeDate: s.nextUpgradeDate,
    closedOn: s.closedOn,
    goldItems: s.goldItems.map((i) => ({
      description: i.description,
      grossWeight: mgToGrams(i.grossWeightMg),
      netWeight: mgToGrams(i.netWeightMg),
      purityKarat: i.purityKarat,
    })),
    installments: fillInstallments(s.installments, totalPaid, closed).map((i) => ({
      number: i.number,
      dueDate: i.dueDate,
      amount: r(i.amountPaise),
      amountPaid: r(i.amountPaidPaise),
      status: i.status,
      place: installmentPlaceIn(s, i.number),
    })),
    payments: s.payments.map((p) => ({
      _id: p.paymentId,
      date: p.date,
      amount: r(p.amountPaise),
      method: p.method,
      paymentType: p.paymentType,
      status: p.status,
      installmentNumber: p.installmentNumber,
      installmentPlace: installmentPlaceIn(s, p.installmentNumber),
      receiptNumber: p.receiptNumber,
    })),
    depositedBank: s.bank.depositedBank,
    renewalDate: s.bank.renewalDate,
    bankMobileNumber: s.bank.bankMobileNumber,
    bankLoanAmount: s.bank.bankLoanAmountPaise === null ? null : r(s.bank.bankLoanAmountPaise),
    renewedTo: s.renewedTo,
    /** Paid beyond closing: what is owed back now, and what was already paid back. */
    refund: {
      excess: r(s.refund.excessPaise),
      auctionSurplus: r(s.auction.sale?.surplusPaise ?? 0),
      refunded: r(s.refund.refundedPaise),
      due: r(refundOwedPaise(s)),
    },
    /** Sold at auction for less than was owed: still owed by the borrower. */
    auctionShortfall: r(s.auction.sale?.shortfallPaise ?? 0),
  };
}
