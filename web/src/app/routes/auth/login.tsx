import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { Loading } from '@/components/ui/spinner';
import { dashboardPathFor } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { useAuth } from '@/lib/auth';

export default function LoginRoute() {
  const { loading, isAuthenticated, user } = useAuth();
  // Someone already signed in goes to their dashboard; decided once, so a sign-in on this page
  // navigates where the form says (the first-login reset, for instance).
  const [signedInAtArrival] = useState(isAuthenticated);
  if (loading) return <Loading text="Loading..." />;
  if (signedInAtArrival && isAuthenticated && user)
    return <Navigate to={dashboardPathFor(user.role)} replace />;
  return <LoginForm />;
}
