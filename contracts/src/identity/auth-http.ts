import { z } from 'zod';
import { normaliseMobile } from './mobile.js';
import { Role } from './user-events.js';

/** What a sign-in identifies: an email or a 10-digit mobile, trimmed. */
export const Identifier = z
  .string({ error: 'Please enter your email or mobile number' })
  .trim()
  .min(1, 'Please enter your email or mobile number')
  .max(254, 'Please enter your email or mobile number')
  .refine(
    (v) => z.email().safeParse(v).success || normaliseMobile(v) !== null,
    'Enter a valid email or 10-digit mobile number',
  );

export const SendLoginOtpRequest = z.object({ identifier: Identifier });
export const SendLoginOtpResponse = z.object({
  message: z.string(),
  expiresInSeconds: z.number(),
  resendInSeconds: z.number(),
});
export const TooManyRequestsResponse = z.object({ message: z.string(), timeLeft: z.number().int() });

export const Otp = z
  .string({ error: 'Please enter the 6-digit OTP' })
  .trim()
  .regex(/^\d{6}$/, 'Please enter the 6-digit OTP');

export const VerifyOtpRequest = z.object({ identifier: Identifier, otp: Otp });
export const SessionUser = z.object({
  _id: z.string(),
  role: Role,
  email: z.string().nullable(),
  name: z.string(),
  /** An employee's branches (what their lists hold, where they register customers); absent for everyone else. */
  branchIds: z.array(z.string()).optional(),
});
export const VerifyOtpResponse = z.object({
  token: z.string(),
  user: SessionUser,
  mustResetPassword: z.boolean(),
});
export const MessageResponse = z.object({ message: z.string() });
export const ValidateResponse = z.object({ valid: z.literal(true), user: SessionUser });
export const ErrorResponse = z.object({
  message: z.string(),
  attemptsLeft: z.number().int().optional(),
  errors: z.array(z.object({ msg: z.string(), path: z.string() })).optional(),
});
