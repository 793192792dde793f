import type { GoldItemRecord, ValuationPrice } from '@goldledger/contracts';
import { pricesOn } from '../gold-prices/gold-price.queries.js';
import { DomainError } from '../platform/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import type { LoanState } from './loan.state.js';
import { dayPricesFor, type DayPrices } from './ltv.js';

/** The register has no price for the previous working day (pricesOn's 409). */
export const isMissingPrices = (e: unknown): e is DomainError =>
  e instanceof DomainError && e.code === 'gold_prices_missing';

/**
 * The day's valuation prices a loan's LTV needs (its items, any about to be added, and
 * the reference purity), read from the register under the loan's own policy version;
 * null when the previous working day has no price: no LTV is decided on stale prices.
 */
export async function loanDayPrices(
  store: EventStore,
  loan: LoanState,
  today: string,
  addedItems: readonly GoldItemRecord[] = [],
): Promise<DayPrices | null> {
  try {
    const priceOf = await pricesOn(store, today, loan.policy);
    return dayPricesFor(priceOf, [...loan.goldItems, ...addedItems], today, loan.policy);
  } catch (e) {
    if (isMissingPrices(e)) return null;
    throw e;
  }
}

/**
 * What a payment command carries about the LTV: the day's prices when the loan has a
 * margin call open (a payment bringing it within its cap cures it in the same decision),
 * nothing otherwise (most payments read no prices).
 */
export const ltvPricesForPayment = (store: EventStore, loan: LoanState, today: string) =>
  loan.marginCall ? loanDayPrices(store, loan, today) : Promise.resolve(null);

/**
 * A day's price lookups per policy version, read once each: the daily job values every
 * open loan under its own version, and most share one.
 */
export function pricesByPolicy(store: EventStore, today: string) {
  const read = new Map<number, Promise<(purity: number) => ValuationPrice>>();
  return async (loan: Pick<LoanState, 'policyVersion' | 'policy' | 'goldItems'>): Promise<DayPrices> => {
    let lookup = read.get(loan.policyVersion);
    if (!lookup) {
      lookup = pricesOn(store, today, loan.policy);
      read.set(loan.policyVersion, lookup);
    }
    return dayPricesFor(await lookup, loan.goldItems, today, loan.policy);
  };
}
