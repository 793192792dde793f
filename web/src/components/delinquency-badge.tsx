import { DELINQUENCY_CLASS_LABELS, type DelinquencyClass } from '@goldledger/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';

/** SMA-0 and SMA-1 warn, SMA-2 and NPA are red: the nearer NPA, the louder. */
const TONE: Readonly<Record<Exclude<DelinquencyClass, 'standard'>, BadgeTone>> = {
  sma_0: 'warning',
  sma_1: 'warning',
  sma_2: 'danger',
  npa: 'danger',
};

/** What each class means, for the badge's title. */
export const DELINQUENCY_CLASS_MEANING: Readonly<Record<DelinquencyClass, string>> = {
  standard: 'Nothing past due',
  sma_0: 'Special mention account: 1–30 days past due',
  sma_1: 'Special mention account: 31–60 days past due',
  sma_2: 'Special mention account: 61–90 days past due',
  npa: 'Non-performing asset: over 90 days past due, or another loan of the borrower is',
};

/**
 * A loan's asset class (issue 18) as a small badge: nothing for a standard loan (most of the
 * book), the class for the rest. `detail` adds to the title (say, since when).
 */
export function DelinquencyBadge({ cls, detail }: { cls: DelinquencyClass; detail?: string }) {
  if (cls === 'standard') return null;
  const title = detail ? `${DELINQUENCY_CLASS_MEANING[cls]} · ${detail}` : DELINQUENCY_CLASS_MEANING[cls];
  return (
    <span title={title} data-testid="delinquency-badge" data-class={cls}>
      <Badge tone={TONE[cls]}>{DELINQUENCY_CLASS_LABELS[cls]}</Badge>
    </span>
  );
}
