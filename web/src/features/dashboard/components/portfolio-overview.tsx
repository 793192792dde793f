import { Loading } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { formatMoney, formatNumber } from '@/lib/format';
import type { StaffArea } from '@/lib/staff-area';
import { usePortfolio } from '../api/get-portfolio';
import styles from './dashboard.module.css';

/** Portfolio Overview: the whole book as the loans list adds it up (deleted loans not counted). */
export function PortfolioOverview({ area }: { area: StaffArea }) {
  const { data, error, isLoading, mutate } = usePortfolio(area);
  let body;
  if (error) {
    body = (
      <ErrorState
        title="Failed to fetch loans"
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void mutate()}
      />
    );
  } else if (isLoading || !data) {
    body = <Loading text="Loading portfolio..." />;
  } else {
    const p = data.portfolio;
    const stats = [
      { key: 'total-loans', label: 'Total Loans', value: formatNumber(p.totalLoans) },
      { key: 'active-loans', label: 'Active Loans', value: formatNumber(p.activeLoans) },
      { key: 'closed-loans', label: 'Closed Loans', value: formatNumber(p.closedLoans) },
      { key: 'total-amount', label: 'Total Amount', value: formatMoney(p.totalAmount) },
    ];
    body = (
      <dl className={styles.stats}>
        {stats.map((s) => (
          <div key={s.key} className={styles.stat}>
            <dt className={styles.statLabel}>{s.label}</dt>
            <dd className={`${styles.statValue} numeric`} data-testid={`portfolio-${s.key}`}>
              {s.value}
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <section aria-labelledby="portfolio-overview" className={styles.section}>
      <h2 id="portfolio-overview" className={styles.sectionTitle}>
        Portfolio Overview
      </h2>
      {body}
    </section>
  );
}
