import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import type { RepaymentType } from '@goldledger/contracts';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { INSTALLMENT_AMOUNT_LABEL } from '@/lib/repayment-structures';
import { quoteNotes, rupeesExact, type RepaymentQuote } from '../repay';
import styles from './repay-dialog.module.css';

interface QuotePanelProps {
  quote: RepaymentQuote | null;
  current: boolean;
  loading: boolean;
  error: unknown;
  onRetry(): void;
  /** Names the quote's `monthlyPayment`: an EMI, a month's interest, or the payment at maturity. */
  repaymentType: RepaymentType;
}

/** The figures a person acts on first: what closes the loan today, and the least accepted. */
export function QuotePanel({ quote, current, loading, error, onRetry, repaymentType }: QuotePanelProps) {
  if (error && !loading) {
    return (
      <ErrorState
        title="Failed to fetch repayment details"
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={onRetry}
      />
    );
  }
  if (!quote) {
    return (
      <div className={styles.quoteLoading} role="status">
        <Spinner size="sm" label={null} />
        <span>Fetching repayment details...</span>
      </div>
    );
  }
  const notes = quoteNotes(quote);

  return (
    <section
      className={styles.quote}
      aria-label="Repayment quote"
      aria-busy={loading || !current || undefined}
      data-testid="repay-quote"
    >
      <div className={styles.headline}>
        <div className={styles.figure}>
          <span className={styles.figureLabel}>Total due</span>
          <strong className={styles.figureValue} data-testid="quote-total-due">
            {rupeesExact(quote.totalDue)}
          </strong>
          <span className={styles.figureHint}>closes the loan on {formatDate(quote.repaymentDate)}</span>
        </div>
        <div className={styles.figure}>
          <span className={styles.figureLabel}>Minimum total due</span>
          <strong className={styles.figureValue} data-testid="quote-minimum-due">
            {rupeesExact(quote.minimumTotalDue)}
          </strong>
          <span className={styles.figureHint}>the least accepted today</span>
        </div>
        {(loading || !current) && (
          <span className={styles.updating} role="status">
            <Spinner size="sm" label={null} /> Updating...
          </span>
        )}
      </div>
      <dl className={styles.figures}>
        <div>
          <dt>Principal outstanding</dt>
          <dd>{rupeesExact(quote.principalOutstanding)}</dd>
        </div>
        <div>
          <dt>Interest due</dt>
          <dd data-testid="quote-interest">{rupeesExact(quote.interest)}</dd>
        </div>
        <div>
          <dt>Days</dt>
          <dd>{formatNumber(quote.daysElapsed)}</dd>
        </div>
        <div>
          <dt>Already paid</dt>
          <dd>{formatMoney(quote.totalPaid)}</dd>
        </div>
        <div>
          <dt>{INSTALLMENT_AMOUNT_LABEL[repaymentType]}</dt>
          <dd>{formatMoney(quote.monthlyPayment)}</dd>
        </div>
        {quote.rebate > 0 && (
          <div>
            <dt>Rebate</dt>
            <dd>−{rupeesExact(quote.rebate)}</dd>
          </div>
        )}
      </dl>
      {notes.length > 0 && (
        <ul className={styles.notes}>
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
