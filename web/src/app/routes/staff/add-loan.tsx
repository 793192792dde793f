import { AddLoanWizard } from '@/features/add-loan';

/** /admin/add-loan and /employee/add-loan (001 §2.5). */
export default function Route() {
  return <AddLoanWizard />;
}
