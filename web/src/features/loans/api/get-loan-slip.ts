import { api } from '@/lib/api-client';

/** `GET /api/loans/{id}/slip`: the Loan Acknowledgement PDF (A4 landscape, two copies; the server lays it out). */
export function getLoanSlip(loanUuid: string): Promise<Blob> {
  return api.blob(`/api/loans/${encodeURIComponent(loanUuid)}/slip`);
}
