import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cx } from '@/lib/class-names';
import { formatDate, formatMoneyExact, formatNumber } from '@/lib/format';
import { REFERENCE_PURITY } from '@/lib/lending-options';
import { useValuationPrice } from '@/lib/valuation-price';
import { purityLabel } from '../gold-price-view';
import styles from './gold-prices.module.css';

/**
 * Today's valuation price of the reference purity with its two limbs, the one that binds
 * marked; or, when yesterday's prices are missing, the warning that loans are refused.
 */
export function ValuationToday() {
  const { data, error, isLoading, mutate } = useValuationPrice(REFERENCE_PURITY);
  const title = `Valuation price today, ${purityLabel(REFERENCE_PURITY)}`;
  if (error && !data) {
    if (error instanceof ApiError && error.code === 'gold_prices_missing') {
      return (
        <Alert tone="warning" title={title}>
          <p data-testid="valuation-missing">
            {error.serverMessage}. New loans and top-ups are refused until they are: enter the day&apos;s
            prices below.
          </p>
        </Alert>
      );
    }
    return (
      <Card title={title}>
        <ErrorState
          title="Failed to fetch the valuation price"
          message={errorMessage(error, 'Please check your connection and try again.')}
          onRetry={() => void mutate()}
        />
      </Card>
    );
  }
  return (
    <Card title={title}>
      {isLoading || !data ? (
        <Spinner label="Loading the valuation price" />
      ) : (
        <div className={styles.today}>
          <div>
            <p className={styles.todayPrice} data-testid="valuation-today">
              {formatMoneyExact(data.price)}
            </p>
            <p className={styles.todayLabel}>a gram, for loans made on {formatDate(data.date)}</p>
          </div>
          <dl className={styles.limbs}>
            <div className={cx(styles.limb, data.bound === 'average30' && styles.binding)}>
              <dt>
                30-day average{data.bound === 'average30' ? ' (binds)' : ''}: {formatDate(data.from)} to{' '}
                {formatDate(data.to)}, {formatNumber(data.closesInWindow)} closes
              </dt>
              <dd>{formatMoneyExact(data.average30)}</dd>
            </div>
            <div className={cx(styles.limb, data.bound === 'previousClose' && styles.binding)}>
              <dt>
                Previous working day&apos;s close{data.bound === 'previousClose' ? ' (binds)' : ''}:{' '}
                {formatDate(data.previousDay)}
              </dt>
              <dd>{formatMoneyExact(data.previousClose)}</dd>
            </div>
          </dl>
        </div>
      )}
    </Card>
  );
}
