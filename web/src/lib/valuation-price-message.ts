import { ApiError } from './api-error';

/** What a visitor is told when there is no valuation price to value their gold with. */
export function noValuationPriceMessage(error: unknown): string {
  return error instanceof ApiError && error.code === 'gold_prices_missing'
    ? "Today's gold price has not been published yet, so we cannot value your gold here. Please call or visit us for a quote."
    : "Today's gold price could not be loaded. Please call or visit us for a quote.";
}
