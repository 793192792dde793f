import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { LOANS_KEY } from './get-loans';

/**
 * The lists read a read model that follows the commands a moment later (projectors), so
 * after a change they ask at once and again shortly after, until the change shows.
 */
const FOLLOW_UPS_MS = [700, 2_000, 5_000] as const;

/** Every loan list on screen (both tables, every page) asks again: after a payment, edit, renewal or deletion. */
export function useRevalidateLoans(): () => void {
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    const again = () => void mutate((key) => Array.isArray(key) && key[0] === LOANS_KEY);
    again();
    for (const ms of FOLLOW_UPS_MS) setTimeout(again, ms);
  }, [mutate]);
}
