import { MarginCallsPage } from '@/features/margin-calls/components/margin-calls-page';
import { useStaffArea } from '@/lib/staff-area';

/** /admin/margin-calls and /employee/margin-calls; the guards are the route table's. */
export default function MarginCallsRoute() {
  return <MarginCallsPage area={useStaffArea()} />;
}
