import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Loading } from '@/components/ui/spinner';
import { PageBoundary } from '../route-error';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import styles from './public-layout.module.css';

/** Public pages and the sign-in screens: header, page, footer. */
export function PublicLayout() {
  return (
    <div className={styles.shell}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <PublicHeader />
      <main id="main" className={styles.main} tabIndex={-1}>
        <PageBoundary>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </PageBoundary>
      </main>
      <PublicFooter />
    </div>
  );
}
