import { api, type RequestOptions } from '@/lib/api-client';

/** `GET /api/loans/{id}/receipt`: the loan receipt PDF (`id` is the loan's `_id`). */
export function getLoanReceipt(loanUuid: string, options?: RequestOptions): Promise<Blob> {
  return api.blob(`/api/loans/${encodeURIComponent(loanUuid)}/receipt`, options);
}
