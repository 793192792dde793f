import type { LoanLtv, LtvStatus } from '@goldledger/contracts';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Loading } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDate, formatGrams, formatMoney, formatNumber } from '@/lib/format';
import styles from './custody.module.css';

const STATUS: Record<LtvStatus, { label: string; tone: BadgeTone }> = {
  within: { label: 'Within cap', tone: 'success' },
  over_cap: { label: 'Over cap', tone: 'warning' },
  margin_call: { label: 'Margin call', tone: 'warning' },
  escalated: { label: 'Margin call escalated', tone: 'danger' },
};

interface Props {
  ltv: { data?: { data: LoanLtv }; error?: unknown; mutate(): unknown };
  /** Null: the caller may not add gold (an auditor, a loan not open). */
  onAddGold: (() => void) | null;
}

/**
 * The loan's LTV at today's valuation price: what it owes (and of what), what its gold is
 * worth, against its cap; with a margin call, what cures it and by when.
 */
export function LtvCard({ ltv, onAddGold }: Props) {
  let body;
  if (ltv.error) {
    // No price for the previous working day: the register's message, not a failure.
    body =
      ltv.error instanceof ApiError && ltv.error.status === 409 ? (
        <Alert tone="warning">{ltv.error.message}</Alert>
      ) : (
        <Alert tone="error" title="Failed to fetch the loan to value">
          {errorMessage(ltv.error, 'Please check your connection and try again.')}{' '}
          <Button size="sm" variant="secondary" onClick={() => void ltv.mutate()}>
            Retry
          </Button>
        </Alert>
      );
  } else if (!ltv.data) {
    body = <Loading text="Valuing the gold..." />;
  } else {
    const l = ltv.data.data;
    const status = STATUS[l.status];
    body = (
      <>
        <div className={styles.packetHead}>
          <span className={styles.packetNumber}>{formatNumber(l.ltvPercent)}%</span>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        <dl className={styles.facts}>
          <div>
            <dt>{l.parts.repayableAtMaturity === null ? 'Owed today' : 'Repayable at maturity'}</dt>
            <dd className={styles.num}>{formatMoney(l.owed)}</dd>
          </div>
          <div>
            <dt>Gold value</dt>
            <dd className={styles.num}>{formatMoney(l.goldValue)}</dd>
          </div>
          <div>
            <dt>Cap</dt>
            <dd className={styles.num}>{formatNumber(l.capPercent)}%</dd>
          </div>
          <div>
            <dt>22K price</dt>
            <dd className={styles.num}>{formatMoney(l.referencePricePerGram)}/g</dd>
          </div>
        </dl>
        <p className={styles.muted}>
          Principal {formatMoney(l.parts.principal)} and interest {formatMoney(l.parts.interest)} as of{' '}
          {formatDate(l.asOf)}; gold at the day’s valuation price per purity.
        </p>
        {l.marginCall && (
          <Alert tone={l.status === 'escalated' ? 'error' : 'warning'} title="Margin call">
            Raised {formatDate(l.marginCall.raisedOn)} ({l.marginCall.daysInBreach} days in breach).{' '}
            {l.shortfall > 0
              ? `Pay ${formatMoney(l.shortfall)} or add ${formatGrams(l.goldToAddGrams)} of 22K gold`
              : 'Back within the cap at today’s price: the next valuation cures it'}
            {l.marginCall.escalatedOn
              ? `; escalated on ${formatDate(l.marginCall.escalatedOn)}.`
              : `; escalated if not cured by ${formatDate(l.marginCall.deadline)}.`}
          </Alert>
        )}
      </>
    );
  }
  return (
    <Card title="Loan to value" titleAs="h2" description="At today’s gold valuation price.">
      {body}
      {onAddGold && (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onAddGold}>
            Add gold
          </Button>
        </div>
      )}
    </Card>
  );
}
