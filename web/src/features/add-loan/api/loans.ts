import {
  CalculateInterestResponse,
  UploadPhotosResponse,
  ValuationResponse,
  type CreateLoanRequest,
  type GoldItemInput,
} from '@goldledger/contracts';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import type { StaffArea } from '@/lib/staff-area';
import type { interestRequest } from '../loan-form';

/** `POST /loans/valuation`: what the gold is worth at today's rate and the most it can secure. */
export function getValuation(body: { goldItems: GoldItemInput[]; amount?: number }, signal?: AbortSignal) {
  return api.post('/api/loans/valuation', body, ValuationResponse, { signal });
}

/** `POST /loans/calculate-interest`: monthly payment and total for the terms. */
export function calculateInterest(body: ReturnType<typeof interestRequest>, signal?: AbortSignal) {
  return api.post('/api/loans/calculate-interest', body, CalculateInterestResponse, { signal });
}

/** The part of the new loan the wizard reads (`data._id` and the figures for the success view). */
export const CreatedLoan = z.object({
  message: z.string(),
  data: z.object({
    _id: z.string(),
    loanId: z.string(),
    amount: z.number(),
    term: z.number(),
    interestRate: z.number(),
    monthlyPayment: z.number(),
    totalPayment: z.number(),
    disbursementDate: z.string(),
  }),
});
export type CreatedLoan = z.infer<typeof CreatedLoan>['data'];

/** `POST /{area}/loans`. */
export function createLoan(area: StaffArea, body: z.input<typeof CreateLoanRequest>) {
  return api.post(`/api/${area}/loans`, body, CreatedLoan);
}

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

/** `GET /loans/{id}/slip`: the loan acknowledgement slip (PDF). */
export function getLoanSlip(loanUuid: string): Promise<Blob> {
  return api.blob(`/api/loans/${encodeURIComponent(loanUuid)}/slip`);
}
