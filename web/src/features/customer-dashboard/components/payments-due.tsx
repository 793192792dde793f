import { Alert } from '@/components/ui/alert';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { installmentWhat } from '@/lib/repayment-structures';
import type { PaymentsDue } from '../derive';
import { installmentPlaceText } from '@goldledger/contracts';

/** The next payment, and anything overdue, before everything else (numbers to act on first). */
export function PaymentsDueNotice({ due }: { due: PaymentsDue }) {
  const { next, overdueCount, overdueAmount } = due;
  if (!next) return null;
  const nextLine = (
    <p>
      {next.overdue ? 'Overdue: ' : 'Next payment: '}
      <strong className="numeric">{formatMoney(next.amount)}</strong>
      {next.overdue ? ' was due on ' : ' due on '}
      <strong>{formatDate(next.installment.dueDate)}</strong> for loan {next.loan.loanId} (installment{' '}
      {installmentPlaceText(next.installment.place)}
      {next.loan.repaymentType === 'emi'
        ? ''
        : `: ${installmentWhat(next.loan.repaymentType, next.installment, next.loan.installments).toLowerCase()}`}
      ).
    </p>
  );
  if (overdueCount > 0) {
    return (
      <Alert
        tone="error"
        title={`${formatNumber(overdueCount)} overdue ${overdueCount === 1 ? 'installment' : 'installments'}: ${formatMoney(overdueAmount)}`}
      >
        {nextLine}
        <p>Please pay at the branch or contact us below.</p>
      </Alert>
    );
  }
  return (
    <Alert tone="info" title="Your next payment">
      {nextLine}
    </Alert>
  );
}
