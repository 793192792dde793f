import type { GoldPriceDay } from '@goldledger/contracts';
import { Table, Td, Th } from '@/components/ui/table';
import { formatDate, formatMoneyExact } from '@/lib/format';
import { closeOf, purityLabel } from '../gold-price-view';
import styles from './gold-prices.module.css';

const BOUND = { average30: '30-day average', previousClose: 'Previous close' } as const;

/** The register newest first: each day's closes and the valuation price of the reference purity. */
export function GoldPriceTable({
  days,
  purities,
  referencePurity,
}: {
  days: readonly GoldPriceDay[];
  purities: readonly number[];
  referencePurity: number;
}) {
  const newestFirst = [...days].reverse();
  return (
    <Table caption="Closing prices per gram, newest first" maxHeight="60vh">
      <thead>
        <tr>
          <Th>Date</Th>
          {purities.map((p) => (
            <Th key={p} numeric>
              {purityLabel(p)}
            </Th>
          ))}
          <Th numeric>Valuation {purityLabel(referencePurity)}</Th>
        </tr>
      </thead>
      <tbody>
        {newestFirst.map((d) => (
          <tr key={d.date} data-testid="gold-price-row" data-date={d.date}>
            <Td>{formatDate(d.date)}</Td>
            {purities.map((p) => {
              const close = closeOf(d, p);
              return (
                <Td key={p} numeric>
                  {close === undefined ? '—' : formatMoneyExact(close)}
                </Td>
              );
            })}
            <Td numeric>
              {d.valuation ? (
                <>
                  <span className={styles.valuationCell}>{formatMoneyExact(d.valuation.price)}</span>
                  <span className={styles.bound}>{BOUND[d.valuation.bound]}</span>
                </>
              ) : (
                <span className={styles.bound}>No previous close</span>
              )}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
