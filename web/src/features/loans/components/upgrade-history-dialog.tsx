import type { LoanItem } from '@goldledger/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Loading } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { cx } from '@/lib/class-names';
import { formatLongDate, formatMoney, formatNumber } from '@/lib/format';
import { useStaffArea } from '@/lib/staff-area';
import { FINAL_RATE_PERCENT } from '@/lib/lending-options';
import { useUpgradeHistory } from '../api/get-upgrade-history';
import { timelineSteps, upgradeLevelLabel, type StepState } from '../repay';
import styles from './upgrade-history-dialog.module.css';

export interface UpgradeHistoryDialogProps {
  loan: LoanItem;
  open: boolean;
  onClose: () => void;
}

const STATE_TEXT: Record<StepState, string> = {
  past: 'Done',
  current: 'In force',
  next: 'Next',
  future: 'Ahead',
};

const percent = (rate: number) => `${formatNumber(rate)}%`;

/**
 * The loan's rate ladder as a timeline, what has happened and what will
 * if the loan stays open (each upgrade, then auction readiness), the next step marked.
 */
export function UpgradeHistoryDialog({ loan, open, onClose }: UpgradeHistoryDialogProps) {
  const area = useStaffArea();
  const { data, error, isLoading, mutate } = useUpgradeHistory(area, open ? loan._id : null);
  const history = data?.data.upgradeHistory;
  const steps = data ? timelineSteps(data.data.timeline) : [];
  const level = history?.currentUpgradeLevel ?? loan.currentUpgradeLevel;
  const rate = history?.currentInterestRate ?? loan.currentInterestRate;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Upgrade History"
      description={`${loan.loanId} · ${loan.name}`}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <dl className={styles.header}>
        <div>
          <dt>Customer</dt>
          <dd>{loan.name}</dd>
        </div>
        <div>
          <dt>Loan amount</dt>
          <dd className={styles.num}>{formatMoney(loan.amount)}</dd>
        </div>
        <div>
          <dt>Current rate</dt>
          <dd className={styles.num}>
            {percent(rate)} p.a.
            {history && history.originalInterestRate !== rate && (
              <span className={styles.was}> (from {percent(history.originalInterestRate)})</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Current level</dt>
          <dd>
            <span className={cx(styles.level, styles[`level${Math.min(level, 3)}`])}>
              {formatNumber(level)} · {upgradeLevelLabel(level, rate)}
            </span>
          </dd>
        </div>
      </dl>

      {error ? (
        <ErrorState
          title="Failed to fetch upgrade history"
          message={errorMessage(error, 'Please check your connection and try again.')}
          onRetry={() => void mutate()}
        />
      ) : isLoading || !history ? (
        <Loading text="Loading upgrade history..." />
      ) : (
        <>
          <p className={styles.next} data-testid="upgrade-next">
            {history.isAtFinalLevel ? (
              `This loan has reached the final upgrade level (${FINAL_RATE_PERCENT}%).`
            ) : history.nextUpgradeInfo ? (
              <>
                Next upgrade to <strong>{percent(history.nextUpgradeInfo.toRate)}</strong> on{' '}
                <strong>{formatLongDate(history.nextUpgradeInfo.upgradeDate)}</strong>
                {' · '}
                {history.nextUpgradeInfo.daysRemaining === 0
                  ? 'due today'
                  : `in ${formatNumber(history.nextUpgradeInfo.daysRemaining)} day${history.nextUpgradeInfo.daysRemaining === 1 ? '' : 's'}`}
              </>
            ) : (
              'No further upgrades.'
            )}
            <span className={styles.meta}>
              {' '}
              {formatNumber(history.totalUpgrades)} upgrade{history.totalUpgrades === 1 ? '' : 's'} so far ·{' '}
              {formatNumber(history.daysSinceLoanStart)} days since the loan date
            </span>
          </p>

          <ol className={styles.timeline} aria-label="Upgrade timeline">
            {steps.map(({ entry, state, fromRate }) => (
              <li
                key={`${entry.date}-${entry.title}`}
                className={cx(styles.step, styles[state])}
                data-testid="timeline-step"
                data-state={state}
              >
                <span className={styles.marker} aria-hidden="true" />
                <div className={styles.card}>
                  <div className={styles.cardHead}>
                    <h3 className={styles.title}>
                      {entry.isUpgrade
                        ? `${upgradeLevelLabel(entry.level, entry.interestRate)} upgrade`
                        : entry.title}
                    </h3>
                    <span className={styles.state}>{STATE_TEXT[state]}</span>
                  </div>
                  <p className={styles.when}>
                    <time dateTime={entry.date}>{formatLongDate(entry.date)}</time>
                    {' · '}
                    {entry.isUpgrade
                      ? `Level ${formatNumber(entry.level)}`
                      : `${percent(entry.interestRate)} p.a.`}
                  </p>
                  {entry.isUpgrade && fromRate !== null && (
                    <p className={styles.rate}>
                      <span>{percent(fromRate)}</span>
                      <span> → </span>
                      <strong>{percent(entry.interestRate)}</strong>
                    </p>
                  )}
                  <p className={styles.description}>{entry.description}</p>
                  {entry.isUpgrade &&
                    entry.previousTotalPayment !== null &&
                    entry.newTotalPayment !== null && (
                      <dl className={styles.changes}>
                        <div>
                          <dt>Total payable</dt>
                          <dd>
                            {formatMoney(entry.previousTotalPayment)} → {formatMoney(entry.newTotalPayment)}
                          </dd>
                        </div>
                        {entry.previousMonthlyPayment !== null && entry.newMonthlyPayment !== null && (
                          <div>
                            <dt>{loan.repaymentType === 'bullet' ? 'Installment' : 'Monthly'}</dt>
                            <dd>
                              {formatMoney(entry.previousMonthlyPayment)} →{' '}
                              {formatMoney(entry.newMonthlyPayment)}
                            </dd>
                          </div>
                        )}
                        {entry.upgradedBy && (
                          <div>
                            <dt>By</dt>
                            <dd>{entry.upgradedBy.name}</dd>
                          </div>
                        )}
                      </dl>
                    )}
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
    </Dialog>
  );
}
