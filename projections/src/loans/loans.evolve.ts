import {
  CustomerEvents,
  LOAN_STREAM_TYPE,
  LoanEvents,
  addMonths,
  fillInstallments,
  fineGoldMg,
  type GoldItemRecord,
  type InstallmentView,
  type LedgerSnapshot,
  type RecordedEvent,
} from '@goldledger/contracts';

/**
 * The loan book: one row per loan with everything the lists show, its payments and
 * its installments. Figures are copied from the events' ledger snapshots; this read
 * model never computes interest.
 */

/** `renewed`: closed and replaced by a new loan. `deleted` rows stay but no list shows them. */
export type LoanStatus = 'active' | 'closed' | 'renewed' | 'deleted';
/** The list tab a loan falls under; `hidden` for deleted loans. */
export type LoanListStatus = 'active' | 'closed' | 'hidden';

export interface LoanRow {
  /** The stream's uuid: the API's `_id`. */
  loan_uuid: string;
  loan_id: string;
  /** Stream position of the last loan event applied (replays below it are ignored). */
  version: number;
  customer_stream_id: string;
  customer_id: string;
  name: string;
  email: string | null;
  aadhar_number: string;
  primary_mobile: string;
  secondary_mobile: string | null;
  emergency_contact: { mobile: string; relation: string };
  present_address: string;
  permanent_address: string;
  gold_items: GoldItemRecord[];
  /** Σ net weight × karat / 24, for loan-to-value against today's rate. */
  fine_gold_mg: number;
  principal_paise: number;
  original_rate_bps: number;
  current_rate_bps: number;
  term_months: number;
  disbursement_date: string;
  maturity_date: string;
  monthly_payment_paise: number;
  total_payment_paise: number;
  total_paid_paise: number;
  principal_outstanding_paise: number;
  interest_outstanding_paise: number;
  /** The business date the outstanding figures were computed for. */
  ledger_as_of: string;
  status: LoanStatus;
  list_status: LoanListStatus;
  upgrade_level: number;
  last_upgrade_date: string | null;
  next_upgrade_date: string | null;
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
  /** Lower-case name, email, mobiles, loan id and customer id (Aadhar is searched apart: see the queries). */
  search_text: string;
  updated_at: string;
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
  entered_by: { id: string; name: string };
  interest_paise: number | null;
  principal_paise: number | null;
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
}

/** Loans and principal per list tab, kept by delta so the dashboard never counts 100,000 rows. */
export interface LoanBookTotalsRow {
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

export const loanUuidOf = (streamId: string) => streamId.replace(/^loan-/, '');
/** The customer's stream id as the store names it (`customer-<uuid>`), whichever form the snapshot used. */
export const customerStreamKey = (id: string) => (id.startsWith('customer-') ? id : `customer-${id}`);

export const listStatusOf = (status: LoanStatus): LoanListStatus =>
  status === 'active' ? 'active' : status === 'deleted' ? 'hidden' : 'closed';

export function loanSearchTextOf(
  r: Pick<LoanRow, 'name' | 'email' | 'primary_mobile' | 'secondary_mobile' | 'loan_id' | 'customer_id'>,
): string {
  return [r.name, r.email, r.primary_mobile, r.secondary_mobile, r.loan_id, r.customer_id]
    .filter((s): s is string => !!s)
    .join('\n')
    .toLowerCase();
}

const withLedger = (row: LoanRow, ledger: LedgerSnapshot): LoanRow => ({
  ...row,
  total_paid_paise: ledger.totalPaidPaise,
  principal_outstanding_paise: ledger.principalOutstandingPaise,
  interest_outstanding_paise: ledger.interestOutstandingPaise,
  ledger_as_of: ledger.asOf,
});

/** The schedule refilled from what has been paid (a closed loan has every installment settled). */
const refilled = (row: LoanRow): LoanRow => ({
  ...row,
  installments: fillInstallments(
    row.installments.map((i) => ({ number: i.number, dueDate: i.dueDate, amountPaise: i.amountPaise })),
    row.total_paid_paise,
    row.status === 'closed' || row.status === 'renewed',
  ),
});

const withStatus = (row: LoanRow, status: LoanStatus): LoanRow => ({
  ...row,
  status,
  list_status: listStatusOf(status),
});

/**
 * Pure: the loan's row after one event of its own stream or of its customer's stream
 * (undefined: no loan yet and the event makes none).
 */
export function evolveLoanRow(row: LoanRow | undefined, e: RecordedEvent): LoanRow | undefined {
  if (e.streamType === 'customer') {
    if (!row || e.type !== 'CustomerUpdated') return row;
    const d = CustomerEvents.CustomerUpdated.parse(e.data);
    const next: LoanRow = {
      ...row,
      name: d.name,
      email: d.email,
      aadhar_number: d.aadharNumber,
      primary_mobile: d.primaryMobile,
      secondary_mobile: d.secondaryMobile,
      emergency_contact: d.emergencyContact,
      present_address: d.presentAddress,
      permanent_address: d.permanentAddress,
      updated_at: e.occurredAt,
    };
    return { ...next, search_text: loanSearchTextOf(next) };
  }
  if (e.streamType !== LOAN_STREAM_TYPE) return row;
  // A replayed event (redelivery, overlapping instance) changes nothing.
  if (row && e.streamPosition <= row.version) return row;
  const at = e.occurredAt;
  const step = (r: LoanRow): LoanRow => ({ ...r, version: e.streamPosition, updated_at: at });

  switch (e.type) {
    case 'LoanCreated': {
      const d = LoanEvents.LoanCreated.parse(e.data);
      const c = d.customer;
      const created: LoanRow = {
        loan_uuid: loanUuidOf(e.streamId),
        loan_id: d.loanId,
        version: e.streamPosition,
        customer_stream_id: customerStreamKey(c.customerStreamId),
        customer_id: c.customerId,
        name: c.name,
        email: c.email,
        aadhar_number: c.aadharNumber,
        primary_mobile: c.primaryMobile,
        secondary_mobile: c.secondaryMobile,
        emergency_contact: c.emergencyContact,
        present_address: c.presentAddress,
        permanent_address: c.permanentAddress,
        gold_items: d.goldItems,
        fine_gold_mg: fineGoldMg(d.goldItems),
        principal_paise: d.principalPaise,
        original_rate_bps: d.annualRateBps,
        current_rate_bps: d.annualRateBps,
        term_months: d.termMonths,
        disbursement_date: d.disbursementDate,
        maturity_date: addMonths(d.disbursementDate, d.termMonths),
        monthly_payment_paise: d.monthlyPaymentPaise,
        total_payment_paise: d.totalPaymentPaise,
        total_paid_paise: 0,
        principal_outstanding_paise: d.principalPaise,
        interest_outstanding_paise: 0,
        ledger_as_of: d.disbursementDate,
        status: 'active',
        list_status: 'active',
        upgrade_level: 0,
        last_upgrade_date: null,
        next_upgrade_date: null,
        created_by: d.createdBy,
        created_at: at,
        closed_on: null,
        close_reason: null,
        deposited_bank: null,
        renewal_date: null,
        bank_mobile_number: null,
        bank_loan_amount_paise: null,
        installments: fillInstallments(d.installments, 0),
        payment_count: 0,
        pending_payment_ids: [],
        renewal_of: d.renewalOf,
        renewed_to: null,
        deleted_at: null,
        search_text: '',
        updated_at: at,
      };
      return { ...created, search_text: loanSearchTextOf(created) };
    }
    case 'PaymentRecorded': {
      if (!row) return row;
      const d = LoanEvents.PaymentRecorded.parse(e.data);
      return refilled(
        withLedger(
          step({
            ...row,
            payment_count: row.payment_count + 1,
            pending_payment_ids:
              d.status === 'pending' ? [...row.pending_payment_ids, d.paymentId] : row.pending_payment_ids,
          }),
          d.ledger,
        ),
      );
    }
    case 'PaymentApproved': {
      if (!row) return row;
      const d = LoanEvents.PaymentApproved.parse(e.data);
      return refilled(
        withLedger(
          step({ ...row, pending_payment_ids: row.pending_payment_ids.filter((id) => id !== d.paymentId) }),
          d.ledger,
        ),
      );
    }
    case 'PaymentReversed': {
      if (!row) return row;
      const d = LoanEvents.PaymentReversed.parse(e.data);
      return refilled(
        withLedger(
          step({
            ...row,
            payment_count: Math.max(0, row.payment_count - 1),
            pending_payment_ids: row.pending_payment_ids.filter((id) => id !== d.paymentId),
          }),
          d.ledger,
        ),
      );
    }
    case 'LoanDetailsEdited': {
      if (!row) return row;
      const d = LoanEvents.LoanDetailsEdited.parse(e.data);
      // Absent: unchanged; null: cleared.
      const next = step({ ...row });
      if (d.goldItems !== undefined) {
        next.gold_items = d.goldItems;
        next.fine_gold_mg = fineGoldMg(d.goldItems);
      }
      if (d.depositedBank !== undefined) next.deposited_bank = d.depositedBank;
      if (d.renewalDate !== undefined) next.renewal_date = d.renewalDate;
      if (d.bankMobileNumber !== undefined) next.bank_mobile_number = d.bankMobileNumber;
      if (d.bankLoanAmountPaise !== undefined) next.bank_loan_amount_paise = d.bankLoanAmountPaise;
      return next;
    }
    case 'RateUpgraded': {
      if (!row) return row;
      const d = LoanEvents.RateUpgraded.parse(e.data);
      return refilled(
        withLedger(
          step({
            ...row,
            upgrade_level: d.level,
            last_upgrade_date: d.upgradeDate,
            next_upgrade_date: d.nextUpgradeDate,
            current_rate_bps: d.newRateBps,
            total_payment_paise: d.newTotalPaymentPaise,
            monthly_payment_paise: d.newMonthlyPaymentPaise,
            installments: fillInstallments(d.installments, d.ledger.totalPaidPaise),
          }),
          d.ledger,
        ),
      );
    }
    case 'LoanClosed': {
      if (!row) return row;
      const d = LoanEvents.LoanClosed.parse(e.data);
      // Closed means settled: nothing is outstanding, whatever the last snapshot's date.
      return refilled(
        withStatus(
          step({
            ...row,
            closed_on: d.closedOn,
            close_reason: d.reason,
            principal_outstanding_paise: 0,
            interest_outstanding_paise: 0,
          }),
          'closed',
        ),
      );
    }
    case 'LoanReopened': {
      if (!row) return row;
      LoanEvents.LoanReopened.parse(e.data);
      return refilled(withStatus(step({ ...row, closed_on: null, close_reason: null }), 'active'));
    }
    case 'LoanRenewed': {
      if (!row) return row;
      const d = LoanEvents.LoanRenewed.parse(e.data);
      return refilled(
        withStatus(
          step({
            ...row,
            closed_on: row.closed_on ?? d.renewedOn,
            renewed_to: { loanStreamId: d.newLoanStreamId, loanId: d.newLoanId, renewedOn: d.renewedOn },
          }),
          'renewed',
        ),
      );
    }
    case 'LoanDeleted': {
      if (!row) return row;
      LoanEvents.LoanDeleted.parse(e.data);
      return withStatus(step({ ...row, deleted_at: at }), 'deleted');
    }
    default:
      // A loan event this read model does not show (a later schema's type): keep the version moving.
      return row && step(row);
  }
}

/** Pure: a payment's row after one event of its loan's stream (undefined: not a payment event). */
export function evolvePaymentRow(
  row: LoanPaymentRow | undefined,
  e: RecordedEvent,
): LoanPaymentRow | undefined {
  switch (e.type) {
    case 'PaymentRecorded': {
      if (row) return row;
      const d = LoanEvents.PaymentRecorded.parse(e.data);
      return {
        payment_id: d.paymentId,
        loan_uuid: loanUuidOf(e.streamId),
        seq: e.streamPosition,
        amount_paise: d.amountPaise,
        method: d.method,
        payment_type: d.paymentType,
        payment_date: d.paymentDate,
        transaction_id: d.transactionId,
        bank_name: d.bankName,
        status: d.status,
        installment_number: d.installmentNumber,
        entered_by: d.enteredBy,
        interest_paise: d.allocation?.interestPaise ?? null,
        principal_paise: d.allocation?.principalPaise ?? null,
        recorded_at: e.occurredAt,
        approved_by: null,
        approved_at: null,
        reversed_by: null,
        reversed_at: null,
        reversal_reason: null,
      };
    }
    case 'PaymentApproved': {
      if (!row) return row;
      const d = LoanEvents.PaymentApproved.parse(e.data);
      return {
        ...row,
        status: 'success',
        interest_paise: d.allocation.interestPaise,
        principal_paise: d.allocation.principalPaise,
        approved_by: d.approvedBy,
        approved_at: e.occurredAt,
      };
    }
    case 'PaymentReversed': {
      if (!row) return row;
      const d = LoanEvents.PaymentReversed.parse(e.data);
      return {
        ...row,
        status: 'reversed',
        reversed_by: d.reversedBy,
        reversed_at: e.occurredAt,
        reversal_reason: d.reason,
      };
    }
    default:
      return row;
  }
}

const PAYMENT_EVENTS = new Set(['PaymentRecorded', 'PaymentApproved', 'PaymentReversed']);
export const paymentIdOf = (e: RecordedEvent): string | undefined =>
  e.streamType === LOAN_STREAM_TYPE && PAYMENT_EVENTS.has(e.type) ? String(e.data.paymentId) : undefined;

/** Pure: the installment rows of a loan as it stands. */
export const installmentRowsOf = (row: LoanRow): LoanInstallmentRow[] =>
  row.installments.map((i) => ({
    loan_uuid: row.loan_uuid,
    number: i.number,
    due_date: i.dueDate,
    amount_paise: i.amountPaise,
    amount_paid_paise: i.amountPaidPaise,
    status: i.status,
    loan_active: row.status === 'active',
  }));

/** Pure: the loan's row in the search table. */
export const searchRowOf = (row: LoanRow): LoanSearchRow => ({
  loan_uuid: row.loan_uuid,
  list_status: row.list_status,
  created_at: row.created_at,
  principal_paise: row.principal_paise,
  name_key: row.name.toLowerCase(),
  loan_id: row.loan_id,
  search_text: row.search_text,
  aadhar_number: row.aadhar_number,
});

/** Pure: how the totals move when a loan's row goes from `before` to `after`. */
export function totalsDelta(
  before: LoanRow | undefined,
  after: LoanRow,
): Array<{ list_status: LoanListStatus; loans: number; principal_paise: number }> {
  if (before && before.list_status === after.list_status && before.principal_paise === after.principal_paise)
    return [];
  const out = [{ list_status: after.list_status, loans: 1, principal_paise: after.principal_paise }];
  if (before)
    out.push({ list_status: before.list_status, loans: -1, principal_paise: -before.principal_paise });
  return out;
}
