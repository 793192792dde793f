import {
  addDays,
  goldPricesStreamId,
  MissingGoldPriceError,
  valuationPrice,
  type GoldPriceEvent,
  type LendingPolicy,
  type ValuationPrice,
} from '@goldledger/contracts';
import { DomainError } from '../platform/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';

/** The month streams (`gold-prices-YYYY-MM`) a window of dates touches, oldest first. */
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let d = `${from.slice(0, 7)}-01`; d <= to; d = addDays(`${d.slice(0, 7)}-28`, 4).slice(0, 7) + '-01') {
    months.push(d.slice(0, 7));
  }
  return months;
}

/**
 * Closing prices of the days from `from` to `to`, read from the register's own streams
 * (not a read model: they price loans, so an entry holds for the very next request). A
 * later entry for the same day and purity corrects an earlier one.
 */
export async function readCloses(store: EventStore, from: string, to: string): Promise<Map<string, number>> {
  const closes = new Map<string, number>();
  const streams = await Promise.all(
    monthsBetween(from, to).map((m) => store.readStream(goldPricesStreamId(m))),
  );
  for (const { events } of streams) {
    for (const e of events) {
      const event = e as unknown as GoldPriceEvent;
      if (event.type !== 'GoldPriceRecorded') continue;
      const d = event.data;
      if (d.date >= from && d.date <= to) closes.set(`${d.date}|${d.purity}`, d.pricePerGramPaise);
    }
  }
  return closes;
}

/** A valuation the register cannot make yet: 409 with the seeds-style message. */
const missing = (e: MissingGoldPriceError) =>
  new DomainError(e.message, 'gold_prices_missing', 409, { date: e.date });

/**
 * The valuation prices of a day for any purity, from one read of the register: the lower of
 * the 30-day average and the previous working day's close (contracts' `valuationPrice`).
 * Throws DomainError 409 `gold_prices_missing` when the previous working day has no price.
 */
export async function pricesOn(
  store: EventStore,
  date: string,
  policy: LendingPolicy,
): Promise<(purity: number) => ValuationPrice> {
  // A week's margin before the window: the previous working day may sit behind a long holiday.
  const closes = await readCloses(
    store,
    addDays(date, -policy.goldPrices.averageDays - 7),
    addDays(date, -1),
  );
  const lookup = (day: string, purity: number) => closes.get(`${day}|${purity}`);
  const cache = new Map<number, ValuationPrice>();
  const priceOf = (purity: number) => {
    let found = cache.get(purity);
    if (!found) {
      try {
        found = valuationPrice(lookup, purity, date, policy);
      } catch (e) {
        throw e instanceof MissingGoldPriceError ? missing(e) : e;
      }
      cache.set(purity, found);
    }
    return found;
  };
  priceOf(policy.goldPrices.referencePurity); // fail fast: no price for the previous working day
  return priceOf;
}

/** One purity's valuation price on a day (see pricesOn). */
export const valuationOn = async (store: EventStore, purity: number, date: string, policy: LendingPolicy) =>
  (await pricesOn(store, date, policy))(purity);
