import { DelinquencyBadge } from '@/components/delinquency-badge';
import { Badge } from '@/components/ui/badge';
import { formatAnnualRate, formatDate, formatMoney, formatMoneyExact } from '@/lib/format';
import { REPAYMENT_TYPE_DESCRIPTION, REPAYMENT_TYPE_LABEL } from '@/lib/repayment-structures';
import { dailyRateText, upgradeBadge, type Loan } from '../derive';
import styles from './loans.module.css';

/**
 * The cells both loan tables share. The Aadhar number is shown as the API gives it:
 * whole for admins, masked to the last four digits for employees (never unmasked here).
 */

export function DateCell({ loan }: { loan: Loan }) {
  return <span className={styles.money}>{formatDate(loan.disbursementDate)}</span>;
}

export function CustomerCell({ loan, withContact = false }: { loan: Loan; withContact?: boolean }) {
  return (
    <div className={styles.stack}>
      <span className={styles.primary}>{loan.name}</span>
      <span className={styles.muted}>
        <span className={styles.mono}>{loan.customerId.customerId}</span>
      </span>
      <span className={styles.muted}>
        Aadhar: <span className={styles.mono}>{loan.customerId.aadharNumber}</span>
      </span>
      {withContact && <ContactLines loan={loan} />}
    </div>
  );
}

function ContactLines({ loan }: { loan: Loan }) {
  return (
    <>
      <span className={styles.muted}>
        <span className={styles.mono}>{loan.primaryMobile}</span>
        {loan.secondaryMobile && (
          <>
            {' · '}
            <span className={styles.mono}>{loan.secondaryMobile}</span>
          </>
        )}
      </span>
      {loan.email && <span className={styles.muted}>{loan.email}</span>}
    </>
  );
}

export function ContactCell({ loan }: { loan: Loan }) {
  return (
    <div className={styles.stack}>
      <ContactLines loan={loan} />
    </div>
  );
}

/** Employees read the rate per day too. */
export function RateText({ loan, daily }: { loan: Loan; daily: boolean }) {
  return (
    <>
      {formatAnnualRate(loan.currentInterestRate)}
      {daily && <> · {dailyRateText(loan.currentInterestRate)}</>}
    </>
  );
}

export function UpgradeBadge({ loan }: { loan: Loan }) {
  const badge = upgradeBadge(loan);
  if (!badge) return null;
  return (
    <Badge tone={loan.currentUpgradeLevel >= 3 ? 'danger' : 'warning'}>
      {badge.label} ({badge.rates})
    </Badge>
  );
}

export function LoanDetailsCell({ loan, daily }: { loan: Loan; daily: boolean }) {
  const closed = loan.status !== 'active';
  return (
    <div className={styles.stack}>
      <span className={styles.mono}>
        <strong>{loan.loanId}</strong>
      </span>
      <dl className={styles.figures}>
        <div>
          <dt>Amount</dt>
          <dd data-testid="loan-amount">{formatMoney(loan.amount)}</dd>
        </div>
        <div>
          <dt>Interest</dt>
          <dd>{formatAnnualRate(loan.currentInterestRate)}</dd>
        </div>
        <div>
          <dt>Term</dt>
          <dd>{loan.term} months</dd>
        </div>
        <div>
          {/* A bullet loan's one installment is due at maturity; an interest-only month's is its interest. */}
          <dt>{loan.repaymentType === 'bullet' ? 'At maturity' : 'Monthly'}</dt>
          <dd>{formatMoney(loan.monthlyPayment)}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{formatMoney(loan.totalPaid)}</dd>
        </div>
        <div>
          <dt>Balance</dt>
          <dd>{formatMoney(closed ? 0 : Math.max(0, loan.remainingBalance))}</dd>
        </div>
      </dl>
      {daily && <span className={styles.muted}>{dailyRateText(loan.currentInterestRate)}</span>}
      <span className={styles.badges}>
        <RepaymentBadge loan={loan} />
        <UpgradeBadge loan={loan} />
      </span>
    </div>
  );
}

/** Bullet and monthly-interest loans say so on their row; EMI, the seeds' loans, goes unmarked. */
export function RepaymentBadge({ loan }: { loan: Pick<Loan, 'repaymentType'> }) {
  if (loan.repaymentType === 'emi') return null;
  return (
    <span title={REPAYMENT_TYPE_DESCRIPTION[loan.repaymentType]} data-testid="repayment-badge">
      <Badge tone="gold">{REPAYMENT_TYPE_LABEL[loan.repaymentType]}</Badge>
    </span>
  );
}

export function StatusCell({ loan }: { loan: Loan }) {
  return (
    <div className={styles.badges}>
      <Badge status={loan.status} />
      <DelinquencyBadge
        cls={loan.delinquency.class}
        detail={
          loan.delinquency.since
            ? `since ${formatDate(loan.delinquency.since)}` +
              (loan.delinquency.npaLoanId ? ` (borrower's loan ${loan.delinquency.npaLoanId})` : '')
            : undefined
        }
      />
      {loan.pendingPaymentCount > 0 && <Badge tone="warning">{loan.pendingPaymentCount} pending</Badge>}
      {loan.ltv.marginCall && (
        <Badge tone={loan.ltv.marginCall.status === 'escalated' ? 'danger' : 'warning'}>
          {loan.ltv.marginCall.status === 'escalated' ? 'Margin call escalated' : 'Margin call'}
        </Badge>
      )}
      {loan.auctionShortfall > 0 && (
        <Badge tone="danger">Shortfall owed {formatMoneyExact(loan.auctionShortfall)}</Badge>
      )}
    </div>
  );
}

/** Admins only: the API gives employees no creator. */
export function CreatedByCell({ loan }: { loan: Loan }) {
  if (!loan.createdBy) return <span className={styles.muted}>—</span>;
  return (
    <div className={styles.stack}>
      <span>{loan.createdBy.name}</span>
      <span className={styles.muted}>{loan.createdBy.role}</span>
    </div>
  );
}
