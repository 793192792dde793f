import { roundHalfAwayFromZero } from '../lending/money.js';
import { LENDING_POLICY, type LendingPolicy } from '../lending/policy.js';
import { finenessOfKarat } from './valuation-price.js';

/** An item's fineness: its `purity` when given, else its karat's (22K → 916), else the policy's default karat's. */
export const itemFineness = (
  item: { purity?: number | undefined; purityKarat?: number | undefined },
  policy: LendingPolicy = LENDING_POLICY,
): number => item.purity ?? finenessOfKarat(item.purityKarat ?? policy.defaultPurityKarat);

/**
 * An item's value at the valuation price of its purity: net weight (mg) × price (paise a
 * gram) / 1000, rounded half away from zero to the paisa, per item; a set of items is worth
 * the sum of its items' values.
 */
export const itemValuePaise = (netWeightMg: number, pricePerGramPaise: number): number =>
  roundHalfAwayFromZero((netWeightMg * pricePerGramPaise) / 1000);

/** Fine gold in a set of items, whole milligrams: Σ net weight × fineness / 1000. */
export const fineGoldMgByFineness = (items: ReadonlyArray<{ netWeightMg: number; purity: number }>): number =>
  roundHalfAwayFromZero(items.reduce((sum, i) => sum + (i.netWeightMg * i.purity) / 1000, 0));
