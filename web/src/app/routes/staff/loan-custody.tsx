import { useParams } from 'react-router-dom';
import { LoanCustody } from '@/features/custody/components/loan-custody';
import { useStaffArea } from '@/lib/staff-area';

/** /admin/loans/:id/custody and /employee/loans/:id/custody: a loan's sealed packet and its movements. */
export default function Route() {
  const { id = '' } = useParams();
  const area = useStaffArea();
  return <LoanCustody key={id} loanRef={id} area={area} />;
}
