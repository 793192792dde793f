import { SessionUser, VerifyOtpResponse, type VerifyOtpRequest } from '@goldledger/contracts';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export type VerifyOtpInput = z.input<typeof VerifyOtpRequest>;

/** The contract's answer, with the role read as any text: the screen says 'Invalid user role'. */
const VerifyOtpAnswer = VerifyOtpResponse.extend({ user: SessionUser.extend({ role: z.string() }) });

export function verifyOtp(input: VerifyOtpInput) {
  return api.post('/api/auth/verify-otp', input, VerifyOtpAnswer);
}
