import { AddLoanWizard } from '@/features/add-loan/components/add-loan-wizard';

/** /admin/add-loan and /employee/add-loan. */
export default function Route() {
  return <AddLoanWizard />;
}
