import { describe, expect, it } from 'vitest';
import { simpleInterest } from './loan-form';
import {
  aboveEligible,
  figuresForLoan,
  interestTermsRequest,
  quotable,
  shownFigures,
  valuationRequest,
  type LoanTerms,
} from './loan-quote';

const item = { description: 'Chain', grossWeight: 10, netWeight: 9.5, purityKarat: 22 };
const terms: LoanTerms = { amount: 50_000, rate: 24, term: 6, loanDate: '', today: '2026-11-21' };
const answer = { monthlyPayment: 9_000, totalAmount: 54_000 };

describe('the loan quote (what use-loan-quote asks and shows)', () => {
  it('quotes an amount only from the minimum loan up', () => {
    expect(quotable(null)).toBe(false);
    expect(quotable(99)).toBe(false);
    expect(quotable(100)).toBe(true);
  });

  it('values the gold once every item is complete, for the borrower, purpose and structure, with the amount once there is one', () => {
    const context = {
      customerId: 'c-1',
      purpose: 'consumption' as const,
      repaymentType: 'bullet' as const,
      rate: 18,
      term: 12,
      loanDate: '',
    };
    const asked = {
      customerId: 'c-1',
      purpose: 'consumption',
      repaymentType: 'bullet',
      interestRate: 18,
      term: 12,
    };
    expect(valuationRequest(null, 50_000, context)).toBeNull();
    expect(valuationRequest([item], null, context)).toEqual({ goldItems: [item], ...asked });
    expect(valuationRequest([item], 0, context)).toEqual({ goldItems: [item], ...asked });
    expect(valuationRequest([item], 50_000, { ...context, loanDate: '2026-11-02' })).toEqual({
      goldItems: [item],
      amount: 50_000,
      ...asked,
      customLoanDate: '2026-11-02',
    });
  });

  it('asks the interest from the loan date, or today when none is given, to the end of the term', () => {
    expect(interestTermsRequest({ ...terms, amount: 99 })).toBeNull();
    expect(interestTermsRequest(terms)).toEqual({
      principal: 50_000,
      annualRate: 24,
      disbursementDate: '2026-11-21',
      closureDate: '2027-05-21',
      termMonths: 6,
    });
    expect(interestTermsRequest({ ...terms, loanDate: '2026-10-01' })?.disbursementDate).toBe('2026-10-01');
  });

  it("shows the server's figures while the terms ask for them, simple interest when the call failed", () => {
    expect(shownFigures(terms, true, answer, false)).toEqual({ figures: answer, fallback: false });
    // Amount cleared: the last answer is not left on screen.
    expect(shownFigures({ ...terms, amount: null }, false, answer, false)).toEqual({
      figures: undefined,
      fallback: false,
    });
    expect(shownFigures(terms, true, undefined, true)).toEqual({
      figures: simpleInterest(50_000, 24, 6),
      fallback: true,
    });
    // A failure below the minimum shows nothing rather than an estimate.
    expect(shownFigures({ ...terms, amount: 50 }, false, undefined, true).figures).toBeUndefined();
  });

  it('creates the loan with the figures of the terms as they are now, or simple interest on failure', async () => {
    const asked: unknown[] = [];
    const figures = await figuresForLoan(terms, async (body) => {
      asked.push(body);
      return { ...answer, message: 'ok' } as typeof answer;
    });
    expect(figures).toEqual(answer);
    expect(asked).toEqual([interestTermsRequest(terms)]);

    const failed = await figuresForLoan(terms, () => Promise.reject(new Error('down')));
    expect(failed).toEqual(simpleInterest(50_000, 24, 6));

    let called = false;
    const below = await figuresForLoan({ ...terms, amount: 99 }, async () => {
      called = true;
      return answer;
    });
    expect(below).toBeNull();
    expect(called).toBe(false);
  });

  it('warns only when the amount is above a known eligible maximum', () => {
    expect(aboveEligible(60_000, 59_500)).toBe(true);
    expect(aboveEligible(59_500, 59_500)).toBe(false);
    expect(aboveEligible(60_000, undefined)).toBe(false);
    expect(aboveEligible(null, 59_500)).toBe(false);
  });
});
