/**
 * The loan's pure rules that more than one place reads: the decider's handlers, the
 * queries, documents, reminders and the demo. Nothing here decides a command; other
 * slices import these, never the decider.
 */
import {
  addMonths,
  fillInstallments,
  LENDING_POLICY,
  ladderStepsAbove,
  type LendingPolicy,
  nextLadderRateBps,
  type GoldItemRecord,
  type InstallmentRecord,
  type LedgerSnapshot,
  type LoanEvent,
} from '@goldledger/contracts';
import { DomainError } from '../platform/decider.js';
import { runLedger, type LedgerPayment, type Quote } from './interest.js';
import { payoffOn, quoteOn, type AccrualInputs, type Payoff } from './loan-payoff.js';
import { remainderSchedule } from './repayment-structures.js';
import { successfulPayments, type LoanState } from './loan.state.js';

export const loanNotFound = () => new DomainError('Loan not found', 'loan_not_found', 404);

/** A loan that exists and was not deleted. */
export function requireLoan(s: LoanState): void {
  if (s.status === 'none' || s.status === 'deleted') throw loanNotFound();
}

/** A loan still open: payments, upgrades and auctions need one. */
export function requireActive(s: LoanState): void {
  requireLoan(s);
  if (s.status !== 'active') throw new DomainError('Loan is already closed', 'loan_closed', 409);
}

/** What interest is charged on: the principal, the current rate, from disbursement. */
export const termsOf = (s: LoanState) => ({
  principalPaise: s.principalPaise,
  annualRateBps: s.annualRateBps,
  disbursementDate: s.disbursementDate,
  policy: s.policy,
});

/** Due dates a grace period can attach to: installments and maturity. */
const dueDatesOf = (s: LoanState) => s.installments.map((i) => i.dueDate);

/**
 * The closing quote of a loan on a date, with its payments made by then and its due dates
 * (for holiday grace). A payment dated later never prices an earlier date (the minimum
 * days look ahead of a date, never at what came after it).
 */
export const quoteLoan = (s: LoanState, repaymentDate: string): Quote => quoteOn(accrualOf(s), repaymentDate);

/** What accruing the loan needs (the loans read model keeps the same: `accrualOfRow`). */
export const accrualOf = (s: LoanState): AccrualInputs => ({
  terms: termsOf(s),
  payments: successfulPayments(s),
  dueDates: dueDatesOf(s),
});

/** The balance people see on `date`: what closing the loan costs that day (nothing once settled). */
export const payoffOfLoan = (s: LoanState, date: string): Payoff =>
  payoffOn(accrualOf(s), date, s.status === 'active');

/** The books after these payments, as of a day: what every money event carries. */
export function ledgerSnapshot(
  s: LoanState,
  payments: readonly LedgerPayment[],
  asOf: string,
): LedgerSnapshot {
  const l = runLedger(termsOf(s), payments, asOf);
  return {
    asOf,
    principalOutstandingPaise: l.principalOutstandingPaise,
    interestOutstandingPaise: l.interestOutstandingPaise,
    totalPaidPaise: l.totalPaidPaise,
    interestPaidPaise: l.interestPaidPaise,
    principalPaidPaise: l.principalPaidPaise,
    excessPaise: l.excessPaise,
  };
}

/** On the auction list: ready for auction, or with a date set. A repayment or an admin takes it off. */
export const onAuctionList = (s: Pick<LoanState, 'auction'>) =>
  s.auction.status === 'ready_for_auction' || s.auction.status === 'auction_scheduled';

/** Every gold item has a description, positive weights, net at most gross, and a karat of 1 to 24. */
export function validateGoldItems(items: readonly GoldItemRecord[], message: string): void {
  if (items.length === 0) throw new DomainError(message, 'gold_items_invalid');
  for (const i of items) {
    if (!i.description.trim() || i.grossWeightMg <= 0 || i.netWeightMg <= 0) {
      throw new DomainError(message, 'gold_items_invalid');
    }
    if (i.netWeightMg > i.grossWeightMg) {
      throw new DomainError('Net weight cannot be more than gross weight', 'gold_items_invalid');
    }
    if (!Number.isInteger(i.purityKarat) || i.purityKarat < 1 || i.purityKarat > 24) {
      throw new DomainError('Purity must be between 1 and 24 karat', 'gold_items_invalid');
    }
  }
}

/** The next upgrade after one on `from`: every `upgradeIntervalMonths`, on the loan's day of month. */
export const upgradeDateAfter = (s: LoanState, from: string) =>
  addMonths(from, s.policy.upgradeIntervalMonths, +s.disbursementDate.slice(8, 10));

/**
 * Auction readiness: maturity, plus the grace month, plus one upgrade interval for every
 * ladder step still above the loan's original rate (a 12 % loan climbs four steps first).
 */
export const auctionReadyDate = (
  s: Pick<LoanState, 'disbursementDate' | 'termMonths' | 'originalRateBps'> & { policy?: LendingPolicy },
) => {
  const p = s.policy ?? LENDING_POLICY;
  return addMonths(
    s.disbursementDate,
    s.termMonths + p.auctionGraceMonths + p.upgradeIntervalMonths * ladderStepsAbove(s.originalRateBps, p),
  );
};

/**
 * An upgrade on `date` to `newRateBps`: the new rate applies from disbursement; the unpaid
 * remainder, priced to the next upgrade date, gets new installments in the loan's own
 * structure (`remainderSchedule`: EMI over the next `upgradeScheduleMonths`; bullet all on
 * the next upgrade date; monthly interest each month, the rest on the next upgrade date).
 */
export function priceUpgrade(s: LoanState, date: string, newRateBps: number) {
  const upgraded: LoanState = { ...s, annualRateBps: newRateBps };
  const horizon = upgradeDateAfter(s, date);
  const payments = successfulPayments(s);
  const paid = runLedger(termsOf(s), payments, date).totalPaidPaise;
  const filled = fillInstallments(s.installments, paid);
  const kept: InstallmentRecord[] = filled
    .filter((i) => i.amountPaidPaise > 0)
    .map((i) => ({ number: i.number, dueDate: i.dueDate, amountPaise: i.amountPaidPaise }));
  // Numbers go on after the old schedule's last, never reused: the installments the upgrade
  // replaces keep their numbers in the history (due-date events, receipts).
  const rebuilt = remainderSchedule({
    repaymentType: s.repaymentType,
    terms: termsOf(upgraded),
    payments,
    from: date,
    horizon,
    anchorDay: +s.disbursementDate.slice(8, 10),
    firstNumber: Math.max(0, ...s.installments.map((i) => i.number)) + 1,
  });
  return {
    installments: [...kept, ...rebuilt],
    newTotalPaymentPaise: paid + rebuilt.reduce((sum, i) => sum + i.amountPaise, 0),
    newMonthlyPaymentPaise: rebuilt[0]!.amountPaise,
    nextUpgradeDate: nextLadderRateBps(newRateBps, s.policy) === null ? null : horizon,
    ledger: ledgerSnapshot(upgraded, payments, date),
  };
}

export type UpgradedBy = { type: 'scheduler' | 'admin'; id: string | null; name: string };

/** The next step up the rate ladder, dated `date`; null when the loan is at the final rate. */
export function rateUpgrade(
  s: LoanState,
  date: string,
  upgradedBy: UpgradedBy,
): Extract<LoanEvent, { type: 'RateUpgraded' }> | null {
  const newRate = nextLadderRateBps(s.annualRateBps, s.policy);
  if (newRate === null) return null;
  const priced = priceUpgrade(s, date, newRate);
  return {
    type: 'RateUpgraded',
    data: {
      level: s.level + 1,
      upgradeDate: date,
      previousRateBps: s.annualRateBps,
      newRateBps: newRate,
      previousTotalPaymentPaise: s.totalPaymentPaise,
      newTotalPaymentPaise: priced.newTotalPaymentPaise,
      previousMonthlyPaymentPaise: s.monthlyPaymentPaise,
      newMonthlyPaymentPaise: priced.newMonthlyPaymentPaise,
      installments: priced.installments,
      nextUpgradeDate: priced.nextUpgradeDate,
      upgradedBy,
      ledger: priced.ledger,
    },
  };
}

/** Past maturity or with an installment overdue: the only loans whose gold may go to auction. */
export const inDefault = (s: LoanState, today: string) =>
  today > addMonths(s.disbursementDate, s.termMonths) || s.overdue.length > 0;

/** Gold waiting to go back: a repaid, closed loan whose gold has not been handed over yet. */
export function requireGoldToReturn(s: LoanState): void {
  requireLoan(s);
  if (s.goldReturn.status === null) {
    throw new DomainError('Gold is returned only for a repaid, closed loan', 'no_gold_return', 409);
  }
  if (s.goldReturn.status === 'returned') {
    throw new DomainError('The gold has already been returned', 'gold_returned', 409);
  }
}

/** A gold-return reminder of this kind already went out on this day (one a kind a day). */
export const goldReturnReminderSent = (s: LoanState, reminderType: string, day: string) =>
  s.goldReturn.remindersSent.some((r) => r.reminderType === reminderType && r.sentOn === day);
