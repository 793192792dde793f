import type { Role } from '@goldledger/contracts';
import { Navigate, Outlet } from 'react-router-dom';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

/**
 * The role guard: 'Loading...' while the auth state loads, /login for a visitor who is
 * not signed in, / for a signed-in user whose role is wrong or missing.
 */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const { loading, isAuthenticated, user } = useAuth();
  if (loading) return <Loading text="Loading..." />;
  if (!isAuthenticated || !user) return <Navigate to={paths.login} replace />;
  if (!roles.includes(user.role)) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
