import {
  LENDING_POLICY,
  addDays,
  nonWorkingReason,
  roundHalfAwayFromZero,
  type LendingPolicy,
} from '@goldledger/contracts';
import { recordGoldPrices } from '../gold-prices/gold-price-commands.js';
import type { PriceRow } from '../gold-prices/gold-price.decider.js';
import type { CommandDeps } from '../platform/command-handler.js';

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
