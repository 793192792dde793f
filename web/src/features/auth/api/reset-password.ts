import { MessageResponse, type ResetPasswordRequest } from '@goldledger/contracts';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** Step 3 of 3: the new password, with the code from step 2. */
export function resetPassword(input: z.input<typeof ResetPasswordRequest>) {
  return api.post('/api/auth/reset-password', input, MessageResponse);
}
