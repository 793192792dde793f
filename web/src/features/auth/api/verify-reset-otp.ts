import { MessageResponse, type VerifyResetOtpRequest } from '@goldledger/contracts';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** Step 2 of 3: checks the code without spending it (step 3 spends it). */
export function verifyResetOtp(input: z.input<typeof VerifyResetOtpRequest>) {
  return api.post('/api/auth/verify-reset-otp', input, MessageResponse);
}
