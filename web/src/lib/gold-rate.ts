import { DEFAULT_GOLD_RATE_RUPEES_PER_GRAM, GoldRateResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api } from './api-client';

/**
 * The live gold rate (rupees per gram), shared by the footer and the calculator;
 * ₹7,000 when it cannot be had.
 */
export const GOLD_RATE_KEY = '/api/settings/gold-rate';

export const getGoldRate = () => api.get(GOLD_RATE_KEY, GoldRateResponse);

export function useGoldRate() {
  const { data, error, isLoading } = useSWR(GOLD_RATE_KEY, getGoldRate, {
    revalidateOnFocus: false,
    dedupingInterval: 60_000,
  });
  return {
    rate: data?.rate ?? DEFAULT_GOLD_RATE_RUPEES_PER_GRAM,
    /** True while the default stands in (loading, or the API did not answer). */
    isDefault: data === undefined,
    updatedAt: data?.updatedAt ?? null,
    isLoading,
    error: error as unknown,
  };
}
