import { ApprovalSettingsPage } from '@/features/approvals/components/approval-settings-page';

/** /admin/approvals/settings; the route table's guard decides who may open it. */
export default function Route() {
  return <ApprovalSettingsPage />;
}
