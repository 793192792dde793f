import { ApprovalsPage } from '@/features/approvals/components/approvals-page';

/** /admin/approvals; the route table's guard decides who may open it. */
export default function Route() {
  return <ApprovalsPage />;
}
