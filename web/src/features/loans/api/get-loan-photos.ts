import { PhotoListResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { photosPath } from './photo-paths';

/** `GET /api/loans/{id}/photos`: every photo of the loan (gold items, all items together, bank receipt). */
export function getLoanPhotos(loanUuid: string, options?: RequestOptions) {
  return api.get(photosPath(loanUuid), PhotoListResponse, options);
}

/** Asked only while the loan's row is expanded. */
export function useLoanPhotos(loanUuid: string | null) {
  const { token } = useAuth();
  return useSWR(
    loanUuid && token ? [photosPath(loanUuid), loanUuid, token] : null,
    ([, id, t]: [string, string, string]) => getLoanPhotos(id, { token: t }),
  );
}
