import { LendingPolicyPage } from '@/features/lending-policy/components/lending-policy-page';

/** /admin/lending-policy; the route table's guard decides who may open it. */
export default function Route() {
  return <LendingPolicyPage />;
}
