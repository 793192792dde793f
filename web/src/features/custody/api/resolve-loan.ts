import { LoanDetailResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The loan's internal id from the page's `:id`, which is that id or its GL number (looked up). */
export function useLoanUuid(ref: string) {
  const { token } = useAuth();
  const direct = UUID.test(ref);
  const lookup = useSWR(
    !direct && token ? [`/api/loans/${encodeURIComponent(ref)}`, token] : null,
    ([path, t]: [string, string]) => api.get(path, LoanDetailResponse, { token: t }),
  );
  return {
    uuid: direct ? ref.toLowerCase() : (lookup.data?.data._id ?? null),
    error: direct ? undefined : lookup.error,
    retry: () => void lookup.mutate(),
  };
}
