/**
 * One-time passwords as the sign-in and the add-loan wizard take them: six digits, a code
 * that expires, and a resend allowed only after a wait (the server's, or its `timeLeft` on
 * a 429). Times are milliseconds of the browser's clock.
 */

export const OTP_LENGTH = 6;

/** The digits of what was typed or pasted, at most six; anything else is dropped. */
export function otpDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

export interface OtpTimers {
  /** When the code was sent (or the wait last set): countdowns never read a clock older than this. */
  startedAt: number;
  /** When the code stops working; null when the server did not say. */
  expiresAt: number | null;
  /** When another code may be asked for. */
  resendAt: number;
}

/** The deadlines of a code the server has just sent. */
export function otpTimers(
  sent: { expiresInSeconds: number | null; resendInSeconds: number },
  now: number,
): OtpTimers {
  return {
    startedAt: now,
    expiresAt: sent.expiresInSeconds === null ? null : now + sent.expiresInSeconds * 1000,
    resendAt: now + sent.resendInSeconds * 1000,
  };
}

/** A resend refused with a wait: the code already sent still works, the next after the wait. */
export function afterRateLimit(timers: OtpTimers | null, waitSeconds: number, now: number): OtpTimers {
  return { startedAt: now, expiresAt: timers?.expiresAt ?? null, resendAt: now + waitSeconds * 1000 };
}

export interface OtpCountdown {
  /** Whole seconds until a resend is allowed; 0 when it is. */
  resendIn: number;
  /** Seconds until the code expires (0 once it has); null when there is no known expiry. */
  expiresIn: number | null;
  expired: boolean;
}

/** Where the deadlines stand at `now` (never earlier than when they were set). */
export function otpCountdown(timers: OtpTimers | null, now: number): OtpCountdown {
  if (!timers) return { resendIn: 0, expiresIn: null, expired: false };
  const at = Math.max(now, timers.startedAt);
  const expiresIn = timers.expiresAt === null ? null : Math.max(0, (timers.expiresAt - at) / 1000);
  return {
    resendIn: Math.max(0, Math.ceil((timers.resendAt - at) / 1000)),
    expiresIn,
    expired: timers.expiresAt !== null && at >= timers.expiresAt,
  };
}
