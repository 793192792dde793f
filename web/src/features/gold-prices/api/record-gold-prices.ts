import { RecordGoldPriceResponse, type RecordGoldPriceRequest } from '@goldledger/contracts';
import { useSWRConfig } from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { GOLD_RATE_KEY } from '@/lib/gold-rate';
import { GOLD_PRICES_PATH } from './get-gold-prices';

/** Everything a new price changes on screen: the register, every valuation price, the 22K rate. */
export function useRefreshAfterPrices() {
  const { mutate } = useSWRConfig();
  return () =>
    mutate(
      (key) =>
        (Array.isArray(key) && key[0] === GOLD_PRICES_PATH) ||
        key === GOLD_RATE_KEY ||
        (typeof key === 'string' && key.startsWith('/api/gold-prices/valuation')),
    );
}

/** `POST /api/admin/gold-prices` {date, prices: [{purity, pricePerGram}]} (admins): a day's closes, all or none. */
export function useRecordGoldPrices() {
  const refresh = useRefreshAfterPrices();
  return async (body: RecordGoldPriceRequest, options?: RequestOptions) => {
    const answer = await api.post(GOLD_PRICES_PATH, body, RecordGoldPriceResponse, options);
    await refresh();
    return answer;
  };
}
