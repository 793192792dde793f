import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { FirstLoginResetForm } from '@/features/auth/components/first-login-reset-form';
import { useAuth } from '@/lib/auth';

/**
 * /reset-password is public in 000's route table, but the first-login reset needs
 * a staff session: a visitor is asked to sign in first.
 */
export default function ResetPasswordRoute() {
  const { loading, isAuthenticated, user } = useAuth();
  if (loading) return <Loading text="Loading..." />;
  if (!isAuthenticated || !user || user.role === 'customer') {
    return (
      <AuthCard title="Reset Your Password">
        <Alert tone="info">
          This screen sets the password of a new staff account after its first sign-in. Please sign in first.
          To change a password you have forgotten, use &quot;Forgot password&quot;.
        </Alert>
        <div className="cluster">
          <ButtonLink to={paths.login}>Sign in</ButtonLink>
          <ButtonLink to={paths.forgotPassword} variant="secondary">
            Forgot password
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }
  return <FirstLoginResetForm />;
}
