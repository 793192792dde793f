import type { ValuationResponse } from '@goldledger/contracts';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import stacked from '@/components/ui/stacked-table.module.css';
import { Table, Td, Th } from '@/components/ui/table';
import { formatDate, formatGrams, formatMoney, formatNumber } from '@/lib/format';
import { purityLabel } from '@/lib/lending-options';
import { errorLines } from '../errors';
import { ErrorList } from './error-list';
import type { LoanQuote } from './use-loan-quote';
import styles from './add-loan.module.css';
import own from './sanction.module.css';

type Valuation = ValuationResponse;

/** A price limb per gram, bold and tagged when it is the one the item is valued at. */
function Limb({ amount, bound }: { amount: number; bound: boolean }) {
  return bound ? (
    <span className={own.bound}>
      {formatMoney(amount)}
      <span className={own.boundTag}>used</span>
    </span>
  ) : (
    <>{formatMoney(amount)}</>
  );
}

/** Each item at the valuation price: both limbs per gram, which one bound, the value. */
function ItemValues({ data }: { data: Valuation }) {
  return (
    <>
      <p className={own.basis}>
        Per gram: the lower of the 30-day average ({formatDate(data.averageFrom)} to{' '}
        {formatDate(data.averageTo)}) and the close of {formatDate(data.previousDay)}.
      </p>
      <Table caption="Value of each item" hideCaption stickyHeader={false} className={stacked.stack}>
        <thead>
          <tr>
            <Th>Item</Th>
            <Th>Purity</Th>
            <Th numeric>Net</Th>
            <Th numeric>30-day average</Th>
            <Th numeric>Previous close</Th>
            <Th numeric>Value</Th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((item) => (
            <tr key={item.index}>
              <Td data-label="Item">
                {item.index + 1}. {item.itemType === 'coin' ? 'Coin' : 'Ornament'}
              </Td>
              <Td data-label="Purity">
                {purityLabel(item.purity)}
                {item.pricedFrom !== item.purity && (
                  <span className={styles.muted}> (from {purityLabel(item.pricedFrom)})</span>
                )}
              </Td>
              <Td data-label="Net" numeric>
                {formatGrams(item.netWeight)}
              </Td>
              <Td data-label="30-day average" numeric>
                <Limb amount={item.average30} bound={item.bound === 'average30'} />
              </Td>
              <Td data-label="Previous close" numeric>
                <Limb amount={item.previousClose} bound={item.bound === 'previousClose'} />
              </Td>
              <Td data-label="Value" numeric>
                {formatMoney(item.value)}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}

/** The LTV cap that applies: the consumption tier by the borrower's total, or the income-generating cap. */
function Tier({ data, amount }: { data: Valuation; amount: number | null }) {
  const { ltv } = data;
  const open =
    ltv.borrowerOtherLoans > 0
      ? `${formatMoney(ltv.borrowerOtherLoans)} already open`
      : 'no other open loans';
  const range = ltv.tier
    ? ltv.tier.upTo === null
      ? `totals above ${formatMoney(ltv.tier.from)}`
      : ltv.tier.from === 0
        ? `totals up to ${formatMoney(ltv.tier.upTo)}`
        : `totals above ${formatMoney(ltv.tier.from)} up to ${formatMoney(ltv.tier.upTo)}`
    : null;
  return (
    <div className={own.tier} aria-live="polite">
      {ltv.purpose === 'consumption' ? (
        <p>
          <strong>{formatNumber(ltv.capPercent)}% tier</strong> ({range}): the borrower's consumption gold
          loans come to {formatMoney(ltv.borrowerTotal ?? 0)}
          {ltv.basis !== null ? ' with this amount' : ''} ({open}).
        </p>
      ) : (
        <p>
          <strong>{formatNumber(ltv.capPercent)}% cap</strong> for an income-generating loan, whatever the
          borrower's total ({open}).
        </p>
      )}
      {ltv.basis !== null && data.ltvPercent !== null && ltv.basis !== amount && (
        <p className={styles.muted}>
          The limit counts {formatMoney(ltv.basis)} repayable at maturity, {formatNumber(data.ltvPercent)}% of
          the gold's value.
        </p>
      )}
    </div>
  );
}

/**
 * What the gold is worth at the valuation price of the loan's date, item by item, the most
 * it can secure for this borrower, and the tier that sets it; a warning when the amount asks more.
 */
export function ValuationCard({ quote, amount }: { quote: LoanQuote; amount: number | null }) {
  const { valuation, eligible } = quote;
  const data = valuation.data;
  return (
    <Card
      title="Valuation"
      description="Only the metal counts: each item's net weight at the valuation price of its purity on the loan's date."
    >
      {!quote.goldItems ? (
        <p className={styles.muted}>
          Complete every gold item to see its value and the eligible loan amount.
        </p>
      ) : valuation.error && !data ? (
        <Alert tone="error">
          <ErrorList lines={errorLines(valuation.error, 'Failed to value the gold')} />
        </Alert>
      ) : !data ? (
        <p className={styles.muted}>
          <Spinner size="sm" label={null} /> Valuing the gold...
        </p>
      ) : (
        <div aria-busy={valuation.isValidating || undefined}>
          <ItemValues data={data} />
          <dl className={styles.figures}>
            <div className={styles.figure}>
              <dt>Gold value</dt>
              <dd>{formatMoney(data.goldValue)}</dd>
            </div>
            <div className={`${styles.figure} ${styles.highlight}`}>
              <dt>Eligible maximum</dt>
              <dd>{formatMoney(data.eligibleAmount)}</dd>
            </div>
            <div className={styles.figure}>
              <dt>LTV</dt>
              <dd>
                {data.ltvPercent === null ? '—' : `${formatNumber(data.ltvPercent)}%`}
                <span className={styles.muted}> (cap {formatNumber(data.ltvCapPercent)}%)</span>
              </dd>
            </div>
          </dl>
          <Tier data={data} amount={amount} />
        </div>
      )}
      {data?.ltv.refusal ? (
        <Alert tone="warning">{data.ltv.refusal}</Alert>
      ) : (
        quote.aboveEligible &&
        eligible !== undefined && (
          <Alert tone="warning">
            The loan amount is above what this gold can secure: at most {formatMoney(eligible)}.
          </Alert>
        )
      )}
    </Card>
  );
}
