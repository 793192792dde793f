import {
  CalculateInterestResponse,
  UploadPhotosResponse,
  ValuationResponse,
  type CreateLoanRequest,
  type GoldItemInput,
} from '@goldledger/contracts';
import { z } from 'zod';
import { env } from '@/config/env';
import { api, ApiError, NetworkError, noteWrite } from '@/lib/api-client';
import { authSession } from '@/lib/auth-session';
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

/**
 * `POST /loans/{id}/photos` (multipart: goldItemIndex, description, repeated `photos`).
 * The JSON client sends JSON only, so this one speaks multipart itself, with the same token.
 */
export async function uploadPhotos(
  loanUuid: string,
  goldItemIndex: number,
  description: string,
  files: readonly File[],
) {
  const form = new FormData();
  form.append('goldItemIndex', String(goldItemIndex));
  form.append('description', description);
  for (const file of files) form.append('photos', file, file.name);
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
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401 && token) authSession.endIfCurrent(token);
    throw new ApiError(response.status, data);
  }
  const parsed = UploadPhotosResponse.safeParse(data);
  if (!parsed.success) throw new ApiError(response.status, data, 'Unexpected answer from the server');
  return parsed.data;
}

/** `GET /loans/{id}/slip`: the loan acknowledgement slip (PDF). */
export function getLoanSlip(loanUuid: string): Promise<Blob> {
  return api.blob(`/api/loans/${encodeURIComponent(loanUuid)}/slip`);
}
