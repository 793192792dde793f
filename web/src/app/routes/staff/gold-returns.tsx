import { GoldReturnsPage } from '@/features/gold-returns/components/gold-returns-page';

/** /admin/gold-returns; the guard admits admins only. */
export default function GoldReturnsRoute() {
  return <GoldReturnsPage />;
}
