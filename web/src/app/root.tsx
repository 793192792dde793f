import { useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageBoundary } from './route-error';

/** The page scrolls to the top on every route change. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * What every page shares, inside the router. The signed-in providers (SWR's settings,
 * the session, toasts) are in ./session.tsx, a chunk of its own that the sign-in pages
 * and the portals load: the public pages paint and hydrate without them (issue 19).
 */
export function AppRoot() {
  return (
    <>
      <ScrollToTop />
      <PageBoundary>
        <Outlet />
      </PageBoundary>
    </>
  );
}
