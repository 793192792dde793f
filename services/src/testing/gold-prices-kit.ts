import { afterAll, beforeAll } from 'vitest';
import {
  addDays,
  businessDate,
  LENDING_POLICY,
  nonWorkingReason,
  previousWorkingDay,
  roundHalfAwayFromZero,
  type LendingPolicy,
  type Role,
  type ValuationPrice,
} from '@goldledger/contracts';
import { recordGoldPrices } from '../gold-prices/gold-price-commands.js';
import type { PriceRow } from '../gold-prices/gold-price.decider.js';
import type { Clock } from '../platform/clock.js';
import type { CommandDeps } from '../platform/command-handler.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { createTestApi, type TestApi } from './test-api.js';
import { recordTestPrices } from './gold-prices-test-kit.js';
import { createTestDatabase, type TestDatabase } from './test-infra.js';

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
  const purities = series.purities ?? [LENDING_POLICY.goldPrices.referencePurity];
  await recordTestPrices(store, {
    from: series.from ?? '2025-01-01',
    to: series.to ?? '2027-12-31',
    pricePaise: (d) => {
      const base = series.priceOn?.(d) ?? series.price999Paise ?? TEST_PRICE_999_PAISE;
      return Object.fromEntries(purities.map((purity) => [purity, scaledPrice(purity, base)]));
    },
  });
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

export interface SeedGoldPricesOptions {
  /** First and last day (inclusive); Sundays and the policy's holidays get no price. */
  from: string;
  to: string;
  /** The 22K (916) close in paise a gram: one figure, or one per day. */
  paise916: number | ((date: string) => number);
  /** Which purities get a close (default: every published one), each the 916 close scaled by fineness. */
  purities?: readonly number[];
  policy?: LendingPolicy;
}

/**
 * Closing prices for tests, recorded as an admin's import would be: every working day
 * from `from` to `to`, each purity at the 916 price × fineness / 916 (rounded to the
 * paisa). A loan or a valuation on any later day then has its previous day's prices.
 */
export async function seedGoldPriceRows(
  deps: CommandDeps,
  options: SeedGoldPricesOptions,
): Promise<PriceRow[]> {
  const policy = options.policy ?? LENDING_POLICY;
  const purities = options.purities ?? policy.goldPrices.publishedPurities;
  const rows: PriceRow[] = [];
  for (let date = options.from; date <= options.to; date = addDays(date, 1)) {
    if (nonWorkingReason(date, policy)) continue;
    const base = typeof options.paise916 === 'number' ? options.paise916 : options.paise916(date);
    for (const purity of purities) {
      rows.push({ date, purity, pricePerGramPaise: roundHalfAwayFromZero((base * purity) / 916) });
    }
  }
  await recordGoldPrices(deps, rows, { source: 'import', importId: 'test-seed', policy, metadata: {} });
  return rows;
}

export type Caller = Role | 'anonymous';

/**
 * The API on a database of the file's own, with the calls the gold price tests repeat:
 * enter prices, import a CSV, read a month's stream. Registers the file's beforeAll/afterAll.
 */
export function goldPricesApiKit(prefix: string) {
  const kit = {
    t: undefined as unknown as TestDatabase,
    api: undefined as unknown as TestApi,
  };
  beforeAll(async () => {
    kit.t = await createTestDatabase(prefix);
    kit.api = await createTestApi(kit.t, undefined, {}, { goldPrices: false });
  });
  afterAll(async () => {
    await kit.api?.app.close();
    await kit.t?.drop();
  });
  const headers = async (as: Caller): Promise<Record<string, string>> =>
    as === 'anonymous' ? {} : { 'x-auth-token': await kit.api.tokenFor(as) };
  const post = async (url: string, payload: object, as: Caller = 'admin') =>
    kit.api.app.inject({ method: 'POST', url, payload, headers: await headers(as) });
  const get = async (url: string, as: Caller = 'admin') =>
    kit.api.app.inject({ method: 'GET', url, headers: await headers(as) });
  return {
    kit,
    post,
    get,
    record: (payload: object, as: Caller = 'admin') => post('/api/admin/gold-prices', payload, as),
    importCsv: (csv: string, as: Caller = 'admin') => post('/api/admin/gold-prices/import', { csv }, as),
    /** The events of `gold-prices-<YYYY-MM>`. */
    month: async (m: string) => (await kit.api.store.readStream(`gold-prices-${m}`)).events,
    version: (m: string) => kit.api.store.streamVersion(`gold-prices-${m}`),
  };
}
