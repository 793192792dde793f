import { VerifyCustomerOtpResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';
import type { StaffArea } from '@/lib/staff-area';

/** `POST /{area}/verify-customer-otp`: the registration code, named by the primary mobile. */
export function verifyCustomerOtp(
  area: StaffArea,
  body: { phoneNumber: string; email: string | null; otp: string },
) {
  return api.post(`/api/${area}/verify-customer-otp`, body, VerifyCustomerOtpResponse);
}
