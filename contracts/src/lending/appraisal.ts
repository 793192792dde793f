import type { ValuationPrice } from '../gold-prices/valuation-price.js';
import { itemFineness, itemValuePaise } from '../gold-prices/item-value.js';
import type { GoldItemRecord } from './loan-events.js';
import type { Appraisal, ItemValuation } from './sanction.js';

/**
 * The valuation evidence of a set of items on `valuedOn` at the register's prices: per item
 * its purity, weights, both price limbs, which one bound, the value; and the total.
 * `priceOf` is the day's valuation price per purity (services' `pricesOn`).
 */
export function appraiseItems(
  items: readonly GoldItemRecord[],
  priceOf: (purity: number) => ValuationPrice,
  valuedOn: string,
  firstIndex = 0,
): Appraisal {
  const valued: ItemValuation[] = items.map((item, i) => {
    const purity = itemFineness(item);
    const price = priceOf(purity);
    return {
      index: firstIndex + i,
      itemType: item.itemType ?? 'ornament',
      purity,
      grossWeightMg: item.grossWeightMg,
      deductionsMg: (item.deductions ?? []).reduce((sum, d) => sum + d.weightMg, 0),
      netWeightMg: item.netWeightMg,
      pricedFrom: price.pricedFrom,
      average30Paise: price.average30Paise,
      previousClosePaise: price.previousClosePaise,
      bound: price.bound,
      pricePerGramPaise: price.pricePaise,
      valuePaise: itemValuePaise(item.netWeightMg, price.pricePaise),
    };
  });
  const first = priceOf(valued[0]?.purity ?? 916);
  return {
    valuedOn,
    previousDay: first.previousDay,
    averageFrom: first.from,
    averageTo: first.to,
    items: valued,
    goldValuePaise: valued.reduce((sum, v) => sum + v.valuePaise, 0),
  };
}
