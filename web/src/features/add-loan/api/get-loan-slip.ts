import { api } from '@/lib/api-client';

/** `GET /loans/{id}/slip`: the loan acknowledgement slip (PDF). */
export function getLoanSlip(loanUuid: string): Promise<Blob> {
  return api.blob(`/api/loans/${encodeURIComponent(loanUuid)}/slip`);
}
