import { AddLoanWizard } from '@/features/add-loan/components/add-loan-wizard';

/** /admin/add-loan and /employee/add-loan (001 §2.5). */
export default function Route() {
  return <AddLoanWizard />;
}
