import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { resetFirstLoginPassword } from '../api/first-login-reset';
import { AUTH_MESSAGES as M } from '../messages';
import { AuthCard } from './auth-card';

/** 'Reset Your Password' on a new staff member's first sign-in. */
export function FirstLoginResetForm() {
  const { user, login } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The checks in this order: the first failing one is the one shown.
    if (password.length < 6) return setError(M.passwordTooShort);
    if (password !== confirm) return setError(M.passwordsDiffer);
    setBusy(true);
    setError(null);
    try {
      const answer = await resetFirstLoginPassword({ password });
      // The change revoked the old token; carry on with its successor.
      login(answer.token, answer.user);
      const role = answer.user.role;
      navigate(
        role === 'admin' || role === 'auditor'
          ? paths.admin.dashboard
          : role === 'employee'
            ? paths.employee.dashboard
            : paths.home,
        { replace: true },
      );
    } catch (failure) {
      setError(errorMessage(failure, M.resetFailed));
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Reset Your Password"
      description={
        user
          ? `Welcome, ${user.name}. Choose a password for your account before you continue.`
          : 'Choose a password for your account before you continue.'
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        {error && <Alert tone="error">{error}</Alert>}
        <Input
          label="New password"
          type="password"
          name="new-password"
          autoComplete="new-password"
          autoFocus
          required
          hint="At least 6 characters."
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Input
          label="Confirm password"
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
        <Button type="submit" block loading={busy}>
          Reset password
        </Button>
      </form>
    </AuthCard>
  );
}
