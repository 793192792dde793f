import { z } from 'zod';
import { CustomerProfile } from '../customers/customer-events.js';
import { AuctionEventSchemas, AuctionVenue } from './auction-events.js';
import { BusinessDate } from './dates.js';
import { DelinquencyEventSchemas } from './delinquency.js';
import { ReleaseEventSchemas } from './release.js';
import { Appraisal, GoldItemSanctionFields, MarginCallEventSchemas, SanctionFields } from './sanction.js';

const PaiseInt = z.number().int();
const PositivePaise = z.number().int().positive();

/** A pledged ornament as recorded: weights in milligrams, purity in karat (22K unless told). */
export const GoldItemRecord = z.object({
  description: z.string().min(1),
  grossWeightMg: z.number().int().positive(),
  netWeightMg: z.number().int().positive(),
  purityKarat: z.number().int().min(1).max(24),
  ...GoldItemSanctionFields,
});
export type GoldItemRecord = z.infer<typeof GoldItemRecord>;

/** The customer as they were when the loan was made (the customer stream holds later edits). */
export const LoanCustomerSnapshot = CustomerProfile.extend({
  customerStreamId: z.string(),
  customerId: z.string(),
  aadharNumber: z.string(),
});
export type LoanCustomerSnapshot = z.infer<typeof LoanCustomerSnapshot>;

export const InstallmentRecord = z.object({
  number: z.number().int().positive(),
  dueDate: BusinessDate,
  amountPaise: PositivePaise,
});
export type InstallmentRecord = z.infer<typeof InstallmentRecord>;

/**
 * The loan's books right after an event, as of the event's business date. Events carry
 * it so read models copy figures instead of re-deriving interest (they never see the
 * decider). `interestOutstandingPaise` is accrued and unpaid, compounded included.
 */
export const LedgerSnapshot = z.object({
  asOf: BusinessDate,
  principalOutstandingPaise: PaiseInt,
  interestOutstandingPaise: PaiseInt,
  totalPaidPaise: PaiseInt,
  interestPaidPaise: PaiseInt,
  principalPaidPaise: PaiseInt,
  /**
   * Paid beyond what closing the loan took (a back-dated payment that closed it earlier, an
   * approval that overpaid): owed back to the customer. totalPaid = interestPaid +
   * principalPaid + excess. Absent on events before issue 15 (none had any to record).
   */
  excessPaise: PaiseInt.nonnegative().optional(),
  /**
   * On the books of a closed loan: the paise left off the closing amount at the counter
   * (the total due is whole rupees, rounded down; the rebate rounded up), waived off the
   * interest first. Absent: none (and on every event before issue 19).
   */
  roundingPaise: PaiseInt.nonnegative().optional(),
});
export type LedgerSnapshot = z.infer<typeof LedgerSnapshot>;

export const Allocation = z.object({ interestPaise: PaiseInt, principalPaise: PaiseInt });
export type Allocation = z.infer<typeof Allocation>;

export const PaymentMethod = z.enum(['handcash', 'online']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const PaymentType = z.enum(['total', 'interest', 'principal']);
/** How a loan's money reached the customer: cash from the branch's drawer, or a bank transfer. */
export const DisbursementMethod = z.enum(['cash', 'bank'], { error: 'Please choose cash or bank transfer' });
export type DisbursementMethod = z.infer<typeof DisbursementMethod>;
export type PaymentType = z.infer<typeof PaymentType>;

export const UpgradedBy = z.object({
  type: z.enum(['scheduler', 'admin']),
  id: z.string().nullable(),
  name: z.string(),
});

/** Events of a loan stream (`loan-<uuid>`, stream type `loan`). Schema version 1. */
export const LoanEvents = {
  LoanCreated: z.object({
    loanId: z.string(),
    customer: LoanCustomerSnapshot,
    goldItems: z.array(GoldItemRecord).min(1),
    principalPaise: PositivePaise,
    annualRateBps: z.number().int().nonnegative(),
    termMonths: z.number().int().positive(),
    disbursementDate: BusinessDate,
    totalPaymentPaise: PositivePaise,
    monthlyPaymentPaise: PositivePaise,
    installments: z.array(InstallmentRecord).min(1),
    valuation: z.object({
      goldRatePaisePerGram: PositivePaise,
      goldValuePaise: PaiseInt,
      eligiblePaise: PaiseInt,
      ltvCapBps: z.number().int().positive(),
    }),
    createdBy: z.object({ id: z.string(), name: z.string(), role: z.string(), email: z.string().nullable() }),
    renewalOf: z.object({ loanStreamId: z.string(), loanId: z.string() }).nullable(),
    /** Why an admin dated the loan further back than an employee may (absent on older loans). */
    loanDateReason: z.string().min(1).nullable().optional(),
    /** The branch the loan belongs to (and its gold is kept at); absent on loans made before branches (DEFAULT_BRANCH_ID). */
    branchId: z.uuid().optional(),
    /** Cash (out of the branch's cash book) or bank; absent on loans made before the cash book: cash. */
    disbursementMethod: DisbursementMethod.optional(),
    ...SanctionFields,
  }),
  PaymentRecorded: z.object({
    paymentId: z.uuid(),
    amountPaise: PositivePaise,
    method: PaymentMethod,
    paymentType: PaymentType,
    paymentDate: BusinessDate,
    transactionId: z.string().nullable(),
    bankName: z.string().nullable(),
    /** handcash: success; online: pending until an admin approves. */
    status: z.enum(['success', 'pending']),
    /** The lowest installment still open when the payment came in. */
    installmentNumber: z.number().int().positive(),
    /**
     * The receipt's number, `RCPT-<branch code>-<yyyymm>-<nnnnn>`, from the branch's counter of
     * the month, spent in the same transaction as this event (issue 19). Absent on payments
     * recorded before: their receipt is `{loanId}_{installmentNumber}`.
     */
    receiptNumber: z.string().min(1).optional(),
    enteredBy: z.object({ id: z.string(), name: z.string() }),
    /** How a successful payment was split; null while pending. */
    allocation: Allocation.nullable(),
    ledger: LedgerSnapshot,
    /** Dated further back than staff may: the admin who did and why. Absent when within the window. */
    backdated: z.object({ reason: z.string().min(1), byAdmin: z.literal(true) }).nullish(),
  }),
  /**
   * A payment dated before others re-ran the books in business-date order: the successful
   * payments whose split changed, with their new split (what went beyond closing is excess).
   */
  PaymentsReallocated: z.object({
    allocations: z.array(
      z.object({
        paymentId: z.uuid(),
        interestPaise: PaiseInt,
        principalPaise: PaiseInt,
        excessPaise: PaiseInt.nonnegative(),
      }),
    ),
    ledger: LedgerSnapshot,
  }),
  /**
   * What the lender owes the customer back on this loan changed: paid beyond what closing
   * took. `amountPaise` is what is owed now (excess less refunds paid), after the change.
   */
  RefundDue: z.object({
    loanId: z.string(),
    customerId: z.string(),
    customerName: z.string(),
    amountPaise: PaiseInt.nonnegative(),
    excessPaise: PaiseInt.nonnegative(),
    /** The payment whose recording, approval or reversal changed the excess. */
    paymentId: z.uuid(),
    reason: z.string(),
  }),
  /** An admin paid the customer back (part of) what was owed. */
  RefundPaid: z.object({
    refundId: z.uuid(),
    amountPaise: PositivePaise,
    method: z.enum(['cash', 'bank_transfer', 'upi', 'cheque']),
    reference: z.string().nullable(),
    paidOn: BusinessDate,
    paidBy: z.object({ id: z.string(), name: z.string() }),
    /** Still owed after this payout. */
    remainingPaise: PaiseInt.nonnegative(),
  }),
  PaymentApproved: z.object({
    paymentId: z.uuid(),
    approvedBy: z.object({ id: z.string(), name: z.string() }),
    allocation: Allocation,
    ledger: LedgerSnapshot,
  }),
  PaymentReversed: z.object({
    paymentId: z.uuid(),
    reason: z.string().min(1),
    reversedBy: z.object({ id: z.string(), name: z.string() }),
    ledger: LedgerSnapshot,
  }),
  LoanDetailsEdited: z.object({
    goldItems: z.array(GoldItemRecord).min(1).optional(),
    depositedBank: z.string().nullable().optional(),
    renewalDate: BusinessDate.nullable().optional(),
    bankMobileNumber: z.string().nullable().optional(),
    bankLoanAmountPaise: PaiseInt.nullable().optional(),
  }),
  RateUpgraded: z.object({
    level: z.number().int().positive(),
    upgradeDate: BusinessDate,
    previousRateBps: z.number().int().nonnegative(),
    newRateBps: z.number().int().positive(),
    previousTotalPaymentPaise: PaiseInt,
    newTotalPaymentPaise: PaiseInt,
    previousMonthlyPaymentPaise: PaiseInt,
    newMonthlyPaymentPaise: PaiseInt,
    /** The whole schedule after the upgrade: settled installments kept, the rest rebuilt. */
    installments: z.array(InstallmentRecord).min(1),
    nextUpgradeDate: BusinessDate.nullable(),
    upgradedBy: UpgradedBy,
    /** An admin's upgrade before the loan's upgrade date: why, as the admin confirmed it (absent otherwise). */
    earlyReason: z.string().min(1).nullable().optional(),
    ledger: LedgerSnapshot,
  }),
  LoanClosed: z.object({
    closedOn: BusinessDate,
    reason: z.enum(['repaid', 'auctioned']),
    totalInterestPaise: PaiseInt,
    /** Paid above what closing needed (an approved online payment overtaken by another); owed back. */
    excessPaise: PaiseInt,
    /** Paise under the rupee left off the closing amount at the counter, waived (issue 19); absent: none. */
    roundingPaise: PaiseInt.nonnegative().optional(),
  }),
  /** A reversal took back the payment that had closed the loan. */
  LoanReopened: z.object({ reason: z.string() }),
  LoanRenewed: z.object({
    renewedOn: BusinessDate,
    newLoanStreamId: z.string(),
    newLoanId: z.string(),
  }),
  LoanDeleted: z.object({
    reason: z.string().nullable(),
    hadPayments: z.boolean(),
    paymentCount: z.number().int().nonnegative(),
  }),
  /** The scheduler saw an installment fall due unpaid (once per installment). */
  InstallmentFellDue: z.object({
    installmentNumber: z.number().int().positive(),
    dueDate: BusinessDate,
    amountDuePaise: PositivePaise,
  }),
  /**
   * Still unpaid after its due date (and the grace to the next working day when the due
   * date was a Sunday or holiday). Once per installment.
   */
  InstallmentOverdue: z.object({
    installmentNumber: z.number().int().positive(),
    dueDate: BusinessDate,
    overdueOn: BusinessDate,
    amountDuePaise: PositivePaise,
  }),
  MarkedReadyForAuction: z.object({
    readyOn: BusinessDate,
    by: z.enum(['scheduler', 'admin']),
    notes: z.string().nullable(),
    outstandingPaise: PaiseInt,
  }),
  AuctionScheduled: z.object({
    auctionDate: BusinessDate,
    /** At least 90 % (85 % after the policy's count of failed auctions) of the gold's value on the day it was set. */
    reservePricePaise: PositivePaise,
    goldValuePaise: PositivePaise,
    notes: z.string().nullable(),
    /** Since issue 18 (absent before): where it is held, and the valuation behind the reserve. */
    venue: AuctionVenue.optional(),
    /** The day whose valuation price valued the gold (the scheduling day), and the floor's share. */
    valuationAsOf: BusinessDate.optional(),
    reserveFloorBps: z.number().int().positive().optional(),
    reserveFloorPaise: PaiseInt.optional(),
    /** The auction round (1, then one more after each failed auction). */
    round: z.number().int().positive().optional(),
  }),
  /** The gold was sold; LoanClosed (reason auctioned) follows in the same decision. */
  Auctioned: z.object({
    auctionDate: BusinessDate,
    salePaise: PositivePaise,
    reservePricePaise: PaiseInt,
    outstandingPaise: PaiseInt,
    /** Sale above what was owed: paid back to the customer. */
    surplusPaise: PaiseInt,
    /** Owed beyond the sale: a shortfall that stays receivable from the borrower. */
    shortfallPaise: PaiseInt,
    notes: z.string().nullable(),
    /**
     * Since issue 18 (absent before): the round, the winning bidder and every bid, the
     * valuation on the auction day, and how the proceeds settled what was owed (costs,
     * interest, principal, in that order). `outstandingPaise` then includes the costs.
     */
    round: z.number().int().positive().optional(),
    winningBidder: z.object({ bidderId: z.uuid(), name: z.string() }).optional(),
    bids: z.array(z.object({ bidderId: z.uuid(), amountPaise: PositivePaise })).optional(),
    valuation: z
      .object({
        asOf: BusinessDate,
        goldValuePaise: PaiseInt,
        floorBps: z.number().int().positive(),
        floorPaise: PaiseInt,
      })
      .optional(),
    owed: z.object({ costsPaise: PaiseInt, interestPaise: PaiseInt, principalPaise: PaiseInt }).optional(),
    settlement: z
      .object({ costsPaise: PaiseInt, interestPaise: PaiseInt, principalPaise: PaiseInt })
      .optional(),
    /** The last day the surplus may be refunded: the policy's working days after the sale. */
    surplusRefundDueBy: BusinessDate.nullable().optional(),
  }),
  AuctionCancelled: z.object({
    reason: z.enum(['admin', 'repayment']),
    notes: z.string().nullable(),
  }),
  /** A closed loan's gold is to be handed back: the return is booked for a time. */
  GoldReturnScheduled: z.object({
    scheduledAt: z.iso.datetime({ offset: true }),
    notes: z.string().nullable(),
    /** The business day it was booked (absent before issue 18): a booking made while the customer's delay runs bounds it. */
    scheduledOn: BusinessDate.optional(),
  }),
  GoldReturned: z.object({
    returnedOn: BusinessDate,
    notes: z.string().nullable(),
    /** Working days past the 7-working-day release promise (0 when on time). */
    daysLate: z.number().int().nonnegative(),
  }),
  GoldReturnReminderSent: z.object({
    reminderType: z.enum(['initial', 'followup', 'urgent', 'final']),
    sentTo: z.array(z.string()).min(1),
    sentOn: BusinessDate,
  }),
  /** A payment reminder went out: at most one per installment, kind, channel and day. */
  PaymentReminderSent: z.object({
    installmentNumber: z.number().int().positive(),
    dueDate: BusinessDate,
    kind: z.enum(['upcoming', 'overdue']),
    channel: z.enum(['sms', 'email']),
    sentTo: z.string(),
    sentOn: BusinessDate,
    amountDuePaise: PaiseInt,
  }),
  ...MarginCallEventSchemas,
  ...DelinquencyEventSchemas,
  ...ReleaseEventSchemas,
  ...AuctionEventSchemas,
  /** Appraised items added to the loan's pledge (a margin call cured with gold); the packet gets them too. */
  GoldItemsAdded: z.object({
    /** The loan's whole item list after the addition. */
    goldItems: z.array(GoldItemRecord).min(1),
    addedCount: z.number().int().positive(),
    appraisal: Appraisal,
    addedBy: z.object({ id: z.string(), name: z.string() }),
  }),
} as const;

/** `unclaimed`: not collected `unclaimedGold.afterMonths` after closure (issue 18). */
export const GoldReturnStatus = z.enum(['pending', 'scheduled', 'returned', 'overdue', 'unclaimed']);
export type GoldReturnStatus = z.infer<typeof GoldReturnStatus>;

export const AuctionStatus = z.enum(['not_ready', 'ready_for_auction', 'auction_scheduled', 'auctioned']);
export type AuctionStatus = z.infer<typeof AuctionStatus>;

export type LoanEventType = keyof typeof LoanEvents;
export type LoanEvent = {
  [K in LoanEventType]: { type: K; data: z.infer<(typeof LoanEvents)[K]> };
}[LoanEventType];
export type LoanEventData<K extends LoanEventType> = z.infer<(typeof LoanEvents)[K]>;

export const LOAN_STREAM_TYPE = 'loan';
export const loanStreamId = (uuid: string) => `loan-${uuid}`;
