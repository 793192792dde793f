import { DelinquencyBadge } from '@/components/delinquency-badge';
import { Badge } from '@/components/ui/badge';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { useLoanDelinquency } from '../api/get-loan-delinquency';
import type { Loan } from '../derive';
import styles from './loans.module.css';

const REASON: Record<NonNullable<Loan['delinquency']['reason']>, string> = {
  days_past_due: 'its own days past due',
  borrower_npa: 'another loan of the borrower is NPA',
  arrears_cleared: 'all arrears paid',
};

/** Since when and why, briefly: "since 22/12/2026 · its own days past due". The badge's title says what the class means. */
function classNote(r: Loan['delinquency']): string {
  const parts: string[] = [];
  if (r.since) parts.push(`since ${formatDate(r.since)}`);
  if (r.reason && r.class !== 'standard')
    parts.push(
      r.reason === 'borrower_npa' && r.npaLoanId ? `${REASON[r.reason]}: ${r.npaLoanId}` : REASON[r.reason],
    );
  return parts.join(' · ');
}

/**
 * The loan's delinquency (issue 18) in its details: the class the daily job recorded (and
 * why), then days past due, the oldest unpaid due date and the arrears as of today, asked
 * from the loan's own stream so a payment made today shows at once. Until that answer
 * arrives, the figures recorded with the class.
 */
export function LoanDelinquency({ loan }: { loan: Loan }) {
  const { data, error } = useLoanDelinquency(loan._id);
  const recorded = loan.delinquency;
  const today = data?.data.today;
  const figures = today ?? {
    daysPastDue: recorded.daysPastDue,
    oldestUnpaidDueDate: recorded.oldestUnpaidDueDate,
    arrears: recorded.arrears,
  };
  return (
    <section aria-label={`Delinquency of ${loan.loanId}`} data-testid="loan-delinquency">
      <h4 className={styles.subTitle}>Asset class</h4>
      <dl className={styles.detailGrid}>
        <div>
          <dt>Class</dt>
          <dd data-testid="delinquency-class">
            {recorded.class === 'standard' ? (
              <Badge tone="success">Standard</Badge>
            ) : (
              <DelinquencyBadge cls={recorded.class} />
            )}
            {classNote(recorded) && <span className={styles.muted}> {classNote(recorded)}</span>}
          </dd>
        </div>
        <div>
          <dt>Days past due{today ? ` on ${formatDate(today.date)}` : ''}</dt>
          <dd data-testid="days-past-due">{formatNumber(figures.daysPastDue)}</dd>
        </div>
        <div>
          <dt>Oldest unpaid due date</dt>
          <dd>{figures.oldestUnpaidDueDate ? formatDate(figures.oldestUnpaidDueDate) : '—'}</dd>
        </div>
        <div>
          <dt>Arrears</dt>
          <dd data-testid="arrears">{formatMoney(figures.arrears)}</dd>
        </div>
      </dl>
      {error && (
        <p className={styles.muted} role="status">
          Today’s figures could not be loaded; shown as recorded with the class.
        </p>
      )}
    </section>
  );
}
