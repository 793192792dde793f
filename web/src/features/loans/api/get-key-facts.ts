import { api } from '@/lib/api-client';

/** `GET /api/loans/{id}/key-facts`: the loan's Key Facts Statement PDF, as sanctioned (the server lays it out). */
export function getKeyFacts(loanUuid: string): Promise<Blob> {
  return api.blob(`/api/loans/${encodeURIComponent(loanUuid)}/key-facts`);
}
