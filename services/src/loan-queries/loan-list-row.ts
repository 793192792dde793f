import type { z } from 'zod';
import {
  bpsToPercent,
  installmentPlace,
  type InstallmentPlace,
  daysBetween,
  itemFineness,
  itemValuePaise,
  loanToValuePercent,
  maskAadhar,
  mgToGrams,
  paiseToRupees,
  releaseCompensationView,
  type LendingPolicy,
  type DelinquencyView,
  type LoanItem,
  type PaymentItem,
  type Role,
  type ValuationPrice,
} from '@goldledger/contracts';
import type { LoanPaymentRow, LoanRow, MarginCallRow } from '@goldledger/projections';
import { payoffOn, type AccrualInputs, type Payoff } from '../lending/loan-payoff.js';

/**
 * Who is reading shapes what they get: admins see everything; auditors everything but the
 * full Aadhar number; employees get Aadhar masked, no creator and no bank contact or
 * amount; a customer gets their own loans the way an employee does.
 */
export type Viewer = Role;

export const seesFullAadhar = (viewer: Viewer) => viewer === 'admin';
/** Who made the loan and its bank re-pledge: what an audit checks, not the counter's business. */
export const seesLoanInternals = (viewer: Viewer) => viewer === 'admin' || viewer === 'auditor';
export const aadharFor = (viewer: Viewer, aadhar: string) =>
  seesFullAadhar(viewer) ? aadhar : maskAadhar(aadhar);

const uuidOf = (streamId: string) => streamId.replace(/^[a-z]+-/, '');

/** What the rows of one answer are valued with: the day's prices, read once, and their open margin calls. */
export interface RowPricing {
  /** The day's valuation price per purity; null when the previous working day has no price. */
  priceOf: ((purity: number) => ValuationPrice) | null;
  /** The purity `goldRate` names (22K). */
  referencePurity: number;
  /** Open margin calls by loan uuid. */
  calls: ReadonlyMap<string, MarginCallRow>;
  /** The business date balances are accrued to (the injected clock's). */
  today: string;
  /** A loan's own lending policy version, on its branch's calendar. */
  policyOf(version: number, branchId: string): LendingPolicy;
}

/** The loan row's columns today's balance is priced from. */
export type AccrualRow = Pick<
  LoanRow,
  | 'principal_paise'
  | 'current_rate_bps'
  | 'disbursement_date'
  | 'book_payments'
  | 'installments'
  | 'status'
  | 'policy_version'
  | 'branch_id'
>;

/** The columns of `AccrualRow`, for a query that selects only what it needs. */
export const ACCRUAL_COLUMNS = [
  'principal_paise',
  'current_rate_bps',
  'disbursement_date',
  'book_payments',
  'installments',
  'status',
  'policy_version',
  'branch_id',
] as const satisfies readonly (keyof AccrualRow)[];

/** What accruing the loan needs, as the read model keeps it: the same inputs as the decider's `accrualOf`. */
export const accrualOfRow = (row: AccrualRow, policy: LendingPolicy): AccrualInputs => ({
  terms: {
    principalPaise: row.principal_paise,
    annualRateBps: row.current_rate_bps,
    disbursementDate: row.disbursement_date,
    policy,
  },
  payments: row.book_payments
    .filter((p) => p.status === 'success')
    .map((p) => ({ date: p.date, amountPaise: p.amountPaise })),
  dueDates: row.installments.map((i) => i.dueDate),
});

/** The loan's balance on `date`: its payoff, by the closing quote's own function. */
export const rowPayoff = (row: AccrualRow, date: string, policy: LendingPolicy): Payoff =>
  payoffOn(accrualOfRow(row, policy), date, row.status === 'active');

/** Today's payoff of a row, priced by the row's own policy version. */
export const payoffOfRow = (row: AccrualRow, pricing: Pick<RowPricing, 'today' | 'policyOf'>): Payoff =>
  rowPayoff(row, pricing.today, pricing.policyOf(row.policy_version, row.branch_id));

/** The day's prices an answer's rows are valued at (its margin calls are read with the rows). */
export type RowPrices = Omit<RowPricing, 'calls'>;

/**
 * What an open loan asks next and what it is behind by on `today`, from the installments the
 * read model keeps (no query): unpaid installments due before today are overdue, the first
 * unpaid one due today or later is next. A closed loan asks nothing.
 */
export function duesOf(
  row: Pick<LoanRow, 'status' | 'installments'>,
  today: string,
): Pick<LoanItem, 'nextDue' | 'overdue'> {
  if (row.status !== 'active') return { nextDue: null, overdue: { amount: 0, since: null } };
  let overduePaise = 0;
  let since: string | null = null;
  let nextDue: LoanItem['nextDue'] = null;
  for (const i of row.installments) {
    const left = Math.max(0, i.amountPaise - i.amountPaidPaise);
    if (i.status === 'paid' || left === 0) continue;
    if (i.dueDate < today) {
      overduePaise += left;
      since ??= i.dueDate;
    } else if (!nextDue) {
      nextDue = { date: i.dueDate, amount: paiseToRupees(left), inDays: daysBetween(today, i.dueDate) };
    }
  }
  return { nextDue, overdue: { amount: paiseToRupees(overduePaise), since } };
}

/**
 * Loan to value at today's valuation price: what is still owed (today's payoff) over the pledged gold, each item at its purity's price; null figures without prices.
 */
export function ltvOf(row: LoanRow, pricing: RowPricing, payoff: Payoff = payoffOfRow(row, pricing)) {
  const call = pricing.calls.get(row.loan_uuid);
  const marginCall = call?.status
    ? {
        status: call.status,
        raisedOn: call.raised_on!,
        shortfall: paiseToRupees(call.shortfall_paise ?? 0),
        goldToAddGrams: mgToGrams(call.gold_to_add_mg ?? 0),
      }
    : null;
  const { priceOf } = pricing;
  if (!priceOf) return { goldRate: null, goldValue: null, ltvPercent: null, marginCall };
  const valuePaise = row.gold_items.reduce(
    (sum, item) => sum + itemValuePaise(item.netWeightMg, priceOf(itemFineness(item)).pricePaise),
    0,
  );
  const owedPaise = payoff.totalDuePaise;
  return {
    goldRate: paiseToRupees(priceOf(pricing.referencePurity).pricePaise),
    goldValue: paiseToRupees(valuePaise),
    ltvPercent: loanToValuePercent(owedPaise, valuePaise),
    marginCall,
  };
}

/** What the loan owes its customer back; null when it never owed anything. */
export function refundOf(row: LoanRow) {
  if (row.refund_excess_paise === 0 && row.refunded_paise === 0 && row.auction_surplus_paise === 0)
    return null;
  const last = row.last_refund;
  return {
    due: paiseToRupees(row.refund_due_paise),
    excess: paiseToRupees(row.refund_excess_paise),
    auctionSurplus: paiseToRupees(row.auction_surplus_paise),
    dueBy: row.auction_surplus_due_by,
    refunded: paiseToRupees(row.refunded_paise),
    lastRefund: last && {
      paidOn: last.paidOn,
      amount: paiseToRupees(last.amountPaise),
      method: last.method,
      reference: last.reference,
    },
  };
}

/** The class the delinquency job last recorded, with the loan's figures that day. */
export const delinquencyOf = (row: LoanRow): DelinquencyView => ({
  class: row.delinquency_class,
  since: row.delinquency_as_of,
  daysPastDue: row.days_past_due,
  oldestUnpaidDueDate: row.oldest_unpaid_due_date,
  arrears: paiseToRupees(row.arrears_paise),
  reason: row.delinquency_reason,
  npaLoanId: row.npa_loan_id,
});

export function loanItem(row: LoanRow, viewer: Viewer, pricing: RowPricing): LoanItem {
  const rate = bpsToPercent(row.current_rate_bps);
  const payoff = payoffOfRow(row, pricing);
  const item: LoanItem = {
    _id: row.loan_uuid,
    loanId: row.loan_id,
    version: row.version,
    branchId: row.branch_id,
    customerId: {
      _id: uuidOf(row.customer_stream_id),
      customerId: row.customer_id,
      name: row.name,
      aadharNumber: aadharFor(viewer, row.aadhar_number),
    },
    name: row.name,
    email: row.email,
    primaryMobile: row.primary_mobile,
    secondaryMobile: row.secondary_mobile,
    emergencyContact: row.emergency_contact,
    presentAddress: row.present_address,
    permanentAddress: row.permanent_address,
    amount: paiseToRupees(row.principal_paise),
    term: row.term_months,
    repaymentType: row.repayment_type,
    interestRate: rate,
    originalInterestRate: bpsToPercent(row.original_rate_bps),
    currentInterestRate: rate,
    monthlyPayment: paiseToRupees(row.monthly_payment_paise),
    totalPayment: paiseToRupees(row.total_payment_paise),
    totalPaid: paiseToRupees(row.total_paid_paise),
    remainingBalance: paiseToRupees(payoff.totalDuePaise),
    principalOutstanding: paiseToRupees(payoff.principalOutstandingPaise),
    interestOutstanding: paiseToRupees(payoff.interestOutstandingPaise),
    balanceAsOf: payoff.asOf,
    status: row.status === 'deleted' ? 'closed' : row.status,
    createdAt: row.created_at,
    disbursementDate: row.disbursement_date,
    maturityDate: row.maturity_date,
    closedOn: row.closed_on,
    currentUpgradeLevel: row.upgrade_level,
    lastUpgradeDate: row.last_upgrade_date,
    nextUpgradeDate: row.next_upgrade_date,
    goldItems: row.gold_items.map((g) => ({
      description: g.description,
      grossWeight: mgToGrams(g.grossWeightMg),
      netWeight: mgToGrams(g.netWeightMg),
      purityKarat: g.purityKarat,
    })),
    fineGoldWeight: mgToGrams(row.fine_gold_mg),
    depositedBank: row.deposited_bank,
    renewalDate: row.renewal_date,
    installments: row.installments.map((i) => ({
      number: i.number,
      dueDate: i.dueDate,
      amount: paiseToRupees(i.amountPaise),
      amountPaid: paiseToRupees(i.amountPaidPaise),
      status: i.status,
      place: placeInLoan(row, i.number),
    })),
    ...duesOf(row, pricing.today),
    paymentCount: row.payment_count,
    pendingPaymentCount: row.pending_payment_ids.length,
    ltv: ltvOf(row, pricing, payoff),
    renewalOf: row.renewal_of && { _id: uuidOf(row.renewal_of.loanStreamId), loanId: row.renewal_of.loanId },
    renewedTo: row.renewed_to && {
      _id: uuidOf(row.renewed_to.loanStreamId),
      loanId: row.renewed_to.loanId,
      renewedOn: row.renewed_to.renewedOn,
    },
    refund: refundOf(row),
    releaseCompensation: releaseCompensationView(row.release),
    delinquency: delinquencyOf(row),
    auctionShortfall: paiseToRupees(row.auction_shortfall_paise),
  };
  if (!seesLoanInternals(viewer)) return item;
  // Keys only admins and auditors get; for everyone else they are absent, not null.
  return {
    ...item,
    bankMobileNumber: row.bank_mobile_number,
    bankLoanAmount: row.bank_loan_amount_paise === null ? null : paiseToRupees(row.bank_loan_amount_paise),
    createdBy: { name: row.created_by.name, email: row.created_by.email, role: row.created_by.role },
  };
}

/** The place of installment `number` in the loan's schedules ("2 of 3 after the upgrade on …"). */
export const placeInLoan = (
  loan: Pick<LoanRow, 'installments' | 'schedule_upgrades'>,
  number: number,
): InstallmentPlace =>
  installmentPlace(number, loan.installments.at(-1)?.number ?? number, loan.schedule_upgrades);

export function paymentItem(
  row: LoanPaymentRow,
  loan: Pick<LoanRow, 'loan_id' | 'installments' | 'schedule_upgrades'>,
): z.infer<typeof PaymentItem> {
  const loanId = loan.loan_id;
  return {
    _id: row.payment_id,
    date: row.payment_date,
    amount: paiseToRupees(row.amount_paise),
    method: row.method as 'handcash' | 'online',
    transactionId: row.transaction_id,
    bankName: row.bank_name,
    paymentType: row.payment_type,
    enteredBy: { name: row.entered_by.name },
    status: row.status,
    installmentNumber: row.installment_number,
    installmentPlace: placeInLoan(loan, row.installment_number),
    receiptNumber: row.receipt_number ?? `${loanId}_${row.installment_number}`,
    allocation:
      row.interest_paise === null || row.principal_paise === null
        ? null
        : { interest: paiseToRupees(row.interest_paise), principal: paiseToRupees(row.principal_paise) },
    ...(row.excess_paise ? { excess: paiseToRupees(row.excess_paise) } : {}),
    recordedAt: row.recorded_at,
    approvedBy: row.approved_by && { name: row.approved_by.name },
    approvedAt: row.approved_at,
    reversalReason: row.reversal_reason,
    reversedAt: row.reversed_at,
  };
}
