import { z } from 'zod';
import { api } from '@/lib/api-client';

const DeleteLoanResponse = z.object({
  hadPayments: z.boolean(),
  paymentCount: z.number().int(),
  message: z.string(),
});
export type DeleteLoanResult = z.infer<typeof DeleteLoanResponse>;

/** `DELETE /api/loans/{id}` (admins only): the answer says whether the loan had payments. */
export function deleteLoan(loanUuid: string, expectedVersion: number) {
  return api.deleteWith(
    `/api/loans/${encodeURIComponent(loanUuid)}`,
    { expectedVersion },
    DeleteLoanResponse,
  );
}
