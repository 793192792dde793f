import type { LoanItem, PaymentMethod, PaymentType } from '@goldledger/contracts';
import { useEffect, useId, useReducer, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { businessToday } from '@/lib/business-date';
import { formatDate, formatLongDate, formatMoney, formatNumber } from '@/lib/format';
import { useRepaymentQuote } from '../api/get-repayment-quote';
import { recordPayment, revalidateLoanReads } from '../api/record-payment';
import {
  PAYMENT_METHODS,
  PAYMENT_TYPES,
  amountReducer,
  initialAmountState,
  paymentBody,
  rupeesExact,
  validateRepayment,
  type RepayErrors,
  type RepaymentQuote,
} from '../repay';
import styles from './repay-dialog.module.css';

export interface RepayDialogProps {
  loan: LoanItem;
  open: boolean;
  onClose: () => void;
  /** The payment was recorded: the caller reloads its list. */
  onPaid: () => void;
}

/**
 * 001 §4.6, §5.5: the quote for the chosen repayment date first (what closes the loan,
 * the least accepted), then the payment. Enter submits; Esc closes.
 */
export function RepayDialog({ loan, open, onClose, onPaid }: RepayDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title="Repay Loan"
      description={`${loan.loanId} · ${loan.name}`}
      size="lg"
    >
      {/* Mounted afresh on every opening: a new dialog starts from today's quote. */}
      <RepayForm loan={loan} onClose={onClose} onPaid={onPaid} busy={busy} setBusy={setBusy} />
    </Dialog>
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

interface RepayFormProps extends Omit<RepayDialogProps, 'open'> {
  busy: boolean;
  setBusy(busy: boolean): void;
}

function RepayForm({ loan, onClose, onPaid, busy, setBusy }: RepayFormProps) {
  const toast = useToast();
  const formId = useId();
  const [today] = useState(() => businessToday());
  const loanDate = loan.disbursementDate;
  const [repaymentDate, setRepaymentDate] = useState(today < loanDate ? loanDate : today);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('handcash');
  const [transactionId, setTransactionId] = useState('');
  const [bankName, setBankName] = useState('');
  const [amountState, dispatch] = useReducer(amountReducer, initialAmountState);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const dateUsable = DATE.test(repaymentDate) && repaymentDate >= loanDate && repaymentDate <= today;
  const quoteQuery = useRepaymentQuote(loan._id, dateUsable ? repaymentDate : '');
  const quote = quoteQuery.data ?? null;
  // A quote for another date is kept on screen while the new one loads, marked as updating.
  const quoteIsCurrent = quote !== null && quote.repaymentDate === repaymentDate;

  useEffect(() => {
    if (quote) dispatch({ type: 'quote', quote });
  }, [quote]);

  const form = { amount: amountState.amount, paymentMethod, transactionId, bankName, repaymentDate };
  const checked = validateRepayment(form, quoteIsCurrent ? quote : null, { loanDate, today });
  // A date out of range is said at once (no quote can be fetched for it); the rest on submit.
  const errors: RepayErrors = submitted
    ? checked
    : repaymentDate && !dateUsable
      ? { repaymentDate: checked.repaymentDate }
      : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setServerError(null);
    if (Object.keys(checked).length > 0 || !quoteIsCurrent) return;
    setBusy(true);
    try {
      const answer = await recordPayment(loan._id, paymentBody(form, amountState.paymentType));
      toast.show(answer.message, 'success');
      setBusy(false);
      onClose();
      void revalidateLoanReads(loan._id);
      onPaid();
    } catch (error) {
      console.error('Repayment failed', error);
      setServerError(errorMessage(error, 'Failed to process repayment'));
      setBusy(false);
    }
  };

  const quick = (type: 'setMonthly' | 'setFullBalance' | 'setInterestOnly' | 'setPrincipalOnly') => {
    if (quote) dispatch({ type, quote });
  };

  return (
    <form id={formId} noValidate onSubmit={(e) => void submit(e)} className={styles.form}>
      <div className={styles.layout}>
        <QuotePanel
          quote={quote}
          current={quoteIsCurrent}
          loading={quoteQuery.isLoading || (dateUsable && !quoteIsCurrent && quoteQuery.isValidating)}
          error={quoteQuery.error}
          onRetry={() => void quoteQuery.mutate()}
        />
        <div className={styles.fields}>
          <div className={styles.row}>
            <Input
              label="Repayment date"
              type="date"
              required
              min={loanDate}
              max={today}
              value={repaymentDate}
              onChange={(e) => setRepaymentDate(e.target.value)}
              error={errors.repaymentDate}
              hint={`From ${formatLongDate(loanDate)} to today`}
            />
            <Choice
              legend="Payment method"
              name={`${formId}-method`}
              options={PAYMENT_METHODS}
              value={paymentMethod}
              onChange={(v) => setPaymentMethod(v)}
            />
          </div>

          {paymentMethod === 'online' && (
            <div className={styles.row}>
              <Input
                label="Transaction ID"
                required
                value={transactionId}
                onChange={(e) => setTransactionId(e.target.value)}
                error={errors.transactionId}
                autoComplete="off"
              />
              <Input
                label="Bank Name"
                required
                value={bankName}
                onChange={(e) => setBankName(e.target.value)}
                error={errors.bankName}
              />
            </div>
          )}

          <Choice
            legend="Payment type"
            name={`${formId}-type`}
            options={PAYMENT_TYPES}
            value={amountState.paymentType}
            onChange={(v) =>
              dispatch({ type: 'paymentType', paymentType: v, quote: quoteIsCurrent ? quote : null })
            }
          />

          <Input
            label="Amount (₹)"
            type="number"
            inputMode="decimal"
            step="0.01"
            required
            min={quoteIsCurrent ? quote.minimumTotalDue : undefined}
            max={quoteIsCurrent ? quote.totalDue : undefined}
            value={amountState.amount}
            onChange={(e) => dispatch({ type: 'typed', amount: e.target.value })}
            error={errors.amount}
            className={styles.amount}
            hint={
              <>
                {amountState.auto
                  ? 'Auto-calculated from the quote. '
                  : 'Entered by hand: auto-calculation is off. '}
                {quoteIsCurrent &&
                  `Between ${rupeesExact(quote.minimumTotalDue)} and ${rupeesExact(quote.totalDue)}.`}
              </>
            }
          />

          <div className={styles.quick} role="group" aria-label="Quick amounts">
            <Button
              size="sm"
              variant="secondary"
              disabled={!quoteIsCurrent}
              onClick={() => quick('setMonthly')}
            >
              Set Monthly
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={!quoteIsCurrent}
              onClick={() => quick('setFullBalance')}
            >
              Set Full Balance
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={!quoteIsCurrent}
              onClick={() => quick('setInterestOnly')}
            >
              Set Interest Only
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={!quoteIsCurrent}
              onClick={() => quick('setPrincipalOnly')}
            >
              Set Principal Only
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={!quoteIsCurrent || amountState.auto}
              onClick={() => dispatch({ type: 'resetToAuto', quote })}
            >
              Reset to Auto
            </Button>
          </div>

          {paymentMethod === 'online' && (
            <p className={styles.note}>An online payment counts once an admin approves it.</p>
          )}
        </div>
      </div>

      {serverError && (
        <Alert tone="error" onDismiss={() => setServerError(null)}>
          {serverError}
        </Alert>
      )}

      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy} disabled={!quoteIsCurrent}>
          {busy ? 'Processing...' : 'Record Payment'}
        </Button>
      </div>
    </form>
  );
}

interface QuotePanelProps {
  quote: RepaymentQuote | null;
  current: boolean;
  loading: boolean;
  error: unknown;
  onRetry(): void;
}

/** The figures a person acts on first: what closes the loan today, and the least accepted. */
function QuotePanel({ quote, current, loading, error, onRetry }: QuotePanelProps) {
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
  const notes: string[] = [];
  if (quote.minDaysApplied)
    notes.push(`Minimum ${formatNumber(quote.minimumDays)} days of interest charged.`);
  if (quote.minInterestApplied)
    notes.push(`Minimum interest of ${formatMoney(quote.minimumInterest)} applied.`);
  if (quote.gracePeriodDays > 0) {
    notes.push(
      `Grace period of ${formatNumber(quote.gracePeriodDays)} day${quote.gracePeriodDays === 1 ? '' : 's'}${
        quote.gracePeriodReason ? `: ${quote.gracePeriodReason}` : ''
      }.`,
    );
  }
  if (quote.rebate > 0) notes.push(`Early-closure rebate of ${formatMoney(quote.rebate)} deducted.`);

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
          <dt>Monthly payment</dt>
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

interface ChoiceProps<T extends string> {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange(value: T): void;
}

/** A small set of exclusive options as labelled radio buttons (arrow keys move between them). */
function Choice<T extends PaymentMethod | PaymentType>({
  legend,
  name,
  options,
  value,
  onChange,
}: ChoiceProps<T>) {
  return (
    <fieldset className={styles.choice}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.options}>
        {options.map((o) => (
          <label key={o.value} className={styles.option}>
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
