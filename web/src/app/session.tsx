import { Outlet } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ToastProvider } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { AuthProvider } from '@/lib/auth';

export { RequireRole } from './guards/require-role';

const swrOptions = {
  // A refusal (4xx) will not change by asking again; network and server errors may.
  shouldRetryOnError: (error: unknown) => !(error instanceof ApiError && error.status < 500),
  errorRetryCount: 3,
};

/**
 * The providers of the sign-in pages and the portals (inside the router: logout
 * navigates). A lazy chunk with zod and SWR, which the public pages do without.
 */
export default function SessionRoot() {
  return (
    <SWRConfig value={swrOptions}>
      <AuthProvider>
        <ToastProvider>
          <Outlet />
        </ToastProvider>
      </AuthProvider>
    </SWRConfig>
  );
}
