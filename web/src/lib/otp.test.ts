import { describe, expect, it } from 'vitest';
import { afterRateLimit, OTP_LENGTH, otpCountdown, otpDigits, otpTimers } from './otp';

describe('OTP entry', () => {
  it('keeps digits only, at most six', () => {
    expect(otpDigits('12 34-5a6789')).toBe('123456');
    expect(otpDigits('abc')).toBe('');
    expect(OTP_LENGTH).toBe(6);
  });

  it('counts down to the resend and the expiry from when the code was sent', () => {
    const timers = otpTimers({ expiresInSeconds: 180, resendInSeconds: 60 }, 1_000_000);
    expect(otpCountdown(timers, 1_000_000)).toEqual({ resendIn: 60, expiresIn: 180, expired: false });
    expect(otpCountdown(timers, 1_000_000 + 59_001)).toEqual({
      resendIn: 1,
      expiresIn: 120.999,
      expired: false,
    });
    expect(otpCountdown(timers, 1_000_000 + 60_000)).toMatchObject({ resendIn: 0 });
    expect(otpCountdown(timers, 1_000_000 + 180_000)).toEqual({ resendIn: 0, expiresIn: 0, expired: true });
  });

  it('never reads a clock older than the deadlines (a render with a stale time)', () => {
    const timers = otpTimers({ expiresInSeconds: 180, resendInSeconds: 60 }, 1_000_000);
    expect(otpCountdown(timers, 900_000)).toEqual({ resendIn: 60, expiresIn: 180, expired: false });
  });

  it('has no expiry when the server gives none, and nothing to wait for before a code is sent', () => {
    const timers = otpTimers({ expiresInSeconds: null, resendInSeconds: 30 }, 0);
    expect(otpCountdown(timers, 10_000)).toEqual({ resendIn: 20, expiresIn: null, expired: false });
    expect(otpCountdown(null, 10_000)).toEqual({ resendIn: 0, expiresIn: null, expired: false });
  });

  it("after a refused resend, waits the server's time and keeps the code's expiry", () => {
    const sent = otpTimers({ expiresInSeconds: 180, resendInSeconds: 60 }, 0);
    const waited = afterRateLimit(sent, 45, 20_000);
    expect(waited).toEqual({ startedAt: 20_000, expiresAt: 180_000, resendAt: 65_000 });
    expect(afterRateLimit(null, 60, 5_000)).toEqual({ startedAt: 5_000, expiresAt: null, resendAt: 65_000 });
  });
});
