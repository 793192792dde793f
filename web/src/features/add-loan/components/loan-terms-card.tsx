import { Card } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/field';
import { formatAnnualRate, formatMoney } from '@/lib/format';
import type { DisbursementMode, LoanPurpose, RepaymentType } from '@goldledger/contracts';
import {
  CASH_DISBURSEMENT_MAX_RUPEES,
  MINIMUM_LOAN_RUPEES,
  RATE_OPTIONS_PERCENT,
  TERM_OPTIONS_MONTHS,
} from '@/lib/lending-options';
import { amountInWords } from '../amount-in-words';
import type { LoanQuote } from './use-loan-quote';
import styles from './add-loan.module.css';
import { DateInput } from '@/components/ui/date-input';

export interface TermsDraft {
  amountText: string;
  rate: number;
  term: number;
  loanDate: string;
  /** Cash from the branch's drawer (its cash book), a bank transfer or UPI (the latter two with a reference). */
  disbursementMode: DisbursementMode;
  disbursementReference: string;
  /** Consumption or income generating: decides the LTV tier. */
  purpose: LoanPurpose;
  /** EMI, bullet or monthly interest. */
  repaymentType: RepaymentType;
}

const PURPOSES: ReadonlyArray<[LoanPurpose, string]> = [
  ['consumption', 'Consumption'],
  ['income_generating', 'Income generating'],
];
const REPAYMENT_TYPES: ReadonlyArray<[RepaymentType, string]> = [
  ['emi', 'EMI (monthly installments)'],
  ['bullet', 'Bullet (all at maturity)'],
  ['monthly_interest', 'Monthly interest, principal at maturity'],
];
const MODES: ReadonlyArray<[DisbursementMode, string]> = [
  ['cash', 'Cash'],
  ['bank_transfer', 'Bank transfer'],
  ['upi', 'UPI'],
];
const pick = <T extends string>(options: ReadonlyArray<[T, string]>, value: string): T =>
  options.find(([v]) => v === value)?.[0] ?? options[0]![0];

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
        <DateInput
          label="Loan Date (optional)"
          name="customLoanDate"
          max={today}
          value={terms.loanDate}
          disabled={disabled}
          hint="Leave empty for today."
          onChange={(event) => set('loanDate', event.target.value)}
        />
        <Select
          label="Purpose"
          name="purpose"
          value={terms.purpose}
          disabled={disabled}
          hint="Consumption loans take the LTV tier of the borrower's total."
          onChange={(event) => set('purpose', pick(PURPOSES, event.target.value))}
        >
          {PURPOSES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        <Select
          label="Repayment Type"
          name="repaymentType"
          value={terms.repaymentType}
          disabled={disabled}
          onChange={(event) => set('repaymentType', pick(REPAYMENT_TYPES, event.target.value))}
        >
          {REPAYMENT_TYPES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        <Select
          label="Paid Out As"
          name="disbursementMode"
          value={terms.disbursementMode}
          disabled={disabled}
          hint={`Cash (at most ${formatMoney(CASH_DISBURSEMENT_MAX_RUPEES)}) is entered in the branch's cash book.`}
          onChange={(event) => set('disbursementMode', pick(MODES, event.target.value))}
        >
          {MODES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        {terms.disbursementMode !== 'cash' && (
          <Input
            label={terms.disbursementMode === 'upi' ? 'UPI Transaction ID' : 'Bank Reference (UTR)'}
            name="disbursementReference"
            required
            maxLength={100}
            value={terms.disbursementReference}
            disabled={disabled}
            onChange={(event) => set('disbursementReference', event.target.value)}
          />
        )}
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
