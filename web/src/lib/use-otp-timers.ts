import { useState } from 'react';
import { afterRateLimit, otpCountdown, otpTimers, type OtpTimers } from './otp';
import { useNow } from './use-now';

/**
 * A sent code's deadlines and their countdown, ticking while `active`: when it expires and
 * when another may be asked for. `sent` starts them for a new code; `rateLimited` moves the
 * resend after a refused one.
 */
export function useOtpTimers(active: boolean, initial: Parameters<typeof otpTimers>[0] | null = null) {
  const [timers, setTimers] = useState<OtpTimers | null>(() =>
    initial ? otpTimers(initial, Date.now()) : null,
  );
  const countdown = otpCountdown(timers, useNow(active));
  return {
    ...countdown,
    sent: (answer: Parameters<typeof otpTimers>[0]) => setTimers(otpTimers(answer, Date.now())),
    rateLimited: (waitSeconds: number) => setTimers((t) => afterRateLimit(t, waitSeconds, Date.now())),
    clear: () => setTimers(null),
  };
}
