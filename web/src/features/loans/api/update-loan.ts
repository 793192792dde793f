import { z } from 'zod';
import { api } from '@/lib/api-client';
import type { StaffArea } from '@/lib/staff-area';

export interface LoanEdit {
  goldItems: Array<{ description: string; grossWeight: number; netWeight: number; purityKarat: number }>;
  /** Admins only; employees send none of these. */
  depositedBank?: string | null;
  renewalDate?: string | null;
  bankMobileNumber?: string | null;
  bankLoanAmount?: number | null;
  /** The loan version the person saw: an edit of a loan changed since is refused (409). */
  expectedVersion: number;
}

/** The loan as the command side returns it; the screens read only its ids and reload the lists. */
const UpdateLoanResponse = z.object({
  message: z.string(),
  data: z.object({ _id: z.string(), loanId: z.string() }).loose(),
});

/** `PUT /api/{area}/loans/{id}`: gold items (all staff) and bank fields (admins). */
export function updateLoan(area: StaffArea, loanUuid: string, edit: LoanEdit) {
  return api.put(`/api/${area}/loans/${encodeURIComponent(loanUuid)}`, edit, UpdateLoanResponse);
}
