import type { GoldItemInput, LoanPurpose, RepaymentType, ValuationRequest } from '@goldledger/contracts';
import type { z } from 'zod';
import { MINIMUM_LOAN_RUPEES } from '@/lib/lending-options';
import { interestRequest, simpleInterest } from './loan-form';

/**
 * The loan step's live quote, as pure rules: what the valuation and the interest calculation
 * are asked, which figures are shown while they answer (or fail), and what the loan is
 * created with. use-loan-quote.ts wires them to the API.
 */

export interface LoanTerms {
  /** The amount typed, in rupees; null when it is not a number. */
  amount: number | null;
  /** Percent a year. */
  rate: number;
  /** Months. */
  term: number;
  /** `YYYY-MM-DD`; empty means today. */
  loanDate: string;
  today: string;
}

export interface PaymentFigures {
  monthlyPayment: number;
  totalAmount: number;
}

/** An amount the interest can be calculated for: a number of at least the minimum loan. */
export const quotable = (amount: number | null): amount is number =>
  amount !== null && amount >= MINIMUM_LOAN_RUPEES;

/** Who and what the valuation is for: the borrower's other loans, the purpose and structure set the LTV tier. */
export interface ValuationContext {
  customerId: string;
  purpose: LoanPurpose;
  repaymentType: RepaymentType;
  rate: number;
  term: number;
  /** Empty means today. */
  loanDate: string;
}

/**
 * What `POST /loans/valuation` is asked: every item (all complete), the amount once one is
 * typed, and the loan's borrower, purpose, structure, rate, term and date.
 */
export function valuationRequest(
  goldItems: GoldItemInput[] | null,
  amount: number | null,
  context: ValuationContext,
): z.input<typeof ValuationRequest> | null {
  if (!goldItems) return null;
  return {
    goldItems,
    ...(amount && amount > 0 ? { amount } : {}),
    customerId: context.customerId,
    purpose: context.purpose,
    repaymentType: context.repaymentType,
    interestRate: context.rate,
    term: context.term,
    ...(context.loanDate ? { customLoanDate: context.loanDate } : {}),
  };
}

/** What `POST /loans/calculate-interest` is asked for these terms; null until the amount is quotable. */
export function interestTermsRequest(terms: LoanTerms): ReturnType<typeof interestRequest> | null {
  if (!quotable(terms.amount)) return null;
  return interestRequest(terms.amount, terms.rate, terms.term, terms.loanDate || terms.today);
}

/**
 * The payment figures on screen. When the calculation call has failed, simple interest worked
 * out here (and said so); otherwise the server's answer, but only while the terms still ask
 * for one (an amount cleared below the minimum shows nothing, not the last answer).
 */
export function shownFigures(
  terms: Pick<LoanTerms, 'amount' | 'rate' | 'term'>,
  asked: boolean,
  answer: PaymentFigures | undefined,
  failed: boolean,
): { figures: PaymentFigures | undefined; fallback: boolean } {
  if (failed && quotable(terms.amount)) {
    return { figures: simpleInterest(terms.amount, terms.rate, terms.term), fallback: true };
  }
  return { figures: asked ? answer : undefined, fallback: false };
}

/**
 * The figures a loan is created with: those of the terms as they are now (not of a pending
 * debounce), from the server, or simple interest when the call fails; null below the minimum.
 */
export async function figuresForLoan(
  terms: LoanTerms,
  calculate: (body: ReturnType<typeof interestRequest>) => Promise<PaymentFigures>,
): Promise<PaymentFigures | null> {
  const request = interestTermsRequest(terms);
  if (!request || !quotable(terms.amount)) return null;
  try {
    const answer = await calculate(request);
    return { monthlyPayment: answer.monthlyPayment, totalAmount: answer.totalAmount };
  } catch {
    return simpleInterest(terms.amount, terms.rate, terms.term);
  }
}

/** The amount asks for more than this gold can secure. */
export const aboveEligible = (amount: number | null, eligible: number | undefined): boolean =>
  eligible !== undefined && amount !== null && amount > eligible;
