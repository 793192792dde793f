import { Suspense, useLayoutEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useAuth } from '@/lib/auth';
import { PageBoundary } from '../route-error';
import { Brand } from './brand';
import styles from './portal-layout.module.css';

type Area = 'admin' | 'employee' | 'customer';

/** The console's sidebars; the customer area has none. */
const sidebars: Record<Exclude<Area, 'customer'>, Array<{ to: string; label: string }>> = {
  admin: [
    { to: paths.admin.dashboard, label: 'Dashboard' },
    // Beside the dashboard's gold rate: the register of prices per purity (issue 17).
    { to: paths.admin.goldPrices, label: 'Gold Prices' },
    { to: paths.admin.loans, label: 'Loans' },
    { to: paths.admin.addLoan, label: 'Add Loan' },
    { to: paths.admin.customers, label: 'Customers' },
    { to: paths.admin.pendingRepayments, label: 'Pending Repayments' },
    // Issue 19: online payments recorded at the counter, waiting for an admin's approval.
    { to: paths.admin.onlinePayments, label: 'Online Payments' },
    { to: paths.admin.approvals, label: 'Approvals' },
    { to: paths.admin.paymentReminders, label: 'Payment Reminders' },
    { to: paths.admin.refunds, label: 'Refunds Due' },
    { to: paths.admin.marginCalls, label: 'Margin Calls' },
    { to: paths.admin.cashBook, label: 'Cash Book' },
    { to: paths.admin.vault, label: 'Vault Register' },
    { to: paths.admin.vaultAudits, label: 'Vault Audits' },
    { to: paths.admin.custodyIncidents, label: 'Custody Incidents' },
    { to: paths.admin.goldReturns, label: 'Gold Returns' },
    { to: paths.admin.auctionManagement, label: 'Auction Management' },
    { to: paths.admin.branches, label: 'Branches' },
    { to: paths.admin.lendingPolicy, label: 'Lending Policy' },
    { to: paths.admin.holidays, label: 'Holidays' },
    { to: paths.admin.employees, label: 'Employees' },
    { to: paths.admin.reports, label: 'Reports' },
    { to: paths.admin.cronJobs, label: 'Cron Jobs' },
    { to: paths.admin.auditLog, label: 'Audit Log' },
  ],
  employee: [
    { to: paths.employee.dashboard, label: 'Dashboard' },
    { to: paths.employee.loans, label: 'Loans' },
    { to: paths.employee.addLoan, label: 'Add Loan' },
    { to: paths.employee.customers, label: 'Customers' },
    { to: paths.employee.marginCalls, label: 'Margin Calls' },
    { to: paths.employee.vault, label: 'Vault Register' },
    { to: paths.employee.cashBook, label: 'Cash Book' },
    { to: paths.employee.holidays, label: 'Holidays' },
    { to: paths.employee.reports, label: 'Reports' },
    { to: paths.employee.approvals, label: 'My Requests' },
  ],
};

/** What an auditor reads in the admin console: every page but the ones that only write. */
const auditorSidebar = sidebars.admin.filter((item) => item.to !== paths.admin.addLoan);

const ROLE_LABELS = {
  admin: 'Admin',
  employee: 'Employee',
  customer: 'Customer',
  auditor: 'Auditor · read-only',
} as const;

/**
 * The whole text as the element's title only while the element cuts it with an ellipsis
 * (a phone's top bar): a tooltip and a long press show the name then, and nothing repeats it
 * where it is shown in full.
 */
function useTitleWhenCut(text: string | undefined) {
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setCut(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);
  return { ref, title: cut ? text : undefined };
}

/**
 * Signed-in areas have no public header. Under /admin and /employee the top
 * bar shows a sidebar toggle on small screens.
 */
export default function PortalLayout({ area }: { area: Area }) {
  const { user, logout } = useAuth();
  const { pathname } = useLocation();
  const sidebar = area === 'customer' ? null : user?.role === 'auditor' ? auditorSidebar : sidebars[area];
  // Open on small screens until the next navigation.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const userName = useTitleWhenCut(user?.name);

  return (
    <div
      className={styles.portal}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) setOpenOn(null);
      }}
    >
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className={styles.topbar}>
        {sidebar && (
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={open}
            aria-controls="portal-sidebar"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpenOn(open ? null : pathname)}
          >
            <span className={styles.burger} aria-hidden="true" />
          </button>
        )}
        <Brand inverted compact />
        <div className={styles.user}>
          {/* Only admins get the bell and panel. */}
          {area === 'admin' && user?.role === 'admin' && <NotificationBell />}
          <span ref={userName.ref} className={styles.userName} title={userName.title}>
            {user?.name}
          </span>
          {user && (
            <Badge tone="gold" className={styles.role}>
              {ROLE_LABELS[user.role]}
            </Badge>
          )}
          <Button variant="accent" size="sm" onClick={logout}>
            Logout
          </Button>
        </div>
      </header>
      <div className={styles.body}>
        {sidebar && (
          <nav
            id="portal-sidebar"
            aria-label="Console"
            className={open ? `${styles.sidebar} ${styles.sidebarOpen}` : styles.sidebar}
          >
            <ul className={styles.navList}>
              {sidebar.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={styles.navLink}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {sidebar && open && (
          // The open drawer dims the page behind it; a tap there closes it.
          <div className={styles.scrim} aria-hidden="true" onClick={() => setOpenOn(null)} />
        )}
        <main id="main" className={sidebar ? styles.main : `${styles.main} ${styles.narrow}`} tabIndex={-1}>
          <PageBoundary>
            <Suspense fallback={<Loading />}>
              <Outlet />
            </Suspense>
          </PageBoundary>
        </main>
      </div>
    </div>
  );
}
