import { api, type RequestOptions } from '@/lib/api-client';
import { photoPath } from './photo-paths';

/** The image or its thumbnail, fetched with the session's token (an <img> cannot send it). */
export function getPhotoBlob(
  loanUuid: string,
  photoId: string,
  variant: 'image' | 'thumbnail',
  options?: RequestOptions,
): Promise<Blob> {
  return api.blob(`${photoPath(loanUuid, photoId)}/${variant}`, options);
}
