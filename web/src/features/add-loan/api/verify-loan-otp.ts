import { VerifyLoanOtpResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';

/** `POST /loans/verify-otp`: proves the loan gate's code. */
export function verifyLoanOtp(body: { customerId: string; email: string | null; otp: string }) {
  return api.post('/api/loans/verify-otp', body, VerifyLoanOtpResponse);
}
