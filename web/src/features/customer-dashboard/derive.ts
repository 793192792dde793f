import type { InstallmentItem, LoanDetail, PaymentItem } from '@goldledger/contracts';
import { formatDate, formatGrams, formatMoney, formatMoneyExact } from '@/lib/format';
import type { z } from 'zod';

/**
 * The customer view's derived values, in one place. The seeds' client worked
 * them out from principal and total paid alone, because its server kept no ledger. Ours
 * does: `remainingBalance` is principal plus interest outstanding, `status` is closed
 * when that reaches nil, and every payment has its own status. Each rule
 * below keeps the seeds' intent and reads the ledger's figures, so a customer who has
 * repaid the principal but still owes interest is never told the loan is paid off.
 */

export type CustomerLoan = z.infer<typeof LoanDetail>;
export type LoanPayment = z.infer<typeof PaymentItem>;
export type LoanInstallment = z.infer<typeof InstallmentItem>;

/** Nothing left to pay: the ledger closed the loan, or payments have brought its balance to nil. */
export function isFullyPaid(loan: CustomerLoan): boolean {
  return loan.status === 'closed' || (loan.totalPaid > 0 && loan.remainingBalance <= 0);
}

/**
 * Remaining balance is max(0, amount minus totalPaid), with the ledger's balance
 * (interest included, as of the loan's last event) in place of the principal-only sum.
 * A closed loan shows 0.
 */
export function remainingBalance(loan: CustomerLoan): number {
  return isFullyPaid(loan) ? 0 : Math.max(0, loan.remainingBalance);
}

/** The loan's status: paid in full reads closed; otherwise the stored status (active, closed, renewed). */
export function loanStatus(loan: CustomerLoan): CustomerLoan['status'] {
  return isFullyPaid(loan) ? 'closed' : loan.status;
}

/**
 * Share of the loan repaid, 0 to 100, for the progress bar: paid over paid plus still
 * owed. Rounded down, so a loan shows 100 % only once nothing is left.
 */
export function repaidPercent(loan: CustomerLoan): number {
  if (isFullyPaid(loan)) return 100;
  const owed = loan.totalPaid + remainingBalance(loan);
  if (owed <= 0) return 0;
  return Math.min(99, Math.max(0, Math.floor((loan.totalPaid / owed) * 100)));
}

export type PaymentType =
  'Full Payment' | 'Early Payment' | 'Monthly Installments' | 'Monthly Interest' | 'At Maturity';

/** How a loan still being repaid is repaid, by its structure (EMI: the seeds' 'Monthly Installments'). */
const REPAID_BY: Readonly<Record<CustomerLoan['repaymentType'], PaymentType>> = {
  emi: 'Monthly Installments',
  monthly_interest: 'Monthly Interest',
  bullet: 'At Maturity',
};

/** The name of the loan's `monthlyPayment` on the card: an EMI, a month's interest, or the one payment at maturity. */
export const AMOUNT_LABEL: Readonly<Record<CustomerLoan['repaymentType'], string>> = {
  emi: 'Monthly Payment',
  monthly_interest: 'Monthly Interest',
  bullet: 'Due at Maturity',
};

/** Payments that count: a reversed payment was taken back. */
function countedPayments(loan: CustomerLoan): LoanPayment[] {
  return loan.payments.filter((p) => p.status !== 'reversed');
}

/**
 * The payment type: one payment that covered the loan is 'Full Payment'; a loan paid
 * off by several payments before its maturity date is 'Early Payment'; anything else is
 * how its structure repays: 'Monthly Installments' (EMI), 'Monthly Interest' or 'At
 * Maturity' (bullet). (The seeds' "totalPaid at least amount" would call every loan
 * repaid on schedule early, since instalments carry interest on top of the principal.)
 */
export function paymentType(loan: CustomerLoan): PaymentType {
  const payments = countedPayments(loan);
  if (payments.length === 1 && payments[0]!.amount >= loan.amount) return 'Full Payment';
  if (payments.length > 0 && isFullyPaid(loan) && (loan.closedOn ?? loan.maturityDate) < loan.maturityDate) {
    return 'Early Payment';
  }
  return REPAID_BY[loan.repaymentType];
}

export type InstallmentStatus = 'paid' | 'overdue' | 'pending';

/** Paid is Paid; unpaid with a due date in the past is Overdue; otherwise Pending. */
export function installmentStatus(installment: LoanInstallment, today: string): InstallmentStatus {
  if (installment.status === 'paid') return 'paid';
  return installment.dueDate < today ? 'overdue' : 'pending';
}

/** What is still owed on an installment. */
export function installmentDue(installment: LoanInstallment): number {
  return Math.max(0, installment.amount - installment.amountPaid);
}

export interface DueInstallment {
  loan: CustomerLoan;
  installment: LoanInstallment;
  /** Still owed on it. */
  amount: number;
  overdue: boolean;
}

/** Unpaid installments of the loans still running, oldest due date first. */
export function unpaidInstallments(loans: readonly CustomerLoan[], today: string): DueInstallment[] {
  return loans
    .filter((loan) => !isFullyPaid(loan) && loan.status === 'active')
    .flatMap((loan) =>
      loan.installments
        .filter((i) => i.status !== 'paid' && installmentDue(i) > 0)
        .map((installment) => ({
          loan,
          installment,
          amount: installmentDue(installment),
          overdue: installmentStatus(installment, today) === 'overdue',
        })),
    )
    .sort((a, b) => a.installment.dueDate.localeCompare(b.installment.dueDate));
}

export interface PaymentsDue {
  /** The earliest installment not yet paid, overdue or not. */
  next: DueInstallment | null;
  overdueCount: number;
  overdueAmount: number;
}

/** What the customer has to pay next, for the top of the page. */
export function paymentsDue(loans: readonly CustomerLoan[], today: string): PaymentsDue {
  const unpaid = unpaidInstallments(loans, today);
  const overdue = unpaid.filter((d) => d.overdue);
  return {
    next: unpaid[0] ?? null,
    overdueCount: overdue.length,
    overdueAmount: overdue.reduce((sum, d) => sum + d.amount, 0),
  };
}

/** The next unpaid installment of one loan. */
export function nextInstallment(loan: CustomerLoan, today: string): DueInstallment | null {
  return unpaidInstallments([loan], today)[0] ?? null;
}

/** Loans with something left to pay first, newest first within each group (the server's order). */
export function loansForDisplay(loans: readonly CustomerLoan[]): CustomerLoan[] {
  return [...loans.filter((l) => !isFullyPaid(l)), ...loans.filter((l) => isFullyPaid(l))];
}

/** The server's names for the PDFs (services/src/documents/documents.routes.ts). */
export const receiptFileName = {
  loan: (loan: Pick<CustomerLoan, 'loanId'>) => `LoanReceipt_${loan.loanId}.pdf`,
  payment: (payment: Pick<LoanPayment, 'receiptNumber'>) => `Receipt_${payment.receiptNumber}.pdf`,
};

/** The sanction's disclosures, named as the server names them. */
export const disclosureFileName = {
  keyFacts: (loan: Pick<CustomerLoan, 'loanId'>) => `KeyFacts_${loan.loanId}.pdf`,
  certificate: (loan: Pick<CustomerLoan, 'loanId'>) => `AppraisalCertificate_${loan.loanId}.pdf`,
};

/**
 * The customer's line for money they paid beyond closing the loan: "Refund due ₹X" while
 * owed, "Refunded ₹X on …" once all of it went back; null when nothing was ever owed.
 */
export function refundLine(loan: CustomerLoan): { tone: 'due' | 'refunded'; text: string } | null {
  const refund = loan.refund;
  if (!refund) return null;
  if (refund.due > 0) {
    const part = refund.refunded > 0 ? ` (${formatMoneyExact(refund.refunded)} already refunded)` : '';
    return { tone: 'due', text: `Refund due ${formatMoneyExact(refund.due)}${part}` };
  }
  if (refund.refunded > 0) {
    const on = refund.lastRefund ? ` on ${formatDate(refund.lastRefund.paidOn)}` : '';
    return { tone: 'refunded', text: `Refunded ${formatMoneyExact(refund.refunded)}${on}` };
  }
  return null;
}

/** The loan to value the customer sees: their loan as a share of their gold's value today; null without a figure. */
export function ltvLine(loan: CustomerLoan): string | null {
  if (loan.status !== 'active' || loan.ltv.ltvPercent == null || loan.ltv.goldValue == null) return null;
  return `${Number(loan.ltv.ltvPercent.toFixed(2))}%, gold worth ${formatMoney(loan.ltv.goldValue)}`;
}

/** A margin call on the loan, in the customer's words: what to pay or pledge. */
export function marginCallNotice(loan: CustomerLoan): string | null {
  const call = loan.ltv.marginCall;
  if (!call || loan.status !== 'active') return null;
  return `The price of gold has fallen and this loan is above its limit. Please pay ${formatMoney(call.shortfall)} or pledge ${formatGrams(call.goldToAddGrams)} more of 22K gold at our branch.`;
}
