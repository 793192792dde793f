import {
  addDays,
  addMonths,
  fillInstallments,
  formatInr,
  type GoldItemRecord,
  type InstallmentRecord,
  type LedgerSnapshot,
  type LoanCustomerSnapshot,
  type LoanEvent,
  type PaymentMethod,
  type PaymentType,
  businessDate,
  LENDING_POLICY as P,
  ladderStepsAbove,
  nextLadderRateBps,
  goldValuePaise,
  valueGold,
  graceEndOf,
  releaseDueBy,
  workingDaysBetween,
} from '@goldledger/contracts';
import { DomainError, type Decider } from '../platform/decider.js';
import {
  buildInstallments,
  quoteRepayment,
  runLedger,
  totalForTerm,
  type LedgerPayment,
  type Quote,
} from './interest.js';
import {
  evolveLoan,
  initialLoanState,
  reminderKey,
  successfulPayments,
  type LoanState,
} from './loan.state.js';

export interface Person {
  id: string;
  name: string;
}

export type LoanCommand =
  | {
      type: 'CreateLoan';
      loanId: string;
      customer: LoanCustomerSnapshot;
      customerVerified: boolean;
      goldItems: GoldItemRecord[];
      principalPaise: number;
      annualRateBps: number;
      termMonths: number;
      disbursementDate: string;
      goldRatePaisePerGram: number;
      createdBy: { id: string; name: string; role: string; email: string | null };
      renewalOf: { loanStreamId: string; loanId: string } | null;
      today: string;
    }
  | {
      type: 'RecordPayment';
      paymentId: string;
      amountPaise: number;
      method: PaymentMethod;
      paymentType: PaymentType;
      paymentDate: string;
      transactionId: string | null;
      bankName: string | null;
      enteredBy: Person;
      today: string;
    }
  | { type: 'ApprovePayment'; paymentId: string; approvedBy: Person; today: string }
  | { type: 'ReversePayment'; paymentId: string; reason: string; reversedBy: Person; today: string }
  | {
      type: 'EditLoan';
      goldItems?: GoldItemRecord[];
      depositedBank?: string | null;
      renewalDate?: string | null;
      bankMobileNumber?: string | null;
      bankLoanAmountPaise?: number | null;
      /** Bank fields are for admins only (001 §6). */
      byAdmin: boolean;
    }
  | {
      type: 'UpgradeRate';
      today: string;
      upgradedBy: { type: 'scheduler' | 'admin'; id: string | null; name: string };
    }
  | { type: 'MarkRenewed'; renewedOn: string; newLoanStreamId: string; newLoanId: string }
  | { type: 'DeleteLoan'; reason: string | null }
  /** The scheduler's daily look at the schedule: installments fallen due, and overdue. */
  | { type: 'RecordDueDates'; today: string }
  | { type: 'MarkReadyForAuction'; today: string; by: 'scheduler' | 'admin'; notes: string | null }
  | {
      type: 'ScheduleAuction';
      today: string;
      auctionDate: string | null;
      /** Null: 90 % of the gold's value. */
      reservePricePaise: number | null;
      goldRatePaisePerGram: number;
      notes: string | null;
    }
  | {
      type: 'MarkAuctioned';
      today: string;
      auctionDate: string | null;
      salePaise: number;
      /** The day's rate: the sale's floor when no reserve was set. */
      goldRatePaisePerGram: number;
      notes: string | null;
    }
  | { type: 'CancelAuction'; notes: string | null }
  | { type: 'ScheduleGoldReturn'; scheduledAt: string | null; notes: string | null; today: string }
  | { type: 'MarkGoldReturned'; notes: string | null; today: string }
  | {
      type: 'RecordGoldReturnReminder';
      reminderType: 'initial' | 'followup' | 'urgent' | 'final';
      sentTo: string[];
      today: string;
    }
  | {
      type: 'RecordPaymentReminder';
      installmentNumber: number;
      kind: 'upcoming' | 'overdue';
      channel: 'sms' | 'email';
      sentTo: string;
      today: string;
    };

const notFound = () => new DomainError('Loan not found', 'loan_not_found', 404);

function requireActive(s: LoanState): void {
  if (s.status === 'none' || s.status === 'deleted') throw notFound();
  if (s.status !== 'active') throw new DomainError('Loan is already closed', 'loan_closed', 409);
}

export const termsOf = (s: LoanState) => ({
  principalPaise: s.principalPaise,
  annualRateBps: s.annualRateBps,
  disbursementDate: s.disbursementDate,
});

/** Due dates a grace period can attach to: installments and maturity. */
const dueDatesOf = (s: LoanState) => s.installments.map((i) => i.dueDate);

/** The closing quote of a loan on a date, with its payments and its due dates (for holiday grace). */
export const quoteLoan = (s: LoanState, repaymentDate: string): Quote =>
  quoteRepayment(termsOf(s), successfulPayments(s), repaymentDate, dueDatesOf(s));

function ledgerSnapshot(s: LoanState, payments: readonly LedgerPayment[], asOf: string): LedgerSnapshot {
  const l = runLedger(termsOf(s), payments, asOf);
  return {
    asOf,
    principalOutstandingPaise: l.principalOutstandingPaise,
    interestOutstandingPaise: l.interestOutstandingPaise,
    totalPaidPaise: l.totalPaidPaise,
    interestPaidPaise: l.interestPaidPaise,
    principalPaidPaise: l.principalPaidPaise,
  };
}

const closedSnapshot = (s: LoanState, asOf: string, paid: number, interestPaid: number): LedgerSnapshot => ({
  asOf,
  principalOutstandingPaise: 0,
  interestOutstandingPaise: 0,
  totalPaidPaise: paid,
  interestPaidPaise: interestPaid,
  principalPaidPaise: s.principalPaise,
});

const laterOf = (a: string, b: string) => (a > b ? a : b);

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
  const asOf = laterOf(today, payment.date);
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

function validateGoldItems(items: readonly GoldItemRecord[], message: string): void {
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

/** The months the next upgrade comes after the last: maturity first, then every 3 months. */
export const upgradeDateAfter = (s: LoanState, from: string) =>
  addMonths(from, P.upgradeIntervalMonths, +s.disbursementDate.slice(8, 10));

/** Auction readiness: maturity + 1 month + 3 months per ladder step above the original rate (DOMAIN.md). */
export const auctionReadyDate = (s: Pick<LoanState, 'disbursementDate' | 'termMonths' | 'originalRateBps'>) =>
  addMonths(
    s.disbursementDate,
    s.termMonths + P.auctionGraceMonths + P.upgradeIntervalMonths * ladderStepsAbove(s.originalRateBps),
  );

/**
 * An upgrade on `date` to `newRateBps`: the new rate applies from disbursement; the unpaid
 * remainder, priced to the next upgrade date, is spread over the next 3 months.
 */
export function priceUpgrade(s: LoanState, date: string, newRateBps: number) {
  const upgraded: LoanState = { ...s, annualRateBps: newRateBps };
  const horizon = upgradeDateAfter(s, date);
  const payments = successfulPayments(s);
  const remaining = quoteRepayment(termsOf(upgraded), payments, horizon).totalDuePaise;
  const paid = runLedger(termsOf(s), payments, date).totalPaidPaise;
  const filled = fillInstallments(s.installments, paid);
  const kept: InstallmentRecord[] = filled
    .filter((i) => i.amountPaidPaise > 0)
    .map((i) => ({ number: i.number, dueDate: i.dueDate, amountPaise: i.amountPaidPaise }));
  // Numbers go on after the old schedule's last, never reused: the installments the upgrade
  // replaces keep their numbers in the history (due-date events, receipts).
  const rebuilt = buildInstallments(
    remaining,
    P.upgradeScheduleMonths,
    date,
    +s.disbursementDate.slice(8, 10),
    Math.max(0, ...s.installments.map((i) => i.number)) + 1,
  );
  return {
    installments: [...kept, ...rebuilt],
    newTotalPaymentPaise: paid + remaining,
    newMonthlyPaymentPaise: rebuilt[0]!.amountPaise,
    nextUpgradeDate: nextLadderRateBps(newRateBps) === null ? null : horizon,
    ledger: ledgerSnapshot(upgraded, payments, date),
  };
}

function requireGoldToReturn(s: LoanState): void {
  if (s.status === 'none' || s.status === 'deleted') throw notFound();
  if (s.goldReturn.status === null) {
    throw new DomainError('Gold is returned only for a repaid, closed loan', 'no_gold_return', 409);
  }
  if (s.goldReturn.status === 'returned') {
    throw new DomainError('The gold has already been returned', 'gold_returned', 409);
  }
}

const businessDateOf = (iso: string) => businessDate(new Date(iso));

/** A repayment takes a loan off the auction list (DOMAIN.md "Auctions"). */
const auctionCancelledByRepayment = (s: LoanState): LoanEvent[] =>
  s.auction.status === 'ready_for_auction' || s.auction.status === 'auction_scheduled'
    ? [{ type: 'AuctionCancelled', data: { reason: 'repayment', notes: null } }]
    : [];

/** Past maturity or with an installment overdue: the only loans whose gold may go to auction. */
const inDefault = (s: LoanState, today: string) =>
  today > addMonths(s.disbursementDate, s.termMonths) || s.overdue.length > 0;

/** The scheduler's, auctions', gold returns' and reminders' commands. */
function decideOperations(command: LoanCommand, s: LoanState): LoanEvent[] | null {
  switch (command.type) {
    case 'MarkReadyForAuction': {
      requireActive(s);
      if (s.auction.status !== 'not_ready') {
        if (command.by === 'scheduler') return [];
        throw new DomainError('This loan is already on the auction list', 'auction_already', 409);
      }
      // Once people have taken a loan off the list (an admin, or a repayment), only a person puts it back.
      if (command.by === 'scheduler' && (command.today < auctionReadyDate(s) || s.auction.cancelled)) {
        return [];
      }
      if (command.by === 'admin' && !inDefault(s, command.today)) {
        throw new DomainError(
          'Only a loan past maturity or with an overdue installment can be put up for auction',
          'auction_not_in_default',
          409,
        );
      }
      const outstanding = quoteLoan(s, command.today).totalDuePaise;
      return [
        {
          type: 'MarkedReadyForAuction',
          data: {
            readyOn: command.today,
            by: command.by,
            notes: command.notes,
            outstandingPaise: outstanding,
          },
        },
      ];
    }
    case 'ScheduleAuction': {
      requireActive(s);
      if (!command.auctionDate) throw new DomainError('Auction date is required', 'auction_date_required');
      if (s.auction.status !== 'ready_for_auction' && s.auction.status !== 'auction_scheduled') {
        throw new DomainError('Mark the loan ready for auction first', 'auction_not_ready', 409);
      }
      if (command.auctionDate < command.today) {
        throw new DomainError('Auction date cannot be in the past', 'auction_date_past');
      }
      const value = goldValuePaise(s.goldItems, command.goldRatePaisePerGram);
      const floor = Math.ceil((value * P.reservePriceMinBps) / 10_000);
      const reserve = command.reservePricePaise ?? floor;
      if (reserve < floor) {
        throw new DomainError(
          `Reserve price must be at least ${formatInr(floor)} (${P.reservePriceMinBps / 100}% of the gold's value ${formatInr(value)} today)`,
          'reserve_too_low',
        );
      }
      return [
        {
          type: 'AuctionScheduled',
          data: {
            auctionDate: command.auctionDate,
            reservePricePaise: reserve,
            goldValuePaise: value,
            notes: command.notes,
          },
        },
      ];
    }
    case 'MarkAuctioned': {
      requireActive(s);
      if (s.auction.status !== 'ready_for_auction' && s.auction.status !== 'auction_scheduled') {
        throw new DomainError('Mark the loan ready for auction first', 'auction_not_ready', 409);
      }
      const date = command.auctionDate ?? command.today;
      if (date > command.today) {
        throw new DomainError('Auction date cannot be in the future', 'auction_date_future');
      }
      const listedOn = s.auction.readyOn ?? s.disbursementDate;
      if (date < listedOn) {
        throw new DomainError(
          `Auction date cannot be before the loan was listed for auction (${listedOn})`,
          'auction_date_before_listing',
        );
      }
      if (!Number.isSafeInteger(command.salePaise) || command.salePaise <= 0) {
        throw new DomainError('Sale amount is required', 'sale_amount_required');
      }
      // Sold straight from the list, with no reserve set: the floor is 90 % of the gold's value today.
      const reserve =
        s.auction.reservePricePaise ??
        Math.ceil(
          (goldValuePaise(s.goldItems, command.goldRatePaisePerGram) * P.reservePriceMinBps) / 10_000,
        );
      if (command.salePaise < reserve) {
        throw new DomainError(
          `Sale amount is below the reserve price of ${formatInr(reserve)}`,
          'below_reserve',
        );
      }
      const quote = quoteLoan(s, laterOf(date, s.disbursementDate));
      const owed = quote.principalOutstandingPaise + quote.interestPaise;
      const interestPaid = runLedger(termsOf(s), successfulPayments(s), date).interestPaidPaise;
      return [
        {
          type: 'Auctioned',
          data: {
            auctionDate: date,
            salePaise: command.salePaise,
            reservePricePaise: reserve,
            outstandingPaise: owed,
            surplusPaise: Math.max(0, command.salePaise - owed),
            shortfallPaise: Math.max(0, owed - command.salePaise),
            notes: command.notes,
          },
        },
        {
          type: 'LoanClosed',
          data: {
            closedOn: date,
            reason: 'auctioned',
            totalInterestPaise: interestPaid + quote.interestPaise,
            excessPaise: 0,
          },
        },
      ];
    }
    case 'CancelAuction': {
      if (s.status === 'none' || s.status === 'deleted') throw notFound();
      if (s.auction.status !== 'ready_for_auction' && s.auction.status !== 'auction_scheduled') {
        throw new DomainError('This loan is not on the auction list', 'auction_not_listed', 409);
      }
      return [{ type: 'AuctionCancelled', data: { reason: 'admin', notes: command.notes } }];
    }
    case 'ScheduleGoldReturn': {
      requireGoldToReturn(s);
      if (!command.scheduledAt || Number.isNaN(Date.parse(command.scheduledAt))) {
        throw new DomainError('Please choose a date and time for the return', 'return_date_required');
      }
      if (businessDateOf(command.scheduledAt) < command.today) {
        throw new DomainError('The return cannot be scheduled in the past', 'return_date_past');
      }
      return [
        { type: 'GoldReturnScheduled', data: { scheduledAt: command.scheduledAt, notes: command.notes } },
      ];
    }
    case 'MarkGoldReturned': {
      requireGoldToReturn(s);
      return [
        {
          type: 'GoldReturned',
          data: {
            returnedOn: command.today,
            notes: command.notes,
            daysLate: Math.max(0, workingDaysBetween(releaseDueBy(s.closedOn!), command.today)),
          },
        },
      ];
    }
    case 'RecordGoldReturnReminder': {
      requireGoldToReturn(s);
      if (
        s.goldReturn.remindersSent.some(
          (r) => r.reminderType === command.reminderType && r.sentOn === command.today,
        )
      ) {
        return [];
      }
      return [
        {
          type: 'GoldReturnReminderSent',
          data: { reminderType: command.reminderType, sentTo: command.sentTo, sentOn: command.today },
        },
      ];
    }
    case 'RecordPaymentReminder': {
      requireActive(s);
      const c = command;
      if (s.remindersSent.includes(reminderKey(c.installmentNumber, c.kind, c.channel, c.today))) return [];
      const paid = runLedger(termsOf(s), successfulPayments(s), c.today).totalPaidPaise;
      const installment = fillInstallments(s.installments, paid).find(
        (i) => i.number === c.installmentNumber,
      );
      if (!installment) throw new DomainError('Installment not found', 'installment_not_found', 404);
      if (installment.status === 'paid') return [];
      return [
        {
          type: 'PaymentReminderSent',
          data: {
            installmentNumber: c.installmentNumber,
            dueDate: installment.dueDate,
            kind: c.kind,
            channel: c.channel,
            sentTo: c.sentTo,
            sentOn: c.today,
            amountDuePaise: installment.amountPaise - installment.amountPaidPaise,
          },
        },
      ];
    }
    case 'RecordDueDates': {
      if (s.status !== 'active') return [];
      const paid = runLedger(termsOf(s), successfulPayments(s), command.today).totalPaidPaise;
      const events: LoanEvent[] = [];
      for (const i of fillInstallments(s.installments, paid)) {
        if (i.status === 'paid' || i.dueDate > command.today) continue;
        const amountDuePaise = i.amountPaise - i.amountPaidPaise;
        if (!s.fellDue.includes(i.number)) {
          events.push({
            type: 'InstallmentFellDue',
            data: { installmentNumber: i.number, dueDate: i.dueDate, amountDuePaise },
          });
        }
        const graceEnd = graceEndOf(i.dueDate);
        if (command.today > graceEnd && !s.overdue.includes(i.number)) {
          events.push({
            type: 'InstallmentOverdue',
            data: {
              installmentNumber: i.number,
              dueDate: i.dueDate,
              overdueOn: addDays(graceEnd, 1),
              amountDuePaise,
            },
          });
        }
      }
      return events;
    }
    default:
      return null;
  }
}

export function decideLoan(command: LoanCommand, s: LoanState): LoanEvent[] {
  switch (command.type) {
    case 'CreateLoan': {
      const c = command;
      if (s.status !== 'none') throw new DomainError('Loan already exists', 'loan_exists', 409);
      if (!c.customerVerified) {
        throw new DomainError('Customer must be verified before adding a loan.', 'customer_not_verified');
      }
      if (!Number.isSafeInteger(c.principalPaise) || c.principalPaise < P.minimumLoanPaise) {
        throw new DomainError('Loan amount must be at least 100', 'amount_too_small');
      }
      if (!Number.isInteger(c.termMonths) || c.termMonths < P.minimumTermMonths) {
        throw new DomainError('Loan duration must be at least 1 month', 'term_too_short');
      }
      if (c.termMonths > P.maximumTermMonths) {
        throw new DomainError(`Loan duration must be at most ${P.maximumTermMonths} months`, 'term_too_long');
      }
      if (c.annualRateBps < 0) throw new DomainError('Interest rate cannot be negative', 'rate_negative');
      validateGoldItems(c.goldItems, 'Please add at least one gold item with complete details');
      if (c.disbursementDate > c.today) {
        throw new DomainError('Loan date cannot be in the future', 'loan_date_future');
      }
      const valuation = valueGold(c.goldItems, c.goldRatePaisePerGram, c.principalPaise);
      if (c.principalPaise > valuation.eligiblePaise) {
        throw new DomainError(
          `Loan amount ${formatInr(c.principalPaise)} is above the ${valuation.ltvCapBps / 100}% loan-to-value limit: at most ${formatInr(valuation.eligiblePaise)} can be lent against this gold (value ${formatInr(valuation.goldValuePaise)} at ${formatInr(c.goldRatePaisePerGram)}/g)`,
          'ltv_exceeded',
          422,
          { eligibleAmount: valuation.eligiblePaise / 100, goldValue: valuation.goldValuePaise / 100 },
        );
      }
      const terms = {
        principalPaise: c.principalPaise,
        annualRateBps: c.annualRateBps,
        disbursementDate: c.disbursementDate,
      };
      const total = totalForTerm(terms, c.termMonths);
      const installments = buildInstallments(
        total,
        c.termMonths,
        c.disbursementDate,
        +c.disbursementDate.slice(8, 10),
      );
      return [
        {
          type: 'LoanCreated',
          data: {
            loanId: c.loanId,
            customer: c.customer,
            goldItems: c.goldItems,
            principalPaise: c.principalPaise,
            annualRateBps: c.annualRateBps,
            termMonths: c.termMonths,
            disbursementDate: c.disbursementDate,
            totalPaymentPaise: total,
            monthlyPaymentPaise: installments[0]!.amountPaise,
            installments,
            valuation,
            createdBy: c.createdBy,
            renewalOf: c.renewalOf,
          },
        },
      ];
    }

    case 'RecordPayment': {
      const c = command;
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
        const ledger = ledgerSnapshot(s, successfulPayments(s), laterOf(c.today, c.paymentDate));
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
    }

    case 'ApprovePayment': {
      const c = command;
      if (s.status === 'none' || s.status === 'deleted') throw notFound();
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
    }

    case 'ReversePayment': {
      const c = command;
      if (s.status === 'none' || s.status === 'deleted') throw notFound();
      const payment = s.payments.find((p) => p.paymentId === c.paymentId);
      if (!payment) throw new DomainError('Payment not found', 'payment_not_found', 404);
      if (!c.reason.trim())
        throw new DomainError('A reason is required to reverse a payment', 'reason_required');
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
    }

    case 'EditLoan': {
      const c = command;
      if (s.status === 'none' || s.status === 'deleted') throw notFound();
      const bankFields = ['depositedBank', 'renewalDate', 'bankMobileNumber', 'bankLoanAmountPaise'] as const;
      const touchesBank = bankFields.some((f) => c[f] !== undefined);
      if (touchesBank && !c.byAdmin) {
        throw new DomainError(
          'Only an admin can change the bank details of a loan',
          'bank_fields_admin_only',
          403,
        );
      }
      if (c.goldItems)
        validateGoldItems(c.goldItems, 'All gold items must have a description and valid weights');
      const data: Extract<LoanEvent, { type: 'LoanDetailsEdited' }>['data'] = {};
      if (c.goldItems && JSON.stringify(c.goldItems) !== JSON.stringify(s.goldItems))
        data.goldItems = c.goldItems;
      if (c.depositedBank !== undefined && c.depositedBank !== s.bank.depositedBank)
        data.depositedBank = c.depositedBank;
      if (c.renewalDate !== undefined && c.renewalDate !== s.bank.renewalDate)
        data.renewalDate = c.renewalDate;
      if (c.bankMobileNumber !== undefined && c.bankMobileNumber !== s.bank.bankMobileNumber)
        data.bankMobileNumber = c.bankMobileNumber;
      if (c.bankLoanAmountPaise !== undefined && c.bankLoanAmountPaise !== s.bank.bankLoanAmountPaise)
        data.bankLoanAmountPaise = c.bankLoanAmountPaise;
      return Object.keys(data).length === 0 ? [] : [{ type: 'LoanDetailsEdited', data }];
    }

    case 'UpgradeRate': {
      const c = command;
      requireActive(s);
      const newRate = nextLadderRateBps(s.annualRateBps);
      if (newRate === null) {
        if (c.upgradedBy.type === 'scheduler') return [];
        throw new DomainError('This loan has reached the final upgrade level (36%).', 'final_level', 409);
      }
      // The scheduler acts once the due date (and any holiday grace) has passed, and dates the
      // upgrade on the due date itself, so a late run back-fills the same date; an admin upgrades today.
      let date = c.today;
      if (c.upgradedBy.type === 'scheduler') {
        // The customer has the whole due date (and the grace to the next working day when
        // it is a Sunday or holiday) to pay before the rate rises.
        if (!s.nextUpgradeDate || c.today <= graceEndOf(s.nextUpgradeDate)) return [];
        date = s.nextUpgradeDate;
      }
      const priced = priceUpgrade(s, date, newRate);
      return [
        {
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
            upgradedBy: c.upgradedBy,
            ledger: priced.ledger,
          },
        },
      ];
    }

    case 'MarkRenewed': {
      const c = command;
      if (s.status === 'none' || s.status === 'deleted') throw notFound();
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
    }

    case 'DeleteLoan': {
      if (s.status === 'none' || s.status === 'deleted') throw notFound();
      const paymentCount = s.payments.filter((p) => p.status !== 'reversed').length;
      return [
        {
          type: 'LoanDeleted',
          data: { reason: command.reason?.trim() || null, hadPayments: paymentCount > 0, paymentCount },
        },
      ];
    }

    case 'RecordDueDates':
    case 'MarkReadyForAuction':
    case 'ScheduleAuction':
    case 'MarkAuctioned':
    case 'CancelAuction':
    case 'ScheduleGoldReturn':
    case 'MarkGoldReturned':
    case 'RecordGoldReturnReminder':
    case 'RecordPaymentReminder':
      return decideOperations(command, s)!;

    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const loanDecider: Decider<LoanCommand, LoanEvent, LoanState> = {
  initialState: initialLoanState,
  evolve: evolveLoan,
  decide: decideLoan,
};
