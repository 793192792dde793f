import type { CustomerLoansResponse } from '@goldledger/contracts';
import type { z } from 'zod';
import { formatMoney, formatNumber } from '@/lib/format';
import styles from './customer-dashboard.module.css';

type Portfolio = z.infer<typeof CustomerLoansResponse>['portfolio'];

/**
 * The customer's Portfolio Summary, as the server adds it up (the ledger's balances). The
 * figure a customer acts on, what is still owed, comes first.
 */
export function PortfolioSummary({ portfolio }: { portfolio: Portfolio }) {
  const stats = [
    { label: 'Outstanding', value: formatMoney(portfolio.outstanding), key: 'outstanding', lead: true },
    { label: 'Total Paid', value: formatMoney(portfolio.totalPaid), key: 'total-paid' },
    { label: 'Total Borrowed', value: formatMoney(portfolio.totalBorrowed), key: 'total-borrowed' },
    { label: 'Active Loans', value: formatNumber(portfolio.activeLoans), key: 'active-loans' },
  ];
  return (
    <section aria-labelledby="portfolio-summary" className={styles.section}>
      <h2 id="portfolio-summary" className={styles.sectionTitle}>
        Portfolio Summary
      </h2>
      <dl className={styles.stats}>
        {stats.map((s) => (
          <div key={s.key} className={s.lead ? `${styles.stat} ${styles.statLead}` : styles.stat}>
            <dt className={styles.statLabel}>{s.label}</dt>
            <dd className={`${styles.statValue} numeric`} data-testid={`portfolio-${s.key}`}>
              {s.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
