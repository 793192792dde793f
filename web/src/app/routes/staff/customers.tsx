import { CustomersPage } from '@/features/customers/components/customers-page';
import { useStaffArea } from '@/lib/staff-area';

/** 001 §2.6: /admin/customers and /employee/customers, one screen for both areas. */
export default function CustomersRoute() {
  return <CustomersPage area={useStaffArea()} />;
}
