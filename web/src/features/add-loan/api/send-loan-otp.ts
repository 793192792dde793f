import { SendLoanOtpResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';

/** `POST /loans/send-otp`: the loan gate's code, to the contacts on file (existing customers, and any resend). */
export function sendLoanOtp(body: { customerId: string; email: string | null }) {
  return api.post('/api/loans/send-otp', body, SendLoanOtpResponse);
}
