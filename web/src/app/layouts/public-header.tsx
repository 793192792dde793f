import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { hasStoredSession, subscribeStoredSession } from '@/lib/stored-session';
import { Brand } from './brand';
import { mainNav, serviceNav } from './nav-links';
import styles from './public-header.module.css';

const SignedInAccount = lazy(() => import('./signed-in-account'));

function SignedOutAccount({ className }: { className: string | undefined }) {
  return (
    <div className={className}>
      <ButtonLink to={paths.login} variant="accent" size="sm">
        Login
      </ButtonLink>
    </div>
  );
}

/**
 * Login, or the greeting when this browser holds a session. The prerendered page and the
 * first render say Login (no storage at build); a stored session swaps in its code.
 */
function Account({ className }: { className: string | undefined }) {
  const stored = useSyncExternalStore(subscribeStoredSession, hasStoredSession, () => false);
  if (!stored) return <SignedOutAccount className={className} />;
  return (
    <Suspense fallback={<div className={className} />}>
      <SignedInAccount className={className} />
    </Suspense>
  );
}

/** The public top navigation, the WhatsApp line, and the menu that replaces them on small screens. */
export function PublicHeader() {
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;

  return (
    <header
      className={styles.header}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && menuOpen) setOpenOn(null);
      }}
    >
      <div className={styles.strip}>
        <div className={`container ${styles.stripInner}`}>
          <span>
            WhatsApp: <a href={site.whatsappHref}>{site.whatsapp}</a>
          </span>
          <span className={styles.hours}>{site.businessHours}</span>
        </div>
      </div>
      <div className={`container ${styles.bar}`}>
        <Brand />
        <nav className={styles.nav} aria-label="Main">
          <ul className={styles.navList}>
            {mainNav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={styles.navLink}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Account className={styles.account} />
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setOpenOn(menuOpen ? null : pathname)}
        >
          <span className={styles.burger} aria-hidden="true" />
          Menu
        </button>
      </div>
      <div id="mobile-menu" className={styles.drawer} hidden={!menuOpen}>
        <div className="container">
          <nav className={styles.drawerSection} aria-label="Main (mobile)">
            <ul className={styles.drawerList}>
              {mainNav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end className={styles.drawerLink}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <nav className={styles.drawerSection} aria-label="Our services (mobile)">
            <p className={styles.drawerHeading}>Our services</p>
            <ul className={styles.drawerList}>
              {serviceNav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={styles.drawerLink}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <Account className={styles.drawerAccount} />
        </div>
      </div>
    </header>
  );
}
