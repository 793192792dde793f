import { CashBookPage } from '@/features/cash-book/components/cash-book-page';

/** /admin/cash-book and /employee/cash-book; the role guard is the route table's. */
export default function CashBookRoute() {
  return <CashBookPage />;
}
