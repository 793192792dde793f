import { DeletePhotoResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';
import { photoPath } from './photo-paths';

/** `DELETE /api/loans/{id}/photos/{photoId}`. */
export function deletePhoto(loanUuid: string, photoId: string) {
  return api.delete(photoPath(loanUuid, photoId), DeletePhotoResponse);
}
