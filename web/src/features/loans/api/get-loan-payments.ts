import { LoanPaymentsResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import type { z } from 'zod';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export const loanPaymentsPath = (loanUuid: string) => `/api/loans/${encodeURIComponent(loanUuid)}/payments`;

/** `GET /api/loans/{id}/payments`: every payment on the loan, its latest state (`id` is the loan's `_id`). */
export function getLoanPayments(loanUuid: string, options?: RequestOptions) {
  return api.get(loanPaymentsPath(loanUuid), LoanPaymentsResponse, options);
}

/** Asked only while `loanUuid` is set (the payment history dialog is open). */
export function useLoanPayments(loanUuid: string | null) {
  const { token } = useAuth();
  return useSWR(
    loanUuid && token ? [loanPaymentsPath(loanUuid), loanUuid, token] : null,
    ([, id, t]: [string, string, string]) => getLoanPayments(id, { token: t }),
  );
}

/** `GET /api/loans/{id}/payments/{paymentId}/receipt`: one payment's receipt PDF. */
export function getPaymentReceipt(loanUuid: string, paymentId: string, options?: RequestOptions) {
  return api.blob(
    `/api/loans/${encodeURIComponent(loanUuid)}/payments/${encodeURIComponent(paymentId)}/receipt`,
    options,
  );
}

const READ_MODEL_TRIES = 25;
const READ_MODEL_INTERVAL_MS = 200;

/**
 * The loan book is a read model that trails a write by a moment (the projector applies
 * the event after the command answers). After a payment or an approval, ask until the
 * payments read shows it (the loan row is written in the same transaction), so the
 * lists reloaded next show the new balance; give up quietly after about five seconds.
 */
export async function untilPaymentsShow(
  loanUuid: string,
  shown: (payments: z.infer<typeof LoanPaymentsResponse>['data']) => boolean,
): Promise<void> {
  for (let i = 0; i < READ_MODEL_TRIES; i++) {
    try {
      if (shown((await getLoanPayments(loanUuid)).data)) return;
    } catch {
      // A failed look is another try; the lists reload either way.
    }
    await new Promise((resolve) => setTimeout(resolve, READ_MODEL_INTERVAL_MS));
  }
}
