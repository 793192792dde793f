import { SendLoanOtpResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';

/**
 * `POST /loans/send-otp`: the borrower's code, to the mobile (and email) on file. Entered
 * by the same member of staff, it proves the borrower asks for the renewal or top-up.
 */
export function sendBorrowerCode(customerId: string) {
  return api.post('/api/loans/send-otp', { customerId }, SendLoanOtpResponse);
}
