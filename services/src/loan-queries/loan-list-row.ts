import type { z } from 'zod';
import {
  bpsToPercent,
  itemFineness,
  itemValuePaise,
  loanToValuePercent,
  maskAadhar,
  mgToGrams,
  paiseToRupees,
  releaseCompensationView,
  type DelinquencyView,
  type LoanItem,
  type PaymentItem,
  type Role,
  type ValuationPrice,
} from '@goldledger/contracts';
import type { LoanPaymentRow, LoanRow, MarginCallRow } from '@goldledger/projections';

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
}

/** The day's prices an answer's rows are valued at (its margin calls are read with the rows). */
export type RowPrices = Omit<RowPricing, 'calls'>;

/**
 * Loan to value at today's valuation price: what is still owed (as of the loan's last
 * entry) over the pledged gold, each item at its purity's price; null figures without prices.
 */
export function ltvOf(row: LoanRow, pricing: RowPricing) {
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
  const owedPaise = row.principal_outstanding_paise + row.interest_outstanding_paise;
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
    remainingBalance: paiseToRupees(row.principal_outstanding_paise + row.interest_outstanding_paise),
    principalOutstanding: paiseToRupees(row.principal_outstanding_paise),
    interestOutstanding: paiseToRupees(row.interest_outstanding_paise),
    balanceAsOf: row.ledger_as_of,
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
    })),
    paymentCount: row.payment_count,
    pendingPaymentCount: row.pending_payment_ids.length,
    ltv: ltvOf(row, pricing),
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

export function paymentItem(row: LoanPaymentRow, loanId: string): z.infer<typeof PaymentItem> {
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
    receiptNumber: `${loanId}_${row.installment_number}`,
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
