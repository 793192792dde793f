import { AuctionManagement } from '@/features/auctions/components/auction-management';

/** /admin/auction-management; the guard admits admins only. */
export default function AuctionManagementRoute() {
  return <AuctionManagement />;
}
