import { GoldValuationResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api } from './api-client';

export { noValuationPriceMessage } from './valuation-price-message';

/**
 * Today's valuation price of gold of a purity (fineness, 916 = 22K), in rupees a gram: the
 * lower of the 30-day average close and the previous working day's close (issue 17). The
 * public calculators value gold with it; the API answers 409 "Gold prices for {date} have
 * not been entered" until the previous working day's prices are in.
 */
export const valuationPricePath = (purity: number) => `/api/gold-prices/valuation?purity=${purity}`;

export const getValuationPrice = (purity: number) =>
  api.get(valuationPricePath(purity), GoldValuationResponse);

export function useValuationPrice(purity: number | null) {
  return useSWR(purity === null ? null : valuationPricePath(purity), () => getValuationPrice(purity!), {
    revalidateOnFocus: false,
    dedupingInterval: 60_000,
    // A missing price is an answer, not a blip: asking again and again would not bring it.
    shouldRetryOnError: false,
  });
}
