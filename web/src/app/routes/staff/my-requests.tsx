import { MyRequestsPage } from '@/features/approvals/components/my-requests-page';

/** /employee/approvals; the route table's guard decides who may open it. */
export default function Route() {
  return <MyRequestsPage />;
}
