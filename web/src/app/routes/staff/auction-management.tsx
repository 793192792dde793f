import { AuctionManagement } from '@/features/auctions/components/auction-management';

/** /admin/auction-management (001 §2.12); the guard admits admins only (000 §2). */
export default function AuctionManagementRoute() {
  return <AuctionManagement />;
}
