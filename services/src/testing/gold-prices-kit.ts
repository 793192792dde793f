import {
  addDays,
  businessDate,
  GOLD_PRICES_STREAM_TYPE,
  goldPricesStreamId,
  LENDING_POLICY,
  previousWorkingDay,
  type ValuationPrice,
} from '@goldledger/contracts';
import type { Clock } from '../platform/clock.js';
import type { EventStore, NewEvent } from '../platform/event-store/event-store.js';

/**
 * Gold prices for tests: loans are valued at the register's valuation price on their date
 * and refused when the previous working day has none, so every test that opens a loan
 * records a price series first. The seeds' gold rate was ₹7,000 a gram of 24K; the series
 * keeps it (999 fineness at ₹7,000) and prices the other purities in proportion.
 */
export const TEST_PRICE_999_PAISE = 7_000_00;

/** The price of a purity in proportion to the 999 price, rounded to the paisa. */
export const scaledPrice = (purity: number, price999Paise = TEST_PRICE_999_PAISE) =>
  Math.round((price999Paise * purity) / 999);

export interface PriceSeries {
  /** First and last day, inclusive (default: 2025-01-01 to 2027-12-31, every day the tests date loans on). */
  from?: string;
  to?: string;
  /** The 999 price; other purities scale from it (default ₹7,000). */
  price999Paise?: number;
  /**
   * The purities to record (default: 22K alone, which prices every other purity in
   * proportion, as the register does for a purity without a close of its own).
   */
  purities?: readonly number[];
  /** A price per day instead of the flat one (paise a gram of 999). */
  priceOn?: (date: string) => number;
}

/**
 * Appends a daily closing price per purity to the register's month streams, as the prices
 * page would (one append per month). For a fresh store: each month stream is started.
 */
export async function seedGoldPrices(store: EventStore, series: PriceSeries = {}): Promise<void> {
  const from = series.from ?? '2025-01-01';
  const to = series.to ?? '2027-12-31';
  const purities = series.purities ?? [LENDING_POLICY.goldPrices.referencePurity];
  const byMonth = new Map<string, NewEvent[]>();
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const base = series.priceOn?.(d) ?? series.price999Paise ?? TEST_PRICE_999_PAISE;
    const events = byMonth.get(goldPricesStreamId(d)) ?? [];
    for (const purity of purities) {
      events.push({
        type: 'GoldPriceRecorded',
        data: {
          date: d,
          purity,
          pricePerGramPaise: scaledPrice(purity, base),
          previousPricePerGramPaise: null,
          source: 'import',
          importId: null,
        },
        occurredAt: new Date(`${d}T12:00:00+05:30`),
      });
    }
    byMonth.set(goldPricesStreamId(d), events);
  }
  for (const [streamId, events] of byMonth) {
    const version = await store.streamVersion(streamId);
    await store.append(streamId, events, {
      streamType: GOLD_PRICES_STREAM_TYPE,
      expectedVersion: version === 0 ? 'no_stream' : version,
    });
  }
}

/**
 * A flat valuation price for pure tests (both limbs equal, the average bound): what
 * `pricesOn` answers on `date` for a register at the seeded prices.
 */
export const flatPrices =
  (date: string, price999Paise = TEST_PRICE_999_PAISE) =>
  (purity: number): ValuationPrice => {
    const pricePaise = scaledPrice(purity, price999Paise);
    return {
      purity,
      pricedFrom: purity,
      pricePaise,
      average30Paise: pricePaise,
      previousClosePaise: pricePaise,
      bound: 'average30',
      from: addDays(date, -LENDING_POLICY.goldPrices.averageDays),
      to: addDays(date, -1),
      previousDay: previousWorkingDay(date, LENDING_POLICY),
      closesInWindow: LENDING_POLICY.goldPrices.averageDays,
    };
  };

/**
 * A loan paid out by bank transfer: what a test spreads into `createLoan`'s input for a loan
 * above the cash limit (₹20,000, Income Tax Act s.269SS), which would otherwise be cash.
 */
export const BANK_PAYOUT = {
  disbursementMode: 'bank_transfer',
  disbursementReference: 'UTR-TEST-PAYOUT',
} as const;

/** The last two months of prices, to yesterday: for a product run on the real clock (clusters, faults). */
export async function seedRecentGoldPrices(store: EventStore, clock: Clock): Promise<void> {
  const today = businessDate(clock.now());
  await seedGoldPrices(store, { from: addDays(today, -60), to: addDays(today, -1) });
}
