import { z } from 'zod';
import { PageLimit, PageNumber } from '../paging.js';
import { BranchFilterQuery } from '../branches/branch-http.js';
import { DelinquencyFilter, DelinquencyView } from './delinquency-http.js';
import { RepaymentType } from './sanction.js';
import { ReleaseCompensationView } from './release.js';
import { InstallmentPlace } from './installment-label.js';

/**
 * The loan book as the API reads it: loans, repayments and upgrades. Money in rupees, weights in grams, rates in percent per annum.
 * Employees' answers carry no `createdBy` and no bank contact or amount, and every
 * Aadhar number reaching them is masked.
 */

const PAGE_LIMIT_MAX = 100;

const Page = PageNumber;
const Limit = (fallback: number) => PageLimit(PAGE_LIMIT_MAX, fallback);

export const LoanListQuery = z.object({
  /** Case-insensitive substring of name, email, mobiles, loan id, customer id or Aadhar; or an exact amount in rupees. */
  search: z.string().trim().max(100, 'Search can be at most 100 characters').optional(),
  status: z
    .enum(['all', 'active', 'closed'], { error: 'Status must be all, active or closed' })
    .default('all'),
  page: Page.default(1),
  limit: Limit(20),
  sort: z
    .enum(['createdAt', 'amount', 'name', 'loanId'], {
      error: 'Sort must be createdAt, amount, name or loanId',
    })
    .default('createdAt'),
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('desc'),
  /** Only loans the delinquency job last classified so (issue 18). */
  delinquencyClass: DelinquencyFilter.optional(),
  ...BranchFilterQuery.shape,
});
export type LoanListQuery = z.infer<typeof LoanListQuery>;

export const UpgradedLoansQuery = z.object({
  page: Page.default(1),
  limit: Limit(10),
  status: z
    .enum(['all', 'active', 'closed'], { error: 'Status must be all, active or closed' })
    .default('active'),
  ...BranchFilterQuery.shape,
});

export const PendingRepaymentsQuery = z.object({
  filter: z
    .enum(['all', 'unpaid', 'upcoming'], { error: 'Filter must be all, unpaid or upcoming' })
    .default('all'),
  page: Page.default(1),
  limit: Limit(50),
  ...BranchFilterQuery.shape,
});

/** A loan by its internal id or its loan id (`GL…`). */
export const LoanRefParams = z.object({ id: z.string().min(1).max(64) });

export const GoldItemView = z.object({
  description: z.string(),
  /** Grams. */
  grossWeight: z.number(),
  netWeight: z.number(),
  purityKarat: z.number().int(),
});

export const InstallmentItem = z.object({
  number: z.number().int(),
  dueDate: z.string(),
  amount: z.number(),
  amountPaid: z.number(),
  status: z.enum(['paid', 'unpaid']),
  /** Its place in its schedule: "2 of 3 after the upgrade on 12 Jan 2027" (`installmentLabel`). */
  place: InstallmentPlace,
});

export const LoanItem = z.object({
  /** The loan's internal id (what `/loans/{id}` takes). */
  _id: z.string(),
  loanId: z.string(),
  /** The loan stream's version as this read shows it: a manual command's `expectedVersion`. */
  version: z.number().int().positive(),
  /** The branch the loan belongs to. */
  branchId: z.string(),
  customerId: z.object({
    _id: z.string(),
    customerId: z.string(),
    name: z.string(),
    aadharNumber: z.string(),
  }),
  name: z.string(),
  email: z.string().nullable(),
  primaryMobile: z.string(),
  secondaryMobile: z.string().nullable(),
  emergencyContact: z.object({ mobile: z.string(), relation: z.string() }),
  presentAddress: z.string(),
  permanentAddress: z.string(),
  amount: z.number(),
  /** Months. */
  term: z.number().int(),
  /**
   * emi, bullet or monthly_interest. `monthlyPayment` is the first installment: an EMI, a
   * month's interest, or the one payment at maturity.
   */
  repaymentType: RepaymentType,
  /** The rate now charged (= currentInterestRate), percent a year. */
  interestRate: z.number(),
  originalInterestRate: z.number(),
  currentInterestRate: z.number(),
  monthlyPayment: z.number(),
  totalPayment: z.number(),
  totalPaid: z.number(),
  /** Principal plus interest outstanding as of `balanceAsOf` (the loan's last event). */
  remainingBalance: z.number(),
  principalOutstanding: z.number(),
  interestOutstanding: z.number(),
  balanceAsOf: z.string(),
  status: z.enum(['active', 'closed', 'renewed']),
  createdAt: z.string(),
  disbursementDate: z.string(),
  maturityDate: z.string(),
  closedOn: z.string().nullable(),
  currentUpgradeLevel: z.number().int(),
  lastUpgradeDate: z.string().nullable(),
  nextUpgradeDate: z.string().nullable(),
  goldItems: z.array(GoldItemView),
  /** Σ net weight × karat / 24, grams. */
  fineGoldWeight: z.number(),
  depositedBank: z.string().nullable(),
  renewalDate: z.string().nullable(),
  /** Admins only. */
  bankMobileNumber: z.string().nullable().optional(),
  /** Admins only. */
  bankLoanAmount: z.number().nullable().optional(),
  installments: z.array(InstallmentItem),
  /**
   * The first installment not yet paid that falls due today or later (what is left of it);
   * null for a closed loan or when nothing is left to fall due. Read on the server's business day.
   */
  nextDue: z
    .object({
      date: z.string(),
      amount: z.number(),
      /** Whole days from the business day to `date` (0: due today). */
      inDays: z.number().int(),
    })
    .nullable(),
  /**
   * What is left unpaid of the installments whose due date has passed, on the server's business
   * day, and the oldest such due date (null when nothing is overdue).
   */
  overdue: z.object({ amount: z.number(), since: z.string().nullable() }),
  paymentCount: z.number().int(),
  pendingPaymentCount: z.number().int(),
  /**
   * Loan to value at today's valuation price (issue 17): the remaining balance as of
   * `balanceAsOf` over the pledged gold at each item's purity's price (`GET /api/loans/{id}/ltv`
   * has the day's exact figure and its parts). `goldRate`: the 22K valuation price a gram.
   * Null figures when no gold price was entered for the previous working day.
   */
  ltv: z.object({
    goldRate: z.number().nullable(),
    goldValue: z.number().nullable(),
    ltvPercent: z.number().nullable(),
    /** An open margin call on the loan, as the customer was told it. */
    marginCall: z
      .object({
        status: z.enum(['open', 'escalated']),
        raisedOn: z.string(),
        shortfall: z.number(),
        goldToAddGrams: z.number(),
      })
      .nullable(),
  }),
  renewalOf: z.object({ _id: z.string(), loanId: z.string() }).nullable(),
  renewedTo: z.object({ _id: z.string(), loanId: z.string(), renewedOn: z.string() }).nullable(),
  /**
   * Paid beyond closing the loan, owed back to the customer: what is still due, what was
   * paid back and the last payout. Null when nothing was ever owed.
   */
  refund: z
    .object({
      due: z.number(),
      excess: z.number(),
      /** Sold at auction: the surplus (part of `due` until paid) and the day it must be refunded by. */
      auctionSurplus: z.number(),
      dueBy: z.string().nullable(),
      refunded: z.number(),
      lastRefund: z
        .object({
          paidOn: z.string(),
          amount: z.number(),
          method: z.string(),
          reference: z.string().nullable(),
        })
        .nullable(),
    })
    .nullable(),
  /** Compensation for releasing the gold late (issue 18); null when none ever accrued. */
  releaseCompensation: ReleaseCompensationView.nullable().optional(),
  /** The asset class the daily delinquency job last recorded (issue 18). */
  delinquency: DelinquencyView,
  /** Sold at auction for less than was owed: still owed by the borrower (0 otherwise). */
  auctionShortfall: z.number(),
  /** Admins only: who created a loan is not shown to employees. */
  createdBy: z.object({ name: z.string(), email: z.string().nullable(), role: z.string() }).optional(),
});
export type LoanItem = z.infer<typeof LoanItem>;

export const LoanListResponse = z.object({
  data: z.array(LoanItem),
  /** Loans per tab matching the search. */
  counts: z.object({ all: z.number().int(), active: z.number().int(), closed: z.number().int() }),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
  /** The whole book, whatever the search. */
  portfolio: z.object({
    totalLoans: z.number().int(),
    activeLoans: z.number().int(),
    closedLoans: z.number().int(),
    totalAmount: z.number(),
  }),
});

export const PaymentItem = z.object({
  _id: z.string(),
  date: z.string(),
  amount: z.number(),
  method: z.enum(['handcash', 'online']),
  transactionId: z.string().nullable(),
  bankName: z.string().nullable(),
  paymentType: z.string(),
  enteredBy: z.object({ name: z.string() }),
  status: z.enum(['success', 'pending', 'reversed']),
  installmentNumber: z.number().int(),
  /** The installment's place in its schedule, as people read it. */
  installmentPlace: InstallmentPlace,
  /** `{loanId}_{installmentNumber}`. */
  receiptNumber: z.string(),
  /** How the payment was split; null while pending. */
  allocation: z.object({ interest: z.number(), principal: z.number() }).nullable(),
  /** Paid beyond closing the loan (owed back); absent when nothing (and while pending). */
  excess: z.number().optional(),
  recordedAt: z.string(),
  approvedBy: z.object({ name: z.string() }).nullable(),
  approvedAt: z.string().nullable(),
  reversalReason: z.string().nullable(),
  reversedAt: z.string().nullable(),
});

export const LoanPaymentsResponse = z.object({ data: z.array(PaymentItem) });

export const LoanDetail = LoanItem.extend({ payments: z.array(PaymentItem) });
export const LoanDetailResponse = z.object({ data: LoanDetail });

export const CustomerLoansResponse = z.object({
  data: z.array(LoanDetail),
  portfolio: z.object({
    totalBorrowed: z.number(),
    totalPaid: z.number(),
    outstanding: z.number(),
    activeLoans: z.number().int(),
  }),
});

export const PendingRepaymentItem = z.object({
  /** The loan's internal id. */
  _id: z.string(),
  loanId: z.string(),
  installmentNumber: z.number().int(),
  installmentPlace: InstallmentPlace,
  dueDate: z.string(),
  /** `unpaid`: the due date has passed; `upcoming`: due today or within the window. */
  status: z.enum(['unpaid', 'upcoming']),
  /** What is still owed on the installment. */
  amount: z.number(),
  daysUnpaid: z.number().int(),
  customer: z.object({
    name: z.string(),
    primaryMobile: z.string(),
    aadharNumber: z.string(),
    email: z.string().nullable(),
  }),
});

export const PendingRepaymentsResponse = z.object({
  data: z.array(PendingRepaymentItem),
  message: z.string(),
  counts: z.object({ all: z.number().int(), unpaid: z.number().int(), upcoming: z.number().int() }),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
});

export const DuePaymentItem = z.object({
  /** The loan's internal id. */
  _id: z.string(),
  customerName: z.string(),
  customerMobile: z.string(),
  /** What is still owed on the installment due today. */
  amount: z.number(),
  loanId: z.string(),
  installmentNumber: z.number().int(),
  installmentPlace: InstallmentPlace,
  dueDate: z.string(),
});
export const TodaysDueResponse = z.object({ data: z.array(DuePaymentItem) });

export const UpgradedLoanItem = LoanItem.extend({
  highlightColor: z.string(),
  isAtFinalLevel: z.boolean(),
});
export const UpgradedLoansResponse = z.object({
  success: z.literal(true),
  data: z.object({
    loans: z.array(UpgradedLoanItem),
    pagination: z.object({
      page: z.number().int(),
      limit: z.number().int(),
      totalPages: z.number().int(),
      totalLoans: z.number().int(),
    }),
  }),
});

/** One step of a loan's rate ladder: the loan's start, each upgrade (past or projected), auction readiness. */
export const UpgradeTimelineEntry = z.object({
  title: z.string(),
  date: z.string(),
  description: z.string(),
  level: z.number().int(),
  isUpgrade: z.boolean(),
  isFuture: z.boolean(),
  /** The rate from this step on, percent a year. */
  interestRate: z.number(),
  previousTotalPayment: z.number().nullable(),
  newTotalPayment: z.number().nullable(),
  previousMonthlyPayment: z.number().nullable(),
  newMonthlyPayment: z.number().nullable(),
  upgradedBy: z.object({ name: z.string(), type: z.string() }).nullable(),
});

/** `GET /api/{admin|employee}/loans/{id}/upgrade-history` (past and future rate upgrades of one loan). */
export const UpgradeHistoryResponse = z.object({
  success: z.literal(true),
  data: z.object({
    upgradeHistory: z.object({
      loanId: z.string(),
      originalInterestRate: z.number(),
      currentInterestRate: z.number(),
      currentUpgradeLevel: z.number().int(),
      totalUpgrades: z.number().int(),
      daysSinceLoanStart: z.number().int(),
      isAtFinalLevel: z.boolean(),
      nextUpgradeInfo: z
        .object({ toRate: z.number(), upgradeDate: z.string(), daysRemaining: z.number().int() })
        .nullable(),
      auctionReadyDate: z.string(),
      timeline: z.array(UpgradeTimelineEntry),
    }),
    timeline: z.array(UpgradeTimelineEntry),
  }),
});
