import { afterAll, beforeAll } from 'vitest';
import {
  LENDING_POLICY,
  addDays,
  nonWorkingReason,
  roundHalfAwayFromZero,
  type LendingPolicy,
  type Role,
} from '@goldledger/contracts';
import { recordGoldPrices } from '../gold-prices/gold-price-commands.js';
import type { PriceRow } from '../gold-prices/gold-price.decider.js';
import type { CommandDeps } from '../platform/command-handler.js';
import { createTestApi, type TestApi } from './test-api.js';
import { createTestDatabase, type TestDatabase } from './test-infra.js';

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
export async function seedGoldPrices(deps: CommandDeps, options: SeedGoldPricesOptions): Promise<PriceRow[]> {
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
    kit.api = await createTestApi(kit.t);
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
