import { useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ToastProvider } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { AuthProvider } from '@/lib/auth';
import { PageBoundary } from './route-error';

/** The page scrolls to the top on every route change. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

const swrOptions = {
  // A refusal (4xx) will not change by asking again; network and server errors may.
  shouldRetryOnError: (error: unknown) => !(error instanceof ApiError && error.status < 500),
  errorRetryCount: 3,
};

/** The providers every page shares, inside the router (logout navigates). */
export function AppRoot() {
  return (
    <SWRConfig value={swrOptions}>
      <AuthProvider>
        <ToastProvider>
          <ScrollToTop />
          <PageBoundary>
            <Outlet />
          </PageBoundary>
        </ToastProvider>
      </AuthProvider>
    </SWRConfig>
  );
}
