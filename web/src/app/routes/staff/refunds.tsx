import { RefundsPage } from '@/features/refunds/components/refunds-page';

/** /admin/refunds; the admin guard is the route table's. */
export default function RefundsRoute() {
  return <RefundsPage />;
}
