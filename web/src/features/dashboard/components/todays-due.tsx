import { Badge } from '@/components/ui/badge';
import { ErrorState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { formatMoney, formatNumber } from '@/lib/format';
import { useTodaysDue } from '../api/get-todays-due';
import styles from './dashboard.module.css';

/**
 * Today's Due Payments: a card per installment due today, shown only when
 * some exist; first on the dashboard (numbers to act on first).
 */
export function TodaysDue() {
  const { data, error, mutate } = useTodaysDue();
  if (error) {
    return (
      <ErrorState
        title="Failed to fetch today's due payments"
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void mutate()}
      />
    );
  }
  const due = data?.data ?? [];
  if (due.length === 0) return null;
  const total = due.reduce((sum, d) => sum + d.amount, 0);
  return (
    <section aria-labelledby="todays-due" className={styles.section}>
      <h2 id="todays-due" className={styles.sectionTitle}>
        Today&apos;s Due Payments
      </h2>
      <p className={styles.sectionNote}>
        {formatNumber(due.length)} {due.length === 1 ? 'payment' : 'payments'} due today,{' '}
        <strong className="numeric">{formatMoney(total)}</strong> in all.
      </p>
      <ul className={styles.dueGrid}>
        {due.map((d) => (
          <li key={`${d._id}-${d.installmentNumber}`} className={styles.dueCard} data-testid="due-today-card">
            <div className={styles.dueHead}>
              <h3 className={styles.dueName}>{d.customerName}</h3>
              <Badge tone="danger">Due Today</Badge>
            </div>
            <span className={`${styles.dueAmount} numeric`}>{formatMoney(d.amount)}</span>
            <p className={styles.dueMeta}>
              Mobile: <a href={`tel:${d.customerMobile}`}>{d.customerMobile}</a>
            </p>
            <p className={styles.dueMeta}>Loan ID: {d.loanId || 'N/A'}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
