import type { RenewalQuote } from '@goldledger/contracts';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/spinner';
import { Table, Td, Th, Tr } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatGrams, formatMoney, formatNumber } from '@/lib/format';
import styles from './renewals.module.css';

const BOUND = { average30: '30-day average', previousClose: 'Previous close' } as const;

interface FreshAppraisalProps {
  quote: RenewalQuote | undefined;
  error: unknown;
  loading: boolean;
}

/**
 * What the rules allow today: every refusal in words, the gold's fresh appraisal at today's
 * valuation price (each item's purity, net weight, price and value) and the loan-to-value
 * limit with the most that can be lent.
 */
export function FreshAppraisal({ quote, error, loading }: FreshAppraisalProps) {
  if (error) {
    return (
      <Alert tone="error">{errorMessage(error, 'The appraisal could not be made. Please try again.')}</Alert>
    );
  }
  if (loading || !quote) return <Loading text="Appraising the gold at today's price..." />;
  const { appraisal, ltv } = quote;
  return (
    <div className={styles.quote}>
      {quote.refusals.length > 0 && (
        <Alert
          tone="error"
          title={
            quote.kind === 'renewal'
              ? 'This loan cannot be renewed today'
              : 'This loan cannot be topped up today'
          }
        >
          <ul className={styles.refusals}>
            {quote.refusals.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </Alert>
      )}
      {appraisal && (
        <Table
          caption={`Fresh appraisal on ${formatDate(appraisal.valuedOn)} (lower of the 30-day average and the ${formatDate(appraisal.previousDay)} close)`}
          stickyHeader={false}
        >
          <thead>
            <tr>
              <Th>Item</Th>
              <Th numeric>Purity</Th>
              <Th numeric>Net</Th>
              <Th numeric>Price/g</Th>
              <Th>Basis</Th>
              <Th numeric>Value</Th>
            </tr>
          </thead>
          <tbody>
            {appraisal.items.map((item) => (
              <Tr key={item.index}>
                <Td>{item.description}</Td>
                <Td numeric>{formatNumber(item.purity)}</Td>
                <Td numeric>{formatGrams(item.netWeight)}</Td>
                <Td numeric>{formatMoney(item.pricePerGram)}</Td>
                <Td>{BOUND[item.bound]}</Td>
                <Td numeric>{formatMoney(item.value)}</Td>
              </Tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <Th scope="row" colSpan={5}>
                Gold value
              </Th>
              <Td numeric>{formatMoney(appraisal.goldValue)}</Td>
            </tr>
          </tfoot>
        </Table>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>Days past due</dt>
          <dd>
            {formatNumber(quote.daysPastDue)} (at most {formatNumber(quote.maxDaysPastDue)})
          </dd>
        </div>
        {quote.repaymentType !== 'emi' && (
          <div>
            <dt>Accrued interest unpaid</dt>
            <dd>{formatMoney(quote.accruedInterest)}</dd>
          </div>
        )}
        {ltv && (
          <>
            <div>
              <dt>LTV limit</dt>
              <dd>{ltv.capPercent}%</dd>
            </div>
            {quote.kind === 'top_up' && (
              <div>
                <dt>Owed on this gold</dt>
                <dd>{formatMoney(ltv.existing)}</dd>
              </div>
            )}
            <div>
              <dt>Most that can be lent</dt>
              <dd className={styles.strong}>{formatMoney(ltv.maxAmount)}</dd>
            </div>
          </>
        )}
      </dl>
    </div>
  );
}
