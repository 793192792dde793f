import { Role, SendLoginOtpRequest } from '@goldledger/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { OtpEntry, type OtpEntryStatus } from '@/components/otp/otp-entry';
import { Input } from '@/components/ui/field';
import linkStyles from '@/components/ui/link-button.module.css';
import { dashboardPathFor, paths } from '@/config/paths';
import { ApiError, NetworkError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatCountdown } from '@/lib/format';
import { OTP_LENGTH } from '@/lib/otp';
import { useOtpTimers } from '@/lib/use-otp-timers';
import { sendLoginOtp } from '../api/send-login-otp';
import { verifyOtp } from '../api/verify-otp';
import { AUTH_MESSAGES as M } from '../messages';
import { AuthCard, authStyles } from './auth-card';

/**
 * Sign-in: (1) an email or mobile number, (2) the 6-digit OTP, which
 * verifies itself at the sixth digit. The code expires after 3 minutes; it can be
 * sent again after 60 seconds (or the server's `timeLeft` on 429).
 */
export function LoginForm() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState<'identifier' | 'otp'>('identifier');
  const [identifier, setIdentifier] = useState('');
  const [otp, setOtp] = useState('');
  const [status, setStatus] = useState<OtpEntryStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [attemptsLeft, setAttemptsLeft] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const timers = useOtpTimers(step === 'otp');
  const otpInput = useRef<HTMLInputElement>(null);

  const expired = timers.expired && status !== 'valid';
  const { resendIn } = timers;
  const expiresIn = timers.expiresIn ?? 0;

  // Three minutes after step 2 begins the OTP is marked expired, with its error.
  useEffect(() => {
    if (!expired) return;
    setError(M.expired);
    setAttemptsLeft(null);
  }, [expired]);

  // Back in the field after a failed check, ready for another try.
  useEffect(() => {
    if (status === 'invalid') otpInput.current?.focus();
  }, [status]);

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = SendLoginOtpRequest.safeParse({ identifier });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? M.sendFailed);
      return;
    }
    setSending(true);
    setError(null);
    try {
      const answer = await sendLoginOtp(parsed.data);
      setIdentifier(parsed.data.identifier);
      setStep('otp');
      setOtp('');
      setStatus('idle');
      setAttemptsLeft(null);
      setNotice(answer.message);
      timers.sent(answer);
    } catch (failure) {
      setError(errorMessage(failure, M.sendFailed));
    } finally {
      setSending(false);
    }
  };

  const verify = async (code: string, auto: boolean) => {
    if (expired) {
      setError(M.expired);
      return;
    }
    setStatus('checking');
    setError(null);
    setAttemptsLeft(null);
    try {
      const answer = await verifyOtp({ identifier, otp: code });
      const role = Role.safeParse(answer.user.role);
      if (!role.success) {
        setStatus('invalid');
        setError(M.invalidRole);
        return;
      }
      setStatus('valid');
      login(answer.token, { ...answer.user, role: role.data });
      // A new staff member sets a password first (POST /api/auth/reset-password/first-login).
      const next =
        answer.mustResetPassword && role.data !== 'customer'
          ? paths.resetPassword
          : dashboardPathFor(role.data);
      navigate(next, { replace: true });
    } catch (failure) {
      setStatus('invalid');
      if (!auto) {
        setError(errorMessage(failure, M.invalidOtp));
      } else if (failure instanceof NetworkError) {
        setError(M.networkError);
      } else if (failure instanceof ApiError && failure.status === 400 && failure.attemptsLeft) {
        // A wrong code (the server counts the tries left); expiry and lock-out have their own words.
        setError(M.wrongOtp);
        setAttemptsLeft(failure.attemptsLeft);
      } else {
        // Expired on the server, too many tries: the server says which.
        setError(errorMessage(failure, M.wrongOtp));
      }
    }
  };

  const changeOtp = (digits: string) => {
    setOtp(digits);
    if (expired) return;
    if (status === 'invalid') setStatus('idle');
    setError(null);
    if (digits.length === OTP_LENGTH) void verify(digits, true);
  };

  const resend = async () => {
    if (resendIn > 0 || sending) return;
    setSending(true);
    setError(null);
    try {
      const answer = await sendLoginOtp({ identifier });
      setOtp('');
      setStatus('idle');
      setAttemptsLeft(null);
      setNotice(answer.message);
      timers.sent(answer);
      otpInput.current?.focus();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 429) {
        timers.rateLimited(failure.timeLeft ?? 60);
        setError(failure.serverMessage ?? M.waitBeforeResend);
      } else {
        setError(M.resendFailed);
      }
    } finally {
      setSending(false);
    }
  };

  const back = () => {
    setStep('identifier');
    setOtp('');
    setError(null);
    setNotice(null);
    setAttemptsLeft(null);
    setStatus('idle');
    timers.clear();
  };

  if (step === 'identifier') {
    return (
      <AuthCard
        title="Sign in"
        step="Step 1 of 2"
        description="Enter the email or mobile number you gave us. We will send you a one-time password (OTP)."
        footer={
          <>
            <Link to={paths.forgotPassword}>Forgot password?</Link>
            <Link to={paths.home}>Back to home</Link>
          </>
        }
      >
        <form onSubmit={(event) => void sendCode(event)} noValidate>
          {error && <Alert tone="error">{error}</Alert>}
          <Input
            label="Email or mobile number"
            name="identifier"
            autoComplete="username"
            inputMode="email"
            autoFocus
            required
            value={identifier}
            onChange={(event) => setIdentifier(event.target.value)}
          />
          <Button type="submit" variant="primary" block loading={sending}>
            Send OTP
          </Button>
        </form>
      </AuthCard>
    );
  }

  const locked = status === 'checking' || status === 'valid';
  const hint =
    status === 'checking'
      ? 'Verifying...'
      : status === 'valid'
        ? 'OTP verified. Signing you in...'
        : expired
          ? undefined
          : `The OTP expires in ${formatCountdown(expiresIn)}.${attemptsLeft ? ` ${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left.` : ''}`;

  return (
    <AuthCard
      title="Enter OTP"
      step="Step 2 of 2"
      description={
        <>
          We sent a 6-digit OTP to <strong>{identifier}</strong>.
        </>
      }
      footer={
        <button type="button" className={linkStyles.linkButton} onClick={back} disabled={locked}>
          ← Back
        </button>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (otp.length === OTP_LENGTH && !locked) void verify(otp, false);
        }}
        noValidate
      >
        {notice && !error && status !== 'valid' && <Alert tone="success">{notice}</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
        <OtpEntry
          inputRef={otpInput}
          value={otp}
          onChange={changeOtp}
          status={status}
          hint={hint}
          resend={{
            label: expired ? 'Request New OTP' : 'Resend OTP',
            waitSeconds: resendIn,
            disabled: resendIn > 0 || sending || locked,
            onClick: () => void resend(),
          }}
          actions={(resendButton) => (
            <>
              <Button
                type="submit"
                block
                loading={status === 'checking'}
                disabled={otp.length !== OTP_LENGTH || expired || status === 'valid'}
              >
                Verify OTP
              </Button>
              <div className={authStyles.row}>
                <span>Did not get it?</span>
                {resendButton}
              </div>
            </>
          )}
        />
      </form>
    </AuthCard>
  );
}
