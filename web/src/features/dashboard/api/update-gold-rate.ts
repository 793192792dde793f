import { UpdateGoldRateResponse } from '@goldledger/contracts';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { GOLD_RATE_KEY } from '@/lib/gold-rate';
import { GOLD_RATE_HISTORY_PATH } from './get-gold-rate-history';

/** `POST /api/settings/update-gold-rate` {rate} (rupees per gram, decimals allowed), then the rate and its history again. */
export function useUpdateGoldRate() {
  const { mutate } = useSWRConfig();
  return async (rate: number) => {
    const answer = await api.post('/api/settings/update-gold-rate', { rate }, UpdateGoldRateResponse);
    await Promise.all([
      mutate(GOLD_RATE_KEY),
      mutate((key) => Array.isArray(key) && key[0] === GOLD_RATE_HISTORY_PATH),
    ]);
    return answer;
  };
}
