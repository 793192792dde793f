import { MessageResponse } from '@goldledger/contracts';
import { z } from 'zod';
import { api, ApiError, type RequestOptions } from '@/lib/api-client';

/** The approval would close the loan with money to spare: how much, and the server's words. */
export interface ExcessToConfirm {
  excess: number;
  message: string;
}

const ExcessAnswer = z.object({ code: z.literal('excess_confirmation_required'), excess: z.number() });

/** The excess an approval asks to confirm (409 `excess_confirmation_required`), else null. */
export function excessToConfirm(error: unknown): ExcessToConfirm | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = ExcessAnswer.safeParse(error.body);
  return parsed.success ? { excess: parsed.data.excess, message: error.message } : null;
}

/**
 * `PATCH /api/loans/{id}/payments/{paymentId}/approve` (admins): a pending online payment
 * becomes successful, counts against the balance, and the customer is notified. When it
 * would pay beyond closing the loan the server asks first (see `excessToConfirm`); the
 * admin's confirmation sends that excess back.
 */
export function approvePayment(
  loanUuid: string,
  paymentId: string,
  /** The loan version the admin saw: approving on a loan changed since is refused (409). */
  expectedVersion: number,
  confirmExcess?: number,
  options?: RequestOptions,
) {
  return api.patch(
    `/api/loans/${encodeURIComponent(loanUuid)}/payments/${encodeURIComponent(paymentId)}/approve`,
    confirmExcess === undefined ? { expectedVersion } : { expectedVersion, confirmExcess },
    MessageResponse,
    options,
  );
}
