import { api } from '@/lib/api-client';

/** `GET /api/loans/{id}/appraisal-certificate`: the appraisal certificate PDF, borrower's and lender's copies. */
export function getAppraisalCertificate(loanUuid: string): Promise<Blob> {
  return api.blob(`/api/loans/${encodeURIComponent(loanUuid)}/appraisal-certificate`);
}
