import {
  CheckAadharResponse,
  CreateCustomerResponse,
  SendLoanOtpResponse,
  VerifyCustomerOtpResponse,
  VerifyLoanOtpResponse,
} from '@goldledger/contracts';
import { api } from '@/lib/api-client';
import type { StaffArea } from '@/lib/staff-area';
import type { CustomerRequestBody } from '../customer-form';

/** `GET /{area}/check-aadhar/{aadhar}`: whether the customer exists, with their details. */
export function checkAadhar(area: StaffArea, aadhar: string, signal?: AbortSignal) {
  return api.get(`/api/${area}/check-aadhar/${encodeURIComponent(aadhar)}`, CheckAadharResponse, { signal });
}

/** `POST /{area}/customers`: registers the customer; the server texts them an OTP (purpose customer_verification). */
export function createCustomer(area: StaffArea, body: CustomerRequestBody) {
  return api.post(`/api/${area}/customers`, body, CreateCustomerResponse);
}

/** `POST /{area}/verify-customer-otp`: the registration code, named by the primary mobile. */
export function verifyCustomerOtp(
  area: StaffArea,
  body: { phoneNumber: string; email: string | null; otp: string },
) {
  return api.post(`/api/${area}/verify-customer-otp`, body, VerifyCustomerOtpResponse);
}

/** `POST /loans/send-otp`: the loan gate's code, to the contacts on file (existing customers, and any resend). */
export function sendLoanOtp(body: { customerId: string; email: string | null }) {
  return api.post('/api/loans/send-otp', body, SendLoanOtpResponse);
}

/** `POST /loans/verify-otp`: proves the loan gate's code. */
export function verifyLoanOtp(body: { customerId: string; email: string | null; otp: string }) {
  return api.post('/api/loans/verify-otp', body, VerifyLoanOtpResponse);
}
