import { SendLoginOtpResponse, type SendLoginOtpRequest } from '@goldledger/contracts';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type SendLoginOtpInput = z.input<typeof SendLoginOtpRequest>;

/** Sends a sign-in code to an email or mobile; 429 with `timeLeft` while the last one is under 60 s old. */
export function sendLoginOtp(input: SendLoginOtpInput) {
  return api.post('/api/auth/send-login-otp', input, SendLoginOtpResponse);
}
