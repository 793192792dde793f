import { useParams } from 'react-router-dom';
import { LoanAudit } from '@/features/loan-audit/components/loan-audit';

/** /admin/loans/:id/audit (admins only): a loan's event history and its as-of replay. */
export default function Route() {
  const { id = '' } = useParams();
  // A new loan starts the page afresh (the as-of choice belongs to one loan).
  return <LoanAudit key={id} loanRef={id} />;
}
