import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Card } from '@/components/ui/card';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { Loading, Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { businessToday } from '@/lib/business-date';
import { formatDate, formatMoneyExact } from '@/lib/format';
import { PUBLISHED_PURITIES, REFERENCE_PURITY } from '@/lib/lending-options';
import { useReadOnly } from '@/lib/read-only';
import { useGoldPrices } from '../api/get-gold-prices';
import {
  chartPoints,
  latestCloses,
  purityLabel,
  rangeDates,
  RANGES,
  type PriceRange,
} from '../gold-price-view';
import { CsvImportCard } from './csv-import-card';
import { DayPricesForm } from './day-prices-form';
import { GoldPriceTable } from './gold-price-table';
import { ValuationToday } from './valuation-today';
import styles from './gold-prices.module.css';

const GoldPriceChart = lazy(() => import('./gold-price-chart'));

/**
 * /admin/gold-prices (issue 17): the daily register of closing prices per purity. Admins
 * enter a day's prices or import a CSV; everyone who reads the console sees today's
 * valuation price, a chart of the closes with the 22K valuation price, and the table.
 */
export function GoldPricesPage() {
  const readOnly = useReadOnly();
  const today = businessToday();
  const [range, setRange] = useState<PriceRange>('quarter');
  const dates = useMemo(() => rangeDates(range, today), [range, today]);
  const list = useGoldPrices(dates);
  const chartTitleId = useId();
  const data = list.data;
  const purities = data?.purities ?? PUBLISHED_PURITIES;
  const referencePurity = data?.referencePurity ?? REFERENCE_PURITY;
  const latest = useMemo(() => latestCloses(data?.days ?? []), [data]);

  let register;
  if (list.error && !data) {
    register = (
      <ErrorState
        title="Failed to fetch the gold prices"
        message={errorMessage(list.error, 'Please check your connection and try again.')}
        onRetry={() => void list.mutate()}
      />
    );
  } else if (!data) {
    register = <Loading text="Loading the gold prices..." />;
  } else if (!data.days.some((d) => d.closes.length > 0)) {
    register = (
      <EmptyState
        title="No gold prices entered"
        description={`Nothing from ${formatDate(data.from)} to ${formatDate(data.to)}. Enter a day's prices or import a CSV file.`}
      />
    );
  } else {
    const points = chartPoints(data.days);
    const first = data.days[0]!;
    const last = data.days.at(-1)!;
    const summary = `Closing prices a gram per purity from ${formatDate(first.date)} to ${formatDate(last.date)}${
      last.valuation
        ? `; the ${purityLabel(referencePurity)} valuation price on ${formatDate(last.date)} is ${formatMoneyExact(last.valuation.price)}`
        : ''
    }. The table below lists every day.`;
    register = (
      <>
        <figure className={styles.figure} aria-labelledby={chartTitleId}>
          <figcaption id={chartTitleId} className="visually-hidden">
            Closing prices per purity, with the {purityLabel(referencePurity)} valuation price dashed
          </figcaption>
          <div className={styles.chart} role="img" aria-label={summary} data-testid="gold-price-chart">
            <Suspense
              fallback={
                <div className={styles.chartLoading}>
                  <Spinner label="Loading chart" />
                </div>
              }
            >
              <GoldPriceChart points={points} purities={purities} referencePurity={referencePurity} />
            </Suspense>
          </div>
        </figure>
        <GoldPriceTable days={data.days} purities={purities} referencePurity={referencePurity} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Gold Prices"
        description="The daily closing price of gold per purity. A pledged item is valued at the lower of the 30-day average and the previous working day's close for its purity."
      />
      <div className={styles.stack}>
        <ValuationToday />
        {!readOnly && (
          <div className={styles.entry}>
            <DayPricesForm purities={purities} latest={latest} />
            <CsvImportCard purities={purities} />
          </div>
        )}
        <Card
          title="Closing prices"
          actions={<FilterTabs label="Period" tabs={RANGES} value={range} onChange={setRange} />}
        >
          {register}
        </Card>
      </div>
    </>
  );
}
