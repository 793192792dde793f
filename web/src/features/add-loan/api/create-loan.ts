import type { CreateLoanRequest } from '@goldledger/contracts';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import type { StaffArea } from '@/lib/staff-area';

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
