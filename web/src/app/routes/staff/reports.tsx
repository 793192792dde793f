import { ReportsPage } from '@/features/reports/components/reports-page';

/** /admin/reports and /employee/reports (000 §2; issue 7 "Reports"). */
export default function Route() {
  return <ReportsPage />;
}
