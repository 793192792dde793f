import type { RepaymentType } from '@goldledger/contracts';
import { Button } from '@/components/ui/button';
import styles from './repay-dialog.module.css';

export type QuickAmount = 'setMonthly' | 'setFullBalance' | 'setInterestOnly' | 'setPrincipalOnly';

/** 'Set Monthly' sets the loan's monthly figure: an EMI, a month's interest, or a bullet loan's one payment. */
const MONTHLY_LABEL: Readonly<Record<RepaymentType, string>> = {
  emi: 'Set Monthly',
  monthly_interest: 'Set Monthly Interest',
  bullet: 'Set Maturity Amount',
};

const QUICK: ReadonlyArray<{ action: QuickAmount; label: string }> = [
  { action: 'setMonthly', label: MONTHLY_LABEL.emi },
  { action: 'setFullBalance', label: 'Set Full Balance' },
  { action: 'setInterestOnly', label: 'Set Interest Only' },
  { action: 'setPrincipalOnly', label: 'Set Principal Only' },
];

interface QuickAmountsProps {
  /** The quote is for the date chosen: the buttons have figures to use. */
  enabled: boolean;
  /** The amount follows the quote already: nothing to reset. */
  auto: boolean;
  onPick(action: QuickAmount): void;
  onReset(): void;
  repaymentType: RepaymentType;
}

/** One-click amounts from the quote, and the way back to the payment type's suggestion. */
export function QuickAmounts({ enabled, auto, onPick, onReset, repaymentType }: QuickAmountsProps) {
  return (
    <div className={styles.quick} role="group" aria-label="Quick amounts">
      {QUICK.map((q) => (
        <Button
          key={q.action}
          size="sm"
          variant="secondary"
          disabled={!enabled}
          onClick={() => onPick(q.action)}
        >
          {q.action === 'setMonthly' ? MONTHLY_LABEL[repaymentType] : q.label}
        </Button>
      ))}
      <Button size="sm" variant="ghost" disabled={!enabled || auto} onClick={onReset}>
        Reset to Auto
      </Button>
    </div>
  );
}
