import { CustodyResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export const custodyPath = (loanUuid: string) => `/api/loans/${encodeURIComponent(loanUuid)}/custody`;

/**
 * `GET /api/loans/{id}/custody` (staff of the loan's branch): the packet, where it is, its
 * movements with who confirmed them, and the moves the caller may make next.
 */
export function useCustody(loanUuid: string | null) {
  const { token } = useAuth();
  return useSWR(loanUuid && token ? [custodyPath(loanUuid), token] : null, ([path, t]: [string, string]) =>
    api.get(path, CustodyResponse, { token: t }),
  );
}
