import { api, type RequestOptions } from '@/lib/api-client';

/** `GET /api/loans/{id}/payments/{paymentId}/receipt`: one payment's receipt PDF. */
export function getPaymentReceipt(loanUuid: string, paymentId: string, options?: RequestOptions) {
  return api.blob(
    `/api/loans/${encodeURIComponent(loanUuid)}/payments/${encodeURIComponent(paymentId)}/receipt`,
    options,
  );
}
