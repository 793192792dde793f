import { Input, Select } from '@/components/ui/field';
import {
  CASH_DISBURSEMENT_MAX_RUPEES,
  MINIMUM_LOAN_RUPEES,
  TERM_OPTIONS_MONTHS,
} from '@/lib/lending-options';
import { formatMoney } from '@/lib/format';

/** How the new loan's money reaches the borrower: cash, or a bank transfer or UPI with its reference. */
export interface Payout {
  mode: 'cash' | 'bank_transfer' | 'upi';
  reference: string;
}
export const CASH_PAYOUT: Payout = { mode: 'cash', reference: '' };

/** The request fields of a payout (the reference only for a transfer). */
export const payoutFields = (p: Payout) => ({
  disbursementMode: p.mode,
  ...(p.mode === 'cash' ? {} : { disbursementReference: p.reference.trim() }),
});
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
  payout: Payout;
  onPayout: (payout: Payout) => void;
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
      <div className={styles.twoCols}>
        <Select
          label="Paid out by"
          value={p.payout.mode}
          hint={`Cash only up to ${formatMoney(CASH_DISBURSEMENT_MAX_RUPEES)} (Income Tax Act s.269SS).`}
          onChange={(e) => p.onPayout({ ...p.payout, mode: e.target.value as Payout['mode'] })}
        >
          <option value="cash">Cash</option>
          <option value="bank_transfer">Bank transfer</option>
          <option value="upi">UPI</option>
        </Select>
        {p.payout.mode !== 'cash' && (
          <Input
            label={p.payout.mode === 'upi' ? 'UPI reference' : 'Bank transfer reference (UTR)'}
            value={p.payout.reference}
            onChange={(e) => p.onPayout({ ...p.payout, reference: e.target.value })}
            required
          />
        )}
      </div>
    </>
  );
}
