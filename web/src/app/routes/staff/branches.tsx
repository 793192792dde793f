import { BranchesPage } from '@/features/branches/components/branches-page';

/** /admin/branches; the admin guard is the route table's. */
export default function BranchesRoute() {
  return <BranchesPage />;
}
