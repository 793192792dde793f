import { VerifyLoanOtpResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';

/** `POST /loans/verify-otp`: the code the borrower read out; the next renewal or top-up by this member of staff records it. */
export function verifyBorrowerCode(customerId: string, otp: string) {
  return api.post('/api/loans/verify-otp', { customerId, otp }, VerifyLoanOtpResponse);
}
