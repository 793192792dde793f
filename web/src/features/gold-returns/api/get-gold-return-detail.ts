import { GoldReturnDetailResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { one } from './gold-return-paths';

/** `GET /api/gold-returns/{loanId}`: one return with its reminders and the next one due; asked while the dialog is open. */
export function useGoldReturnDetail(loanId: string | null) {
  const { token } = useAuth();
  return useSWR(loanId && token ? [one(loanId), token] : null, ([p, t]: [string, string]) =>
    api.get(p, GoldReturnDetailResponse, { token: t }),
  );
}
