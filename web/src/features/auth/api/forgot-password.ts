import { MessageResponse, type ForgotPasswordRequest } from '@goldledger/contracts';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** Step 1 of 3: a reset code to the staff member's email. */
export function requestPasswordReset(input: z.input<typeof ForgotPasswordRequest>) {
  return api.post('/api/auth/forgot-password', input, MessageResponse);
}
