import { useSyncExternalStore } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/ui/button';
import { dashboardPathFor, paths } from '@/config/paths';
import { endSession } from '@/lib/auth';
import { authSession } from '@/lib/auth-session';
import styles from './public-header.module.css';

/**
 * The public header's account corner when this browser holds a session: the greeting
 * and Logout. A chunk of its own (it reads and checks the stored session with the
 * contracts' schemas), loaded only when a session was stored.
 */
export default function SignedInAccount({ className }: { className: string | undefined }) {
  const { isAuthenticated, user } = useSyncExternalStore(authSession.subscribe, authSession.get);
  const navigate = useNavigate();
  return (
    <div className={className}>
      {isAuthenticated && user ? (
        <>
          <Link to={dashboardPathFor(user.role)} className={styles.welcome}>
            Welcome, {user.name}
          </Link>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              endSession();
              navigate(paths.login);
            }}
          >
            Logout
          </Button>
        </>
      ) : (
        <ButtonLink to={paths.login} variant="accent" size="sm">
          Login
        </ButtonLink>
      )}
    </div>
  );
}
