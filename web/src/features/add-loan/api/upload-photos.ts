import { UploadPhotosResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';

/** `POST /loans/{id}/photos` (multipart: goldItemIndex, description, repeated `photos`). */
export function uploadPhotos(
  loanUuid: string,
  goldItemIndex: number,
  description: string,
  files: readonly File[],
) {
  const form = new FormData();
  form.append('goldItemIndex', String(goldItemIndex));
  form.append('description', description);
  for (const file of files) form.append('photos', file, file.name);
  return api.postForm(`/api/loans/${encodeURIComponent(loanUuid)}/photos`, form, UploadPhotosResponse);
}
