import { addDays, type LoanEvent } from '@goldledger/contracts';
import { DomainError } from '../../platform/decider.js';
import type { LoanCommand, LoanHandler } from '../loan.decider.js';
import { validateGoldItems } from '../loan.rules.js';
import { checkTenure, scheduleFor } from '../repayment-structures.js';
import { checkSanction } from './sanction-checks.js';

/**
 * A loan's date: never in the future; an employee may date it up to
 * `employeeMaxDaysBack` days back, an admin up to `adminMaxDaysBack` with a reason (kept
 * in the event). Returns the reason to record, if the date needs one.
 */
export function checkLoanDate(
  c: Pick<
    Extract<LoanCommand, { type: 'CreateLoan' }>,
    'disbursementDate' | 'today' | 'createdBy' | 'loanDateReason' | 'policy'
  >,
): string | null {
  const { employeeMaxDaysBack, adminMaxDaysBack } = c.policy.loanDateBounds;
  if (c.disbursementDate > c.today) {
    throw new DomainError('Loan date cannot be in the future', 'loan_date_future');
  }
  const employeeEarliest = addDays(c.today, -employeeMaxDaysBack);
  if (c.disbursementDate >= employeeEarliest) return null;
  if (c.createdBy.role !== 'admin') {
    throw new DomainError(
      `Loan date can be at most ${employeeMaxDaysBack} days back (${employeeEarliest}); an admin can date a loan further back with a reason`,
      'loan_date_too_old',
    );
  }
  const adminEarliest = addDays(c.today, -adminMaxDaysBack);
  if (c.disbursementDate < adminEarliest) {
    throw new DomainError(
      `Loan date can be at most ${adminMaxDaysBack} days back (${adminEarliest})`,
      'loan_date_too_old',
    );
  }
  const reason = c.loanDateReason?.trim();
  if (!reason) {
    throw new DomainError(
      `A loan dated more than ${employeeMaxDaysBack} days back needs a reason (loanDateReason)`,
      'loan_date_reason_required',
    );
  }
  return reason;
}

/**
 * What the LTV counts for a principal: the principal itself (emi); for bullet and
 * monthly-interest loans what is repayable at maturity, principal + interest to maturity
 * (the interest model's total for the term, until the repayment structures price it).
 */
export const ltvBasis =
  (
    c: Pick<
      Extract<LoanCommand, { type: 'CreateLoan' }>,
      'repaymentType' | 'annualRateBps' | 'disbursementDate' | 'termMonths' | 'policy'
    >,
  ) =>
  (principalPaise: number): number =>
    c.repaymentType === 'emi'
      ? principalPaise
      : scheduleFor({
          repaymentType: c.repaymentType,
          principalPaise,
          annualRateBps: c.annualRateBps,
          disbursementDate: c.disbursementDate,
          termMonths: c.termMonths,
          policy: c.policy,
        }).repayableAtMaturityPaise;

/**
 * A new loan: a verified customer, an amount and term within the policy, complete gold
 * items, a loan date within its bounds (checkLoanDate), and the sanction checks of the 2025
 * Directions (sanction-checks.ts: appraisal, weight caps, cash limit, the LTV tier against the
 * gold's value at the valuation price). The server builds the schedule of the loan's
 * repayment structure.
 */
export const openLoan: LoanHandler<'CreateLoan'> = (c, s): LoanEvent[] => {
  const P = c.policy;
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
  // The policy's longest tenure for the structure (bullet and monthly interest: 12 months).
  checkTenure(c.repaymentType, c.termMonths, P);
  if (c.annualRateBps < 0) throw new DomainError('Interest rate cannot be negative', 'rate_negative');
  validateGoldItems(c.goldItems, 'Please add at least one gold item with complete details');
  const loanDateReason = checkLoanDate(c);
  const schedule = scheduleFor({
    repaymentType: c.repaymentType,
    principalPaise: c.principalPaise,
    annualRateBps: c.annualRateBps,
    disbursementDate: c.disbursementDate,
    termMonths: c.termMonths,
    policy: P,
  });
  const { ltv, valuation, disbursementReference } = checkSanction(c, ltvBasis(c));
  return [
    {
      type: 'LoanCreated',
      data: {
        loanId: c.loanId,
        branchId: c.branchId,
        policyVersion: c.policyVersion,
        customer: c.customer,
        goldItems: c.goldItems,
        principalPaise: c.principalPaise,
        annualRateBps: c.annualRateBps,
        termMonths: c.termMonths,
        disbursementDate: c.disbursementDate,
        repaymentType: c.repaymentType,
        totalPaymentPaise: schedule.totalPaymentPaise,
        monthlyPaymentPaise: schedule.monthlyPaymentPaise,
        installments: schedule.installments,
        valuation,
        createdBy: c.createdBy,
        renewalOf: c.renewalOf,
        ...(loanDateReason ? { loanDateReason } : {}),
        // The cash book reads the method: only a cash payout comes out of the drawer.
        disbursementMethod: c.disbursementMode === 'cash' ? 'cash' : 'bank',
        purpose: c.purpose,
        disbursementMode: c.disbursementMode,
        disbursementReference,
        appraisal: c.appraisal,
        ltv,
        // A renewal or top-up: the borrower's request, and the parent a top-up is linked to.
        ...(c.sanction?.topUpOf ? { topUpOf: c.sanction.topUpOf } : {}),
        ...(c.sanction?.borrowerRequest ? { borrowerRequest: c.sanction.borrowerRequest } : {}),
      },
    },
  ];
};
