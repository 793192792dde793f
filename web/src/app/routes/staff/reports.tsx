import { ReportsPage } from '@/features/reports/components/reports-page';

/** /admin/reports and /employee/reports: one page for both areas. */
export default function Route() {
  return <ReportsPage />;
}
