import { z } from 'zod';
import { Otp } from './auth-http.js';
import { SessionUser } from './auth-http.js';

const resetEmail = z
  .string({ error: 'Please enter your email' })
  .trim()
  .min(1, 'Please enter your email')
  .pipe(z.email('Please enter a valid email address'))
  .transform((e) => e.toLowerCase());

/** A password has at least 6 characters. */
export const NewPassword = z
  .string({ error: 'Password must be at least 6 characters long.' })
  .min(6, 'Password must be at least 6 characters long.')
  .max(128, 'Password must be at most 128 characters long.');

export const ForgotPasswordRequest = z.object({ email: resetEmail });
export const VerifyResetOtpRequest = z.object({ email: resetEmail, otp: Otp });
export const ResetPasswordRequest = z.object({ email: resetEmail, otp: Otp, newPassword: NewPassword });
export const FirstLoginResetRequest = z.object({ password: NewPassword });
export const FirstLoginResetResponse = z.object({
  message: z.string(),
  /** The password change ends earlier sessions, this one included: here is its successor. */
  token: z.string(),
  user: SessionUser,
});
