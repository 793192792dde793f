import { z } from 'zod';
import { api } from '@/lib/api-client';

/** A renewal: amount in rupees, one of the policy's renewal rates (percent) and terms (months). */
export interface LoanRenewal {
  amount: number;
  interestRate: number;
  term: number;
  /** Cash, or a bank transfer or UPI with its reference (above ₹20,000 cash is refused). */
  disbursementMode: 'cash' | 'bank_transfer' | 'upi';
  disbursementReference?: string;
  /** The closed loan's version the admin saw. */
  expectedVersion: number;
}

/** The loan as the command side returns it; the screens read only its ids and reload the lists. */
const RenewLoanResponse = z.object({
  message: z.string(),
  data: z.object({ _id: z.string(), loanId: z.string() }).loose(),
});

/** `POST /api/admin/loans/{id}/renew`: a closed loan becomes a new loan (admins only). */
export function renewLoan(loanUuid: string, renewal: LoanRenewal) {
  return api.post(`/api/admin/loans/${encodeURIComponent(loanUuid)}/renew`, renewal, RenewLoanResponse);
}
