import { GoldReturnsPage } from '@/features/gold-returns/components/gold-returns-page';

/** /admin/gold-returns (001 §2.11); the guard admits admins only (000 §2). */
export default function GoldReturnsRoute() {
  return <GoldReturnsPage />;
}
