import useSWR from 'swr';
import { GOLD_RATE_KEY, getGoldRate } from '@/lib/gold-rate';

/** `GET /api/settings/gold-rate`: the rate in force (shared with the site footer's cache). */
export function useCurrentGoldRate() {
  return useSWR(GOLD_RATE_KEY, getGoldRate);
}
