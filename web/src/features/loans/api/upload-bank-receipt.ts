import { BANK_RECEIPT_PHOTO_INDEX, UploadPhotosResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';

/**
 * `POST /api/loans/{id}/photos` with the bank receipt (gold item index -2; admins only, one
 * photo).
 */
export function uploadBankReceipt(loanUuid: string, file: File) {
  const form = new FormData();
  form.append('goldItemIndex', String(BANK_RECEIPT_PHOTO_INDEX));
  form.append('description', 'Bank receipt');
  form.append('photos', file, file.name);
  return api.postForm(`/api/loans/${encodeURIComponent(loanUuid)}/photos`, form, UploadPhotosResponse);
}
