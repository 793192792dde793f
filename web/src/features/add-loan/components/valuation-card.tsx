import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatGrams, formatMoney, formatNumber } from '@/lib/format';
import { errorLines } from '../errors';
import { ErrorList } from './error-list';
import type { LoanQuote } from './use-loan-quote';
import styles from './add-loan.module.css';

/** What the gold is worth at today's rate, the most it can secure, and a warning when the amount asks more. */
export function ValuationCard({ quote }: { quote: LoanQuote }) {
  const { valuation, eligible } = quote;
  return (
    <Card title="Valuation" description="At today's gold rate, from the net weight and purity of every item.">
      {!quote.goldItems ? (
        <p className={styles.muted}>
          Complete every gold item to see its value and the eligible loan amount.
        </p>
      ) : valuation.error && !valuation.data ? (
        <Alert tone="error">
          <ErrorList lines={errorLines(valuation.error, 'Failed to value the gold')} />
        </Alert>
      ) : !valuation.data ? (
        <p className={styles.muted}>
          <Spinner size="sm" label={null} /> Valuing the gold...
        </p>
      ) : (
        <dl className={styles.figures} aria-busy={valuation.isValidating || undefined}>
          <div className={styles.figure}>
            <dt>Gold rate (24K)</dt>
            <dd>{formatMoney(valuation.data.goldRate)}/g</dd>
          </div>
          <div className={styles.figure}>
            <dt>Fine gold</dt>
            <dd>{formatGrams(valuation.data.fineGoldGrams)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>Gold value</dt>
            <dd>{formatMoney(valuation.data.goldValue)}</dd>
          </div>
          <div className={`${styles.figure} ${styles.highlight}`}>
            <dt>Eligible maximum</dt>
            <dd>{formatMoney(valuation.data.eligibleAmount)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>LTV</dt>
            <dd>
              {valuation.data.ltvPercent === null ? '—' : `${formatNumber(valuation.data.ltvPercent)}%`}
              <span className={styles.muted}> (cap {formatNumber(valuation.data.ltvCapPercent)}%)</span>
            </dd>
          </div>
        </dl>
      )}
      {quote.aboveEligible && eligible !== undefined && (
        <Alert tone="warning">
          The loan amount is above what this gold can secure: at most {formatMoney(eligible)}.
        </Alert>
      )}
    </Card>
  );
}
