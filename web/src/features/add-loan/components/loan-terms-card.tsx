import { Card } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/field';
import { formatAnnualRate, formatMoney } from '@/lib/format';
import { MINIMUM_LOAN_RUPEES, RATE_OPTIONS_PERCENT, TERM_OPTIONS_MONTHS } from '@/lib/lending-options';
import { amountInWords } from '../amount-in-words';
import type { LoanQuote } from './use-loan-quote';
import styles from './add-loan.module.css';

export interface TermsDraft {
  amountText: string;
  rate: number;
  term: number;
  loanDate: string;
  /** Cash from the branch's drawer (its cash book) or a bank transfer. */
  disbursementMethod: 'cash' | 'bank';
}

interface LoanTermsCardProps {
  terms: TermsDraft;
  /** The amount typed, parsed; null when it is not a number. */
  amount: number | null;
  today: string;
  quote: LoanQuote;
  disabled: boolean;
  onChange(terms: TermsDraft): void;
}

/** Rate, duration, date and amount (in figures and words), and the payments they come to. */
export function LoanTermsCard({ terms, amount, today, quote, disabled, onChange }: LoanTermsCardProps) {
  const set = <K extends keyof TermsDraft>(key: K, value: TermsDraft[K]) =>
    onChange({ ...terms, [key]: value });
  const { figures, eligible } = quote;
  return (
    <Card title="Loan terms">
      <div className={styles.grid3}>
        <Select
          label="Interest Rate"
          name="interestRate"
          value={terms.rate}
          disabled={disabled}
          onChange={(event) => set('rate', Number(event.target.value))}
        >
          {RATE_OPTIONS_PERCENT.map((r) => (
            <option key={r} value={r}>
              {formatAnnualRate(r)}
            </option>
          ))}
        </Select>
        <Select
          label="Loan Duration"
          name="term"
          value={terms.term}
          disabled={disabled}
          onChange={(event) => set('term', Number(event.target.value))}
        >
          {TERM_OPTIONS_MONTHS.map((t) => (
            <option key={t} value={t}>
              {t} months
            </option>
          ))}
        </Select>
        <Input
          label="Loan Date (optional)"
          name="customLoanDate"
          type="date"
          max={today}
          value={terms.loanDate}
          disabled={disabled}
          hint="Leave empty for today."
          onChange={(event) => set('loanDate', event.target.value)}
        />
        <Select
          label="Paid Out As"
          name="disbursementMethod"
          value={terms.disbursementMethod}
          disabled={disabled}
          hint="Cash is entered in the branch's cash book."
          onChange={(event) => set('disbursementMethod', event.target.value === 'bank' ? 'bank' : 'cash')}
        >
          <option value="cash">Cash</option>
          <option value="bank">Bank transfer</option>
        </Select>
        <div className={styles.wide}>
          <Input
            label="Loan Amount (₹)"
            name="amount"
            type="number"
            inputMode="numeric"
            min={MINIMUM_LOAN_RUPEES}
            step={1}
            required
            value={terms.amountText}
            disabled={disabled}
            hint={eligible !== undefined ? `Eligible maximum ${formatMoney(eligible)}` : undefined}
            onChange={(event) => set('amountText', event.target.value)}
          />
          {amount !== null && amount > 0 && (
            <p className={styles.words} aria-live="polite">
              {amountInWords(amount)}
            </p>
          )}
        </div>
      </div>
      <dl className={styles.figures} aria-live="polite" aria-busy={quote.calculating || undefined}>
        <div className={`${styles.figure} ${styles.highlight}`}>
          <dt>Monthly payment</dt>
          <dd>{figures !== undefined ? formatMoney(figures.monthlyPayment) : '—'}</dd>
        </div>
        <div className={styles.figure}>
          <dt>Total payable</dt>
          <dd>{figures !== undefined ? formatMoney(figures.totalAmount) : '—'}</dd>
        </div>
        <div className={styles.figure}>
          <dt>Interest</dt>
          <dd>
            {figures !== undefined && amount !== null ? formatMoney(figures.totalAmount - amount) : '—'}
          </dd>
        </div>
      </dl>
      {quote.fallback ? (
        <p className={styles.muted}>Calculation failed: shown as simple interest, calculated here.</p>
      ) : (
        quote.message && <p className={styles.muted}>{quote.message}</p>
      )}
    </Card>
  );
}
