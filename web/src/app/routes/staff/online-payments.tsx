import { OnlinePaymentsPage } from '@/features/online-payments/components/online-payments-page';

/** /admin/online-payments; the admin guard is the route table's. */
export default function OnlinePaymentsRoute() {
  return <OnlinePaymentsPage />;
}
