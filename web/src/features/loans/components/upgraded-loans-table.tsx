import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table, Td, Th, Tr } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { businessToday } from '@/lib/business-date';
import { formatDate, formatMoney } from '@/lib/format';
import { FINAL_RATE_PERCENT } from '@/lib/lending-options';
import { useReadOnly } from '@/lib/read-only';
import { useStaffArea } from '@/lib/staff-area';
import { UPGRADED_PAGE_SIZE, useUpgradedLoans } from '../api/get-upgraded-loans';
import { canRepay, daysUntil, percentText, tintLevel, upgradeLevelName, type Loan } from '../derive';
import { useLoanActions } from './loan-actions';
import { RateText } from './loan-cells';
import { Pager } from './pager';
import styles from './loans.module.css';

/** The note on a loan at the top of the ladder, word for word. */
export const FINAL_LEVEL_TEXT = `This loan has reached the final upgrade level (${FINAL_RATE_PERCENT}%).`;

/**
 * Active loans whose rate has been upgraded, ten a page, each row in the
 * server's colour (yellow, orange, red), with when the next upgrade falls due.
 */
export function UpgradedLoansTable() {
  const area = useStaffArea();
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isValidating, mutate } = useUpgradedLoans(area, page);
  const actions = useLoanActions(area);
  const readOnly = useReadOnly();
  const today = businessToday();

  let body;
  if (error) {
    body = (
      <ErrorState
        title="Failed to fetch upgraded loans"
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void mutate()}
      />
    );
  } else if (isLoading || !data) {
    body = <Loading text="Loading upgraded loans..." />;
  } else if (data.data.loans.length === 0) {
    body = <EmptyState title="No loans with upgrades found" />;
  } else {
    body = (
      <Table caption="Loans with upgrades" hideCaption aria-busy={isValidating || undefined}>
        <thead>
          <tr>
            <Th>Customer</Th>
            <Th>Loan Details</Th>
            <Th>Interest Rate</Th>
            <Th>Upgrade Info</Th>
            <Th>Next Upgrade</Th>
            <Th>Actions</Th>
          </tr>
        </thead>
        <tbody>
          {data.data.loans.map((loan) => (
            <Tr
              key={loan._id}
              upgradeLevel={tintLevel(loan.highlightColor)}
              data-testid="upgraded-loan-row"
              data-loan-id={loan.loanId}
              data-highlight={loan.highlightColor}
            >
              <Td>
                <div className={styles.stack}>
                  <span className={styles.primary}>{loan.name}</span>
                  <span className={`${styles.muted} ${styles.mono}`}>{loan.primaryMobile}</span>
                </div>
              </Td>
              <Td>
                <div className={styles.stack}>
                  <span className={styles.mono}>
                    <strong>{loan.loanId}</strong>
                  </span>
                  <span className={styles.money}>{formatMoney(loan.amount)}</span>
                  <span className={styles.muted}>
                    {formatDate(loan.disbursementDate)} · {loan.term} months
                  </span>
                </div>
              </Td>
              <Td>
                <div className={styles.stack}>
                  <span className={styles.primary}>
                    <RateText loan={loan} daily={area !== 'admin'} />
                  </span>
                  <span className={styles.muted}>Original {percentText(loan.originalInterestRate)}</span>
                </div>
              </Td>
              <Td>
                <div className={styles.stack}>
                  <span>
                    <Badge tone={loan.currentUpgradeLevel >= 3 ? 'danger' : 'warning'}>
                      Level {loan.currentUpgradeLevel} · {upgradeLevelName(loan.currentUpgradeLevel)}
                    </Badge>
                  </span>
                  <span className={styles.muted}>Last upgrade {formatDate(loan.lastUpgradeDate)}</span>
                </div>
              </Td>
              <Td>
                <NextUpgrade loan={loan} isFinal={loan.isAtFinalLevel} today={today} />
              </Td>
              <Td>
                <div className={styles.actions}>
                  {!readOnly && canRepay(loan) && (
                    <Button
                      size="sm"
                      aria-label={`Repay ${loan.loanId}`}
                      onClick={() => actions.openDialog('repay', loan)}
                    >
                      Repay
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Upgrade History ${loan.loanId}`}
                    onClick={() => actions.openDialog('upgrades', loan)}
                  >
                    History
                  </Button>
                </div>
              </Td>
            </Tr>
          ))}
        </tbody>
      </Table>
    );
  }

  return (
    <section className={styles.section} aria-labelledby="upgraded-loans-title">
      <h2 id="upgraded-loans-title" className={styles.sectionTitle}>
        Loans with interest upgrades
      </h2>
      {body}
      {data && !error && data.data.pagination.totalLoans > 0 && (
        <Pager
          label="Upgraded loan pages"
          page={page}
          totalPages={data.data.pagination.totalPages}
          limit={UPGRADED_PAGE_SIZE}
          total={data.data.pagination.totalLoans}
          onPage={setPage}
        />
      )}
      {actions.dialogs}
    </section>
  );
}

function NextUpgrade({ loan, isFinal, today }: { loan: Loan; isFinal: boolean; today: string }) {
  if (isFinal) return <span className={styles.finalNote}>{FINAL_LEVEL_TEXT}</span>;
  if (!loan.nextUpgradeDate) return <span className={styles.muted}>—</span>;
  const days = daysUntil(loan.nextUpgradeDate, today);
  return (
    <div className={styles.stack}>
      <span>{formatDate(loan.nextUpgradeDate)}</span>
      <span className={styles.muted}>
        {days > 0 ? `in ${days} day${days === 1 ? '' : 's'}` : days === 0 ? 'today' : 'due'}
      </span>
    </div>
  );
}
