import { PaymentRemindersPage } from '@/features/reminders/components/payment-reminders-page';

/** /admin/payment-reminders (001 §2.10); the admin guard is the route table's. */
export default function PaymentRemindersRoute() {
  return <PaymentRemindersPage />;
}
