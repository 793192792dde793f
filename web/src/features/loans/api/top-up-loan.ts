import { z } from 'zod';
import { api } from '@/lib/api-client';

/** A top-up: amount in rupees, a rate (percent) and a term (months) of a new loan. */
export interface LoanTopUp {
  amount: number;
  interestRate: number;
  term: number;
  /** Cash, or a bank transfer or UPI with its reference (above ₹20,000 cash is refused). */
  disbursementMode: 'cash' | 'bank_transfer' | 'upi';
  disbursementReference?: string;
  /** The loan's version the member of staff saw. */
  expectedVersion: number;
}

/** The new loan as the command side returns it; the screens read only its ids and reload the lists. */
const TopUpLoanResponse = z.object({
  message: z.string(),
  data: z.object({ _id: z.string(), loanId: z.string() }).loose(),
});

/** `POST /api/loans/{id}/top-up`: a new loan with its own number on this loan's gold. */
export function topUpLoan(loanUuid: string, topUp: LoanTopUp) {
  return api.post(`/api/loans/${encodeURIComponent(loanUuid)}/top-up`, topUp, TopUpLoanResponse);
}
