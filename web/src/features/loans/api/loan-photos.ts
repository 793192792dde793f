import { DeletePhotoResponse, PhotoListResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

const listPath = (loanUuid: string) => `/api/loans/${encodeURIComponent(loanUuid)}/photos`;
const photoPath = (loanUuid: string, photoId: string, variant: 'image' | 'thumbnail') =>
  `${listPath(loanUuid)}/${encodeURIComponent(photoId)}/${variant}`;

/** `GET /api/loans/{id}/photos`: every photo of the loan (gold items, all items together, bank receipt). */
export function getLoanPhotos(loanUuid: string, options?: RequestOptions) {
  return api.get(listPath(loanUuid), PhotoListResponse, options);
}

/** Asked only while the loan's row is expanded. */
export function useLoanPhotos(loanUuid: string | null) {
  const { token } = useAuth();
  return useSWR(
    loanUuid && token ? [listPath(loanUuid), loanUuid, token] : null,
    ([, id, t]: [string, string, string]) => getLoanPhotos(id, { token: t }),
  );
}

/** The image or its thumbnail, fetched with the session's token (an <img> cannot send it). */
export function getPhotoBlob(
  loanUuid: string,
  photoId: string,
  variant: 'image' | 'thumbnail',
  options?: RequestOptions,
): Promise<Blob> {
  return api.blob(photoPath(loanUuid, photoId, variant), options);
}

/** `DELETE /api/loans/{id}/photos/{photoId}`. */
export function deletePhoto(loanUuid: string, photoId: string) {
  return api.delete(`${listPath(loanUuid)}/${encodeURIComponent(photoId)}`, DeletePhotoResponse);
}
