import type {
  DelinquencyClass,
  GoldItemRecord,
  InstallmentView,
  ReleaseRecord,
  RepaymentType,
  ScheduleUpgrade,
} from '@goldledger/contracts';
import { rowFromDb, type RowColumnKinds } from '../runtime/row-columns.js';
import type { ProfileColumns } from '../shared/per-loan.js';

/**
 * The loan book: one row per loan with everything the lists show, its payments and
 * its installments. Figures are copied from the events' ledger snapshots; this read
 * model never computes interest.
 */

/** `renewed`: closed and replaced by a new loan. `deleted` rows stay but no list shows them. */
export type LoanStatus = 'active' | 'closed' | 'renewed' | 'deleted';
/** The list tab a loan falls under; `hidden` for deleted loans. */
export type LoanListStatus = 'active' | 'closed' | 'hidden';

/** With the customer's profile columns (name, email, Aadhar, mobiles, emergency contact, addresses), following their edits. */
export interface LoanRow extends ProfileColumns {
  /** The stream's uuid: the API's `_id`. */
  loan_uuid: string;
  loan_id: string;
  /** Stream position of the last loan event applied (replays below it are ignored). */
  version: number;
  /** The branch the loan belongs to (LoanCreated's, the default branch for older loans). */
  branch_id: string;
  customer_stream_id: string;
  customer_id: string;
  gold_items: GoldItemRecord[];
  /** Σ net weight × karat / 24, for loan-to-value against today's rate. */
  fine_gold_mg: number;
  principal_paise: number;
  original_rate_bps: number;
  current_rate_bps: number;
  term_months: number;
  disbursement_date: string;
  maturity_date: string;
  /** EMI, bullet or monthly interest (LoanCreated's; EMI for loans made before issue 17). */
  repayment_type: RepaymentType;
  monthly_payment_paise: number;
  total_payment_paise: number;
  total_paid_paise: number;
  principal_outstanding_paise: number;
  interest_outstanding_paise: number;
  /** The business date the outstanding figures were computed for. */
  ledger_as_of: string;
  /**
   * What accruing the loan to any day needs besides the terms above and the installments'
   * due dates (issue 19): the lending policy version it was sanctioned under, and its
   * payments not reversed, in the order they were taken. The read path prices today's
   * balance from these with the quote's own function (services' `payoffOn`).
   */
  policy_version: number;
  book_payments: BookPaymentEntry[];
  status: LoanStatus;
  list_status: LoanListStatus;
  upgrade_level: number;
  last_upgrade_date: string | null;
  next_upgrade_date: string | null;
  /** Where each upgrade's new schedule starts: installments are labelled by their place in it. */
  schedule_upgrades: ScheduleUpgrade[];
  created_by: { id: string; name: string; role: string; email: string | null };
  created_at: string;
  closed_on: string | null;
  close_reason: string | null;
  deposited_bank: string | null;
  renewal_date: string | null;
  bank_mobile_number: string | null;
  bank_loan_amount_paise: number | null;
  installments: InstallmentView[];
  /** Payments not reversed (pending ones included). */
  payment_count: number;
  /** Online payments awaiting approval. */
  pending_payment_ids: string[];
  renewal_of: { loanStreamId: string; loanId: string } | null;
  renewed_to: { loanStreamId: string; loanId: string; renewedOn: string } | null;
  deleted_at: string | null;
  /** Owed back to the customer now (paid beyond closing, less refunds paid). */
  refund_due_paise: number;
  /** Paid beyond closing, as last recorded. */
  refund_excess_paise: number;
  refunded_paise: number;
  /** The last refund paid out: when, how, its reference. */
  last_refund: { paidOn: string; amountPaise: number; method: string; reference: string | null } | null;
  /** Compensation for a late release of the gold, the customer told, unclaimed gold (issue 18). */
  release: ReleaseRecord;
  /**
   * The asset class the daily delinquency job last recorded (issue 18), and the loan's own
   * figures that day: days past due, the oldest unpaid due date and the arrears. Standard
   * with nulls until the job records a change.
   */
  delinquency_class: DelinquencyClass;
  days_past_due: number;
  delinquency_as_of: string | null;
  oldest_unpaid_due_date: string | null;
  arrears_paise: number;
  delinquency_reason: 'days_past_due' | 'borrower_npa' | 'arrears_cleared' | null;
  /** The borrower's NPA loan that made this one NPA (borrower-wise), or null. */
  npa_loan_id: string | null;
  /** Sold at auction (issue 18): the surplus owed back (part of `refund_due_paise` until paid) and its due date. */
  auction_surplus_paise: number;
  auction_surplus_due_by: string | null;
  /** Sold at auction for less than was owed: still receivable from the borrower. */
  auction_shortfall_paise: number;
  /** Lower-case name, email, mobiles, loan id and customer id (Aadhar is searched apart: see the queries). */
  search_text: string;
  updated_at: string;
}

/** A payment as the loan's accrual takes it; a pending one counts once approved. */
export interface BookPaymentEntry {
  id: string;
  date: string;
  amountPaise: number;
  status: 'success' | 'pending';
}

export interface LoanPaymentRow {
  payment_id: string;
  loan_uuid: string;
  /** Stream position of the PaymentRecorded event: the order payments were taken in. */
  seq: number;
  amount_paise: number;
  method: string;
  payment_type: string;
  payment_date: string;
  transaction_id: string | null;
  bank_name: string | null;
  status: 'success' | 'pending' | 'reversed';
  installment_number: number;
  /** `RCPT-…` (issue 19); null for payments recorded before receipt numbers (`{loanId}_{n}`). */
  receipt_number: string | null;
  entered_by: { id: string; name: string };
  interest_paise: number | null;
  principal_paise: number | null;
  /** What the payment brought beyond closing the loan (null while pending). */
  excess_paise: number | null;
  recorded_at: string;
  approved_by: { id: string; name: string } | null;
  approved_at: string | null;
  reversed_by: { id: string; name: string } | null;
  reversed_at: string | null;
  reversal_reason: string | null;
}

export interface LoanInstallmentRow {
  loan_uuid: string;
  number: number;
  due_date: string;
  amount_paise: number;
  amount_paid_paise: number;
  status: 'paid' | 'unpaid';
  /** The loan is active: only those have repayments pending. */
  loan_active: boolean;
  /** The loan's branch: the lists of what is due are narrowed by it. */
  branch_id: string;
}

/**
 * Loans and principal per branch and list tab, kept by delta so the dashboard never counts
 * 100,000 rows; a person's totals add up the branches they see.
 */
export interface LoanBookTotalsRow {
  branch_id: string;
  list_status: LoanListStatus;
  loans: number;
  principal_paise: number;
}

/**
 * What the staff search reads: a narrow copy of each loan's searchable and sortable
 * fields (a tenth of the loan row's width), so a search's hits are cheap to fetch,
 * count and sort, however many there are.
 */
export interface LoanSearchRow {
  loan_uuid: string;
  branch_id: string;
  list_status: LoanListStatus;
  created_at: string;
  principal_paise: number;
  name_key: string;
  loan_id: string;
  search_text: string;
  aadhar_number: string;
}

export interface LoansTables {
  loans: LoanRow;
  loan_search: LoanSearchRow;
  loan_payments: LoanPaymentRow;
  loan_installments: LoanInstallmentRow;
  loan_book_totals: LoanBookTotalsRow;
}

export const LOAN_COLUMNS: RowColumnKinds<LoanRow> = {
  json: [
    'emergency_contact',
    'gold_items',
    'created_by',
    'installments',
    'schedule_upgrades',
    'pending_payment_ids',
    'renewal_of',
    'renewed_to',
    'last_refund',
    'release',
    'book_payments',
  ],
  bigint: [
    'fine_gold_mg',
    'principal_paise',
    'monthly_payment_paise',
    'total_payment_paise',
    'total_paid_paise',
    'principal_outstanding_paise',
    'interest_outstanding_paise',
    'bank_loan_amount_paise',
    'refund_due_paise',
    'refund_excess_paise',
    'refunded_paise',
    'arrears_paise',
    'auction_surplus_paise',
    'auction_shortfall_paise',
  ],
  date: [
    'disbursement_date',
    'maturity_date',
    'ledger_as_of',
    'last_upgrade_date',
    'next_upgrade_date',
    'closed_on',
    'renewal_date',
    'delinquency_as_of',
    'oldest_unpaid_due_date',
    'auction_surplus_due_by',
  ],
  timestamp: ['created_at', 'updated_at', 'deleted_at'],
};

export const PAYMENT_COLUMNS: RowColumnKinds<LoanPaymentRow> = {
  json: ['entered_by', 'approved_by', 'reversed_by'],
  bigint: ['amount_paise', 'interest_paise', 'principal_paise', 'excess_paise'],
  date: ['payment_date'],
  timestamp: ['recorded_at', 'approved_at', 'reversed_at'],
};

/** A row as read back (bigint as string, dates maybe as Date) → the shape evolve writes. */
export const loanRowFromDb = (raw: object): LoanRow => rowFromDb(LOAN_COLUMNS, raw);
export const paymentRowFromDb = (raw: object): LoanPaymentRow => rowFromDb(PAYMENT_COLUMNS, raw);
