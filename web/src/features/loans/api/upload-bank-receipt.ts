import { BANK_RECEIPT_PHOTO_INDEX, UploadPhotosResponse } from '@goldledger/contracts';
import { env } from '@/config/env';
import { ApiError, NetworkError, noteWrite } from '@/lib/api-client';
import { authSession } from '@/lib/auth-session';

/**
 * `POST /api/loans/{id}/photos` with the bank receipt (gold item index -2; admins, one
 * photo: 001 §4.8). Multipart, which the JSON client does not speak; same token.
 */
export async function uploadBankReceipt(loanUuid: string, file: File) {
  const form = new FormData();
  form.append('goldItemIndex', String(BANK_RECEIPT_PHOTO_INDEX));
  form.append('description', 'Bank receipt');
  form.append('photos', file, file.name);
  const token = authSession.get().token;
  let response: Response;
  try {
    response = await fetch(`${env.VITE_API_URL}/api/loans/${encodeURIComponent(loanUuid)}/photos`, {
      method: 'POST',
      headers: { accept: 'application/json', ...(token ? { 'x-auth-token': token } : {}) },
      body: form,
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  // Later reads wait until the read models include the photos (read your own writes).
  noteWrite(response);
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401 && token) authSession.endIfCurrent(token);
    throw new ApiError(response.status, body);
  }
  const parsed = UploadPhotosResponse.safeParse(body);
  if (!parsed.success) throw new ApiError(response.status, body, 'Unexpected answer from the server');
  return parsed.data;
}
