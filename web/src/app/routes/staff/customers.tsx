import { CustomersPage } from '@/features/customers/components/customers-page';
import { useStaffArea } from '@/lib/staff-area';

/** /admin/customers and /employee/customers, one screen for both areas. */
export default function CustomersRoute() {
  return <CustomersPage area={useStaffArea()} />;
}
