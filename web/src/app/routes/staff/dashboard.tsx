import { Card } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useAuth } from '@/lib/auth';

/**
 * Admin and employee landing page. The real dashboards (due payments, portfolio,
 * loans table) are issue 7; until then this page confirms who is signed in and
 * shows no figures at all rather than made-up ones.
 */
export default function StaffDashboardRoute() {
  const { user, logout } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageHeader
        eyebrow={user.role === 'admin' ? 'Admin' : 'Employee'}
        title="Staff console"
        documentTitle="Dashboard"
        description={`Signed in as ${user.name}${user.email ? ` (${user.email})` : ''}.`}
      />
      <Card title="Dashboard" titleAs="h2">
        <p>The console&apos;s screens are being built. The menu lists the pages that are coming.</p>
        <Button variant="secondary" onClick={logout}>
          Sign out
        </Button>
      </Card>
    </>
  );
}
