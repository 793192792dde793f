import useSWR from 'swr';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { calculateInterest } from '../api/calculate-interest';
import { getValuation } from '../api/get-valuation';
import { completeItems, type GoldItemDraft } from '../loan-form';
import {
  aboveEligible,
  figuresForLoan,
  interestTermsRequest,
  shownFigures,
  valuationRequest,
  type LoanTerms,
  type ValuationContext,
} from '../loan-quote';

/** How long typing settles before the valuation and interest are asked again. */
const SETTLE_MS = 400;

/**
 * The loan step's live quote: the gold's valuation (once every item is complete) and the
 * payment figures for the terms (once the amount reaches the minimum), each asked again when
 * typing settles. The rules are loan-quote.ts's; this wires them to the API.
 */
export function useLoanQuote(
  items: readonly GoldItemDraft[],
  terms: LoanTerms,
  context: Omit<ValuationContext, 'rate' | 'term' | 'loanDate'>,
) {
  const goldItems = completeItems(items);
  const valuationBody = valuationRequest(goldItems, terms.amount, {
    ...context,
    rate: terms.rate,
    term: terms.term,
    loanDate: terms.loanDate,
  });
  const valuationKey = useDebouncedValue(valuationBody ? JSON.stringify(valuationBody) : null, SETTLE_MS);
  const valuation = useSWR(
    valuationKey ? ['/api/loans/valuation', valuationKey] : null,
    ([, body]: [string, string]) => getValuation(JSON.parse(body)),
    { keepPreviousData: true, revalidateOnFocus: false },
  );

  const interestBody = interestTermsRequest(terms);
  const interestKey = useDebouncedValue(interestBody ? JSON.stringify(interestBody) : null, SETTLE_MS);
  const interest = useSWR(
    interestKey ? ['/api/loans/calculate-interest', interestKey] : null,
    ([, body]: [string, string]) => calculateInterest(JSON.parse(body)),
    { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false },
  );
  const shown = shownFigures(terms, interestKey !== null, interest.data, Boolean(interest.error));
  const eligible = valuation.data?.eligibleAmount;

  return {
    /** Every item parsed, or null while one is incomplete. */
    goldItems,
    valuation,
    eligible,
    aboveEligible: aboveEligible(terms.amount, eligible),
    figures: shown.figures,
    /** The figures are simple interest worked out here: the calculation call failed. */
    fallback: shown.fallback,
    calculating: interest.isValidating,
    /** The server's note on its figures, while they are the ones shown. */
    message: !shown.fallback && interestKey && interest.data ? interest.data.message : null,
    /** The figures to create the loan with: those of the terms as they are now. */
    figuresNow: () => figuresForLoan(terms, (body) => calculateInterest(body)),
  };
}

export type LoanQuote = ReturnType<typeof useLoanQuote>;
