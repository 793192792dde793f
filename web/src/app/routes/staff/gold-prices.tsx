import { GoldPricesPage } from '@/features/gold-prices/components/gold-prices-page';

/** /admin/gold-prices; the admin area's guard is the route table's (auditors read it). */
export default function GoldPricesRoute() {
  return <GoldPricesPage />;
}
