/**
 * The loan aggregate's decider: the commands a loan takes, and one handler per command.
 * The handlers live by operation in `decide/`; the rules they share (and that other
 * slices read) in `loan.rules.ts`. A command without a handler does not compile.
 */
import type {
  Appraisal,
  CompensationPayoutMethod,
  CustomerToldChannel,
  AuctionVenue,
  DisbursementMethod,
  DisbursementMode,
  GoldItemRecord,
  LendingPolicy,
  LoanCustomerSnapshot,
  LoanEvent,
  LoanEventData,
  LoanPurpose,
  PaymentMethod,
  PaymentType,
  RepaymentType,
} from '@goldledger/contracts';
import type { Decider } from '../platform/decider.js';
import { cancelAuction, markAuctioned, markReadyForAuction, scheduleAuction } from './decide/auction.js';
import {
  recordAuctionCost,
  recordAuctionPublicNotice,
  recordFailedAuction,
  registerAuctionBidder,
  sendAuctionNotice,
  type AuctionStepCommand,
} from './decide/auction-steps.js';
import { markGoldReturned, recordGoldReturnReminder, scheduleGoldReturn } from './decide/gold-return.js';
import { classifyDelinquency } from './decide/delinquency.js';
import { deleteLoan, editLoan, markRenewed } from './decide/loan-record.js';
import { addGoldItems, assessLtv } from './decide/margin-call.js';
import { openLoan } from './decide/open-loan.js';
import { approvePayment, recordPayment, recordRefundPaid, reversePayment } from './decide/payments.js';
import { upgradeRate } from './decide/rate-upgrade.js';
import {
  payReleaseCompensation,
  recordCustomerToldGoldReady,
  recordReleaseDelay,
  recordUnclaimedGoldNotice,
} from './decide/release.js';
import { recordDueDates, recordPaymentReminder } from './decide/schedule.js';
import type { PledgedLoan } from './decide/sanction-checks.js';
import { evolveLoan, initialLoanState, type LoanState } from './loan.state.js';
import type { UpgradedBy } from './loan.rules.js';
import type { DayPrices } from './ltv.js';

export interface Person {
  id: string;
  name: string;
}

/** What a renewal or top-up brings to its new loan's `LoanCreated`: the fresh appraisal, the parent, the borrower's request. */
export type SanctionEvidence = Partial<
  Pick<LoanEventData<'LoanCreated'>, 'appraisal' | 'topUpOf' | 'borrowerRequest'>
>;

export type LoanCommand =
  | {
      type: 'CreateLoan';
      loanId: string;
      /** The customer's branch: the loan belongs to it. */
      branchId: string;
      customer: LoanCustomerSnapshot;
      customerVerified: boolean;
      goldItems: GoldItemRecord[];
      principalPaise: number;
      annualRateBps: number;
      termMonths: number;
      /** EMI, bullet or monthly interest: the schedule's shape and the tenure cap. */
      repaymentType: RepaymentType;
      disbursementDate: string;
      /**
       * The valuation price per gram of 22K (the policy's reference purity) on the loan's
       * date: what `LoanCreated.valuation.goldRatePaisePerGram` records since issue 17.
       */
      goldRatePaisePerGram: number;
      /** The items valued at the register's prices on the loan's date (valuation evidence). */
      appraisal: Appraisal;
      /** The borrower's other open loans (their purpose, what they owe, the gold pledged). */
      borrowerOpenLoans: PledgedLoan[];
      purpose: LoanPurpose;
      /** How the money is paid out; a bank transfer or UPI with its reference. */
      disbursementMode: DisbursementMode;
      disbursementReference: string | null;
      createdBy: { id: string; name: string; role: string; email: string | null };
      renewalOf: { loanStreamId: string; loanId: string } | null;
      /** Why an admin dates the loan further back than an employee may; null otherwise. */
      loanDateReason?: string | null;
      /** Cash out of the branch's drawer, or a bank transfer: follows `disbursementMode`. */
      disbursementMethod?: DisbursementMethod;
      today: string;
      /** The lending policy version in effect on the loan's date, and its document: the loan's for life. */
      policyVersion: number;
      policy: LendingPolicy;
      /** Recorded on the new loan as given (a renewal's or top-up's evidence). */
      sanction?: SanctionEvidence;
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
      /** The receipt's number from the branch's counter (`executeLoanCommand` allocates it). */
      receiptNumber?: string;
      /** Only an admin may date a payment more than `paymentBackdateDays` back, with a reason. */
      byAdmin?: boolean;
      backdateReason?: string | null;
      /** The day's valuation prices when the loan has a margin call open: a payment that brings it within its cap cures it. */
      ltvPrices?: DayPrices | null;
      /**
       * Cash the borrower already paid on the payment's date across all their loans
       * (Income Tax Act s.269ST); counted by whoever records a handcash payment, which is
       * refused when it would take the day to the policy's limit. Absent: not counted.
       */
      cashReceivedSameDayPaise?: number;
    }
  | {
      type: 'ApprovePayment';
      paymentId: string;
      approvedBy: Person;
      today: string;
      /** The excess over closing the admin saw and confirmed (required when the approval leaves one). */
      confirmExcessPaise?: number | null;
      /** As for RecordPayment: the day's prices when a margin call is open. */
      ltvPrices?: DayPrices | null;
    }
  | {
      type: 'RecordRefundPaid';
      refundId: string;
      amountPaise: number;
      method: 'cash' | 'bank_transfer' | 'upi' | 'cheque';
      reference: string | null;
      paidOn: string;
      paidBy: Person;
      today: string;
    }
  | { type: 'ReversePayment'; paymentId: string; reason: string; reversedBy: Person; today: string }
  | {
      type: 'EditLoan';
      goldItems?: GoldItemRecord[];
      depositedBank?: string | null;
      renewalDate?: string | null;
      bankMobileNumber?: string | null;
      bankLoanAmountPaise?: number | null;
      /** Only an admin may change the bank fields (where the gold was re-pledged, and for how much). */
      byAdmin: boolean;
    }
  | {
      type: 'UpgradeRate';
      today: string;
      upgradedBy: UpgradedBy;
      /** An admin's confirmed early upgrade (before the loan's upgrade date): the reason given. */
      earlyReason?: string | null;
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
      /** Null: the floor (90 %, or 85 % after the policy's count of failed auctions) of the gold's value. */
      reservePricePaise: number | null;
      /** The scheduling day's valuation prices: what the gold is worth for the reserve. */
      prices: DayPrices;
      /** Where it is held; checked against the loan's branch. */
      venue: AuctionVenue | null;
      branch: { name: string; address: string };
      notes: string | null;
    }
  | {
      type: 'MarkAuctioned';
      today: string;
      /** Null: the scheduled date. */
      auctionDate: string | null;
      salePaise: number;
      /** The registered bidder whose bid won, and the other bids made (for the register and the report). */
      winningBidderId: string | null;
      otherBids?: Array<{ bidderId: string; amountPaise: number }>;
      /** The auction day's valuation prices: the sale's floor. */
      prices: DayPrices;
      notes: string | null;
    }
  | AuctionStepCommand
  | { type: 'CancelAuction'; notes: string | null }
  | { type: 'ScheduleGoldReturn'; scheduledAt: string | null; notes: string | null; today: string }
  | { type: 'MarkGoldReturned'; notes: string | null; today: string }
  | {
      type: 'RecordGoldReturnReminder';
      reminderType: 'initial' | 'followup' | 'urgent' | 'final';
      sentTo: string[];
      today: string;
    }
  /** The scheduler's daily valuation of an open loan at the day's prices (margin calls). */
  | { type: 'AssessLtv'; today: string; prices: DayPrices }
  /** Appraised gold added to the loan's pledge (a margin call cured with gold). */
  | {
      type: 'AddGoldItems';
      items: GoldItemRecord[];
      /** The items valued at the day's prices, indexed after the loan's current items. */
      appraisal: Appraisal;
      addedBy: Person;
      today: string;
      prices: DayPrices;
    }
  /** The scheduler's daily look at gold still here: compensation for the lender's delay, unclaimed gold. */
  | { type: 'RecordReleaseDelay'; today: string }
  | {
      type: 'RecordCustomerToldGoldReady';
      toldOn: string;
      channel: CustomerToldChannel;
      toldBy: Person;
      notes: string | null;
      today: string;
    }
  | {
      type: 'PayReleaseCompensation';
      payoutId: string;
      method: CompensationPayoutMethod;
      reference: string | null;
      paidBy: Person;
      today: string;
    }
  | { type: 'RecordUnclaimedGoldNotice'; monthsAfterClosure: number; sentTo: string[]; today: string }
  /**
   * The scheduler's daily asset classification (issue 18). `borrowerNpaLoanId`: another of the
   * borrower's open loans that is NPA on its own days past due (borrower-wise), or null.
   */
  | { type: 'ClassifyDelinquency'; today: string; borrowerNpaLoanId: string | null }
  | {
      type: 'RecordPaymentReminder';
      installmentNumber: number;
      kind: 'upcoming' | 'overdue';
      channel: 'sms' | 'email';
      sentTo: string;
      today: string;
    };

/** One handler per command type, each seeing only its own command. */
export type LoanHandlers = {
  [K in LoanCommand['type']]: (command: Extract<LoanCommand, { type: K }>, state: LoanState) => LoanEvent[];
};
export type LoanHandler<K extends LoanCommand['type']> = LoanHandlers[K];

const handlers: LoanHandlers = {
  CreateLoan: openLoan,
  RecordPayment: recordPayment,
  ApprovePayment: approvePayment,
  ReversePayment: reversePayment,
  RecordRefundPaid: recordRefundPaid,
  EditLoan: editLoan,
  UpgradeRate: upgradeRate,
  MarkRenewed: markRenewed,
  DeleteLoan: deleteLoan,
  RecordDueDates: recordDueDates,
  MarkReadyForAuction: markReadyForAuction,
  ScheduleAuction: scheduleAuction,
  MarkAuctioned: markAuctioned,
  CancelAuction: cancelAuction,
  SendAuctionNotice: sendAuctionNotice,
  RecordAuctionPublicNotice: recordAuctionPublicNotice,
  RegisterAuctionBidder: registerAuctionBidder,
  RecordAuctionCost: recordAuctionCost,
  RecordFailedAuction: recordFailedAuction,
  ScheduleGoldReturn: scheduleGoldReturn,
  MarkGoldReturned: markGoldReturned,
  RecordGoldReturnReminder: recordGoldReturnReminder,
  RecordPaymentReminder: recordPaymentReminder,
  AssessLtv: assessLtv,
  AddGoldItems: addGoldItems,
  RecordReleaseDelay: recordReleaseDelay,
  RecordCustomerToldGoldReady: recordCustomerToldGoldReady,
  PayReleaseCompensation: payReleaseCompensation,
  RecordUnclaimedGoldNotice: recordUnclaimedGoldNotice,
  ClassifyDelinquency: classifyDelinquency,
};

export function decideLoan(command: LoanCommand, state: LoanState): LoanEvent[] {
  // The record is keyed by the command's type, so the handler found takes this command.
  const handle = handlers[command.type] as (c: LoanCommand, s: LoanState) => LoanEvent[];
  return handle(command, state);
}

export const loanDecider: Decider<LoanCommand, LoanEvent, LoanState> = {
  initialState: initialLoanState,
  evolve: evolveLoan,
  decide: decideLoan,
};
