import { Input, Select } from '@/components/ui/field';
import { MINIMUM_LOAN_RUPEES, TERM_OPTIONS_MONTHS } from '@/lib/lending-options';
import styles from './renewals.module.css';

interface NewLoanTermsProps {
  amountLabel: string;
  amount: string;
  amountError: string | null;
  /** What the gold allows today, shown under the amount. */
  hint: string | undefined;
  onAmount: (value: string) => void;
  rate: number;
  rateOptions: readonly number[];
  onRate: (rate: number) => void;
  term: number;
  onTerm: (term: number) => void;
}

/** The amount, rate and term of a loan opened on pledged gold: a renewal's or a top-up's. */
export function NewLoanTerms(p: NewLoanTermsProps) {
  return (
    <>
      <Input
        label={p.amountLabel}
        type="number"
        inputMode="numeric"
        min={MINIMUM_LOAN_RUPEES}
        step="1"
        value={p.amount}
        error={p.amountError}
        hint={p.hint}
        onChange={(e) => p.onAmount(e.target.value)}
        required
      />
      <div className={styles.twoCols}>
        <Select
          label="Interest rate"
          value={String(p.rate)}
          onChange={(e) => p.onRate(Number(e.target.value))}
        >
          {p.rateOptions.map((r) => (
            <option key={r} value={r}>
              {r}% per annum
            </option>
          ))}
        </Select>
        <Select label="Term" value={String(p.term)} onChange={(e) => p.onTerm(Number(e.target.value))}>
          {TERM_OPTIONS_MONTHS.map((t) => (
            <option key={t} value={t}>
              {t} months
            </option>
          ))}
        </Select>
      </div>
    </>
  );
}
