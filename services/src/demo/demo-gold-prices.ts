import {
  addDays,
  addMonths,
  businessDate,
  goldPricesStreamId,
  nonWorkingReason,
  previousWorkingDay,
  type EventMetadata,
  type LendingPolicy,
} from '@goldledger/contracts';
import { recordGoldPrices } from '../gold-prices/gold-price-commands.js';
import type { PriceRow } from '../gold-prices/gold-price.decider.js';
import type { CommandDeps } from '../platform/command-handler.js';
import { Rng, subSeed } from './rng.js';

/**
 * The demo's gold price history: a 22K (916) close on every working day for two years
 * ending on the last working day before today, plus one averaging window before that so
 * a loan on the book's first day has its 30-day average. A random walk of the log price
 * (about 0.8 % a day) pinned at both ends, so it rises from about ₹6,500 to about ₹11,000
 * a gram as 2024-2026 did; the other purities are the 916 close scaled by fineness, whole
 * rupees. Deterministic for a seed and a day.
 */
export const DEMO_GOLD_PRICE_916_RUPEES = { from: 6_500, to: 11_000, dailyVolatility: 0.008 } as const;

/** A standard normal draw (Box-Muller) from the demo's seeded generator. */
function normal(rng: Rng): number {
  const u = Math.max(rng.float(), Number.EPSILON);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.float());
}

export function demoGoldPriceRows(today: string, seed: number, policy: LendingPolicy): PriceRow[] {
  const last = previousWorkingDay(today, policy);
  const first = addDays(addMonths(today, -24), -(policy.goldPrices.averageDays + 14));
  const days: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) if (!nonWorkingReason(d, policy)) days.push(d);

  const rng = new Rng(subSeed(seed, -3));
  const { from, to, dailyVolatility } = DEMO_GOLD_PRICE_916_RUPEES;
  const walk = [0];
  for (let k = 1; k < days.length; k++) walk.push(walk[k - 1]! + dailyVolatility * normal(rng));
  const n = Math.max(1, days.length - 1);
  const end = walk.at(-1)!;
  const rows: PriceRow[] = [];
  days.forEach((date, k) => {
    // The walk less its straight line to its own end: it starts and ends at zero (a bridge).
    const logPrice = Math.log(from) + (k / n) * Math.log(to / from) + walk[k]! - (k / n) * end;
    const rupees916 = Math.exp(logPrice);
    for (const purity of policy.goldPrices.publishedPurities) {
      rows.push({ date, purity, pricePerGramPaise: Math.round((rupees916 * purity) / 916) * 100 });
    }
  });
  return rows;
}

/**
 * Records the history as one import by the demo admin (one transaction, one append per
 * month). Skipped when the last day's month already has prices: a book generated again
 * into the same database leaves the register as it is.
 */
export async function seedDemoGoldPrices(
  deps: CommandDeps,
  options: { seed: number; policy: LendingPolicy; metadata: EventMetadata },
): Promise<number> {
  const today = businessDate(deps.clock.now());
  if ((await deps.store.streamVersion(goldPricesStreamId(previousWorkingDay(today, options.policy)))) > 0)
    return 0;
  const rows = demoGoldPriceRows(today, options.seed, options.policy);
  await recordGoldPrices(deps, rows, {
    source: 'import',
    importId: `demo-price-history:${options.seed}`,
    policy: options.policy,
    metadata: options.metadata,
  });
  return rows.length;
}
