import { useSWRConfig } from 'swr';

/** Every gold-return path starts here; the revalidation below matches on it. */
export const BASE = '/api/gold-returns';
export const one = (loanId: string) => `${BASE}/${encodeURIComponent(loanId)}`;

/** After a change: the list, the tiles and any open details ask again (they then include it). */
export function useRevalidateGoldReturns() {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith(BASE));
}
