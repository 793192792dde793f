import { ForgotPasswordRequest, NewPassword, VerifyResetOtpRequest } from '@goldledger/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { otpDigits } from '@/lib/otp';
import { requestPasswordReset } from '../api/forgot-password';
import { resetPassword } from '../api/reset-password';
import { verifyResetOtp } from '../api/verify-reset-otp';
import { AUTH_MESSAGES as M } from '../messages';
import { AuthCard } from './auth-card';

type Step = 'email' | 'otp' | 'password' | 'done';

const STEP_LABEL: Record<Exclude<Step, 'done'>, string> = {
  email: 'Step 1 of 3',
  otp: 'Step 2 of 3',
  password: 'Step 3 of 3',
};

/** Forgot password: email → OTP → new password, then a link to /login. Staff accounts only. */
export function ForgotPasswordForm() {
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Runs one step's call; the server's message (or the fallback) shows on failure. */
  const run = async (call: () => Promise<{ message: string }>, fallback: string, next: Step) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await call();
      setNotice(answer.message);
      setStep(next);
    } catch (failure) {
      setError(errorMessage(failure, fallback));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (step === 'email') {
      const parsed = ForgotPasswordRequest.safeParse({ email });
      if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? M.sendFailed);
      void run(() => requestPasswordReset(parsed.data), M.sendFailed, 'otp');
    } else if (step === 'otp') {
      const parsed = VerifyResetOtpRequest.safeParse({ email, otp });
      if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? M.verifyResetFailed);
      void run(() => verifyResetOtp(parsed.data), M.verifyResetFailed, 'password');
    } else if (step === 'password') {
      const parsed = NewPassword.safeParse(password);
      if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? M.passwordTooShort);
      if (password !== confirm) return setError(M.passwordsDiffer);
      void run(() => resetPassword({ email, otp, newPassword: password }), M.resetFailed, 'done');
    }
  };

  const backToLogin = <Link to={paths.login}>Back to login</Link>;

  if (step === 'done') {
    return (
      <AuthCard title="Password reset" footer={backToLogin}>
        <Alert tone="success">{notice}</Alert>
        <ButtonLink to={paths.login} block>
          Go to login
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot password"
      step={STEP_LABEL[step]}
      description={
        step === 'email'
          ? 'For staff accounts: enter your email and we will send you an OTP to reset your password. Customers sign in with an OTP and need no password.'
          : step === 'otp'
            ? `Enter the OTP we sent to ${email}.`
            : 'Choose a new password of at least 6 characters.'
      }
      footer={backToLogin}
    >
      <form onSubmit={submit} noValidate>
        {notice && !error && <Alert tone="success">{notice}</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
        {step === 'email' && (
          <Input
            key="email"
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            autoFocus
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
        {step === 'otp' && (
          <Input
            key="otp"
            label="OTP"
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            required
            value={otp}
            onChange={(event) => setOtp(otpDigits(event.target.value))}
          />
        )}
        {step === 'password' && (
          <>
            <Input
              key="password"
              label="New password"
              type="password"
              name="new-password"
              autoComplete="new-password"
              autoFocus
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <Input
              label="Confirm new password"
              type="password"
              name="confirm-password"
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
            />
          </>
        )}
        <Button type="submit" block loading={busy}>
          {step === 'email' ? 'Send OTP' : step === 'otp' ? 'Verify OTP' : 'Reset password'}
        </Button>
      </form>
    </AuthCard>
  );
}
