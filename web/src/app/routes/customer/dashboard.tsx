import { ErrorState } from '@/components/ui/states';
import { CustomerDashboard } from '@/features/customer-dashboard/components/customer-dashboard';
import { useAuth } from '@/lib/auth';

/**
 * /customer/dashboard. The guard already sends others away; these
 * two lines are the access messages, should the page ever be reached without it.
 */
export default function CustomerDashboardRoute() {
  const { user } = useAuth();
  if (!user) return <ErrorState title="Please log in to access the customer dashboard." message={null} />;
  if (user.role !== 'customer') {
    return <ErrorState title="Access denied. This dashboard is only for customers." message={null} />;
  }
  return <CustomerDashboard name={user.name} />;
}
