import { PendingRepaymentsPage } from '@/features/pending-repayments/components/pending-repayments-page';

/** /admin/pending-repayments; the admin guard is the route table's. */
export default function PendingRepaymentsRoute() {
  return <PendingRepaymentsPage />;
}
