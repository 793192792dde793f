import { FirstLoginResetResponse, type FirstLoginResetRequest } from '@goldledger/contracts';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/**
 * A new staff member's first password. The change ends earlier sessions, this one
 * included, so the answer carries the session's successor token.
 */
export function resetFirstLoginPassword(input: z.input<typeof FirstLoginResetRequest>) {
  return api.post('/api/auth/reset-password/first-login', input, FirstLoginResetResponse);
}
