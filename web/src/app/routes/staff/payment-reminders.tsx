import { PaymentRemindersPage } from '@/features/reminders/components/payment-reminders-page';

/** /admin/payment-reminders; the admin guard is the route table's. */
export default function PaymentRemindersRoute() {
  return <PaymentRemindersPage />;
}
