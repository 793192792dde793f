import { DelinquencyBadge } from '@/components/delinquency-badge';
import { Badge } from '@/components/ui/badge';
import { formatAnnualRate, formatDate, formatMoney, formatMoneyExact } from '@/lib/format';
import { REPAYMENT_TYPE_DESCRIPTION, REPAYMENT_TYPE_LABEL } from '@/lib/repayment-structures';
import { dailyRateText, percentText, upgradeBadge, type Loan } from '../derive';
import styles from './loans.module.css';

/**
 * The cells both loan tables share. The Aadhar number is shown as the API gives it:
 * whole for admins, masked to the last four digits for employees (never unmasked here).
 */

export function DateCell({ loan }: { loan: Loan }) {
  return <span className={styles.money}>{formatDate(loan.disbursementDate)}</span>;
}

/** The customer's name on one line (cut short with an ellipsis; the whole name in its tooltip). */
export function CustomerCell({ loan, withContact = false }: { loan: Loan; withContact?: boolean }) {
  return (
    <span className={styles.line}>
      <span className={`${styles.primary} ${styles.clip}`} title={loan.name}>
        {loan.name}
      </span>
      {withContact && <span className={styles.mono}>{loan.primaryMobile}</span>}
    </span>
  );
}

/** The primary mobile; the second one and the email in its tooltip (and in the expanded row). */
export function ContactCell({ loan }: { loan: Loan }) {
  const more = [loan.secondaryMobile, loan.email].filter(Boolean).join(' · ');
  return (
    <span className={styles.mono} title={more || undefined}>
      {loan.primaryMobile}
    </span>
  );
}

/** Who the customer is and how to reach them: the expanded row's first lines. */
export function CustomerFacts({ loan }: { loan: Loan }) {
  return (
    <>
      <div>
        <dt>Customer</dt>
        <dd>
          {loan.name} <span className={styles.mono}>{loan.customerId.customerId}</span>
        </dd>
      </div>
      <div>
        <dt>Aadhar</dt>
        <dd className={styles.mono}>{loan.customerId.aadharNumber}</dd>
      </div>
      <div>
        <dt>Contact</dt>
        <dd>
          <span className={styles.mono}>
            {[loan.primaryMobile, loan.secondaryMobile].filter(Boolean).join(' · ')}
          </span>
          {loan.email && <span className={styles.muted}> · {loan.email}</span>}
        </dd>
      </div>
    </>
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

/** 'Upgraded Nx'; the old and new rate beside it on the row (see LoanDetailsCell) and in its tooltip. */
export function UpgradeBadge({ loan }: { loan: Loan }) {
  const badge = upgradeBadge(loan);
  if (!badge) return null;
  return (
    <span title={badge.rates}>
      <Badge tone={loan.currentUpgradeLevel >= 3 ? 'danger' : 'warning'}>{badge.label}</Badge>
    </span>
  );
}

/** The loan id, amount and rate a year on one line (employees also read it per day). */
export function LoanDetailsCell({ loan, daily }: { loan: Loan; daily: boolean }) {
  return (
    <span className={styles.line}>
      <strong className={styles.mono}>{loan.loanId}</strong>
      <span className={styles.money} data-testid="loan-amount">
        {formatMoney(loan.amount)}
      </span>
      <span className={styles.muted}>
        {/* An upgraded loan reads its old rate and the new one. */}
        {loan.currentUpgradeLevel > 0 && <>{percentText(loan.originalInterestRate)} → </>}
        {percentText(loan.currentInterestRate)}
        {daily && <> · {dailyRateText(loan.currentInterestRate)}</>}
      </span>
    </span>
  );
}

/** What is still owed on the loan (nothing once closed). */
export function BalanceCell({ loan }: { loan: Loan }) {
  return (
    <span data-testid="loan-balance">
      {formatMoney(loan.status !== 'active' ? 0 : Math.max(0, loan.remainingBalance))}
    </span>
  );
}

/** A due date this near (days) is amber on the row. */
export const DUE_SOON_DAYS = 7;

/** The next installment: its amount and date, amber when it falls due within a week. */
export function NextDueCell({ loan }: { loan: Loan }) {
  const due = loan.nextDue;
  if (!due) return <span className={styles.muted}>—</span>;
  const soon = due.inDays <= DUE_SOON_DAYS;
  const when = due.inDays === 0 ? 'due today' : `due in ${due.inDays} day${due.inDays === 1 ? '' : 's'}`;
  return (
    <span
      className={soon ? `${styles.dueFigure} ${styles.dueSoon}` : styles.dueFigure}
      data-tone={soon ? 'due-soon' : undefined}
      title={when}
    >
      {formatMoney(due.amount)} <span className={styles.dueDate}>{formatDate(due.date)}</span>
    </span>
  );
}

/** What is past its due date and unpaid, red; a dash when nothing is. */
export function OverdueCell({ loan }: { loan: Loan }) {
  const { amount, since } = loan.overdue;
  if (amount <= 0) return <span className={styles.muted}>—</span>;
  return (
    <span
      className={`${styles.dueFigure} ${styles.overdue}`}
      data-tone="overdue"
      title={since ? `Unpaid since ${formatDate(since)}` : undefined}
    >
      {formatMoney(amount)}
    </span>
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

/**
 * The loan's state on one line: its status and what needs attention first (asset class,
 * pending payments, margin call, shortfall), then its upgrade level and repayment structure.
 */
export function StatusCell({ loan }: { loan: Loan }) {
  return (
    <div className={styles.oneLineBadges}>
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
      <UpgradeBadge loan={loan} />
      <RepaymentBadge loan={loan} />
    </div>
  );
}

/** Admins only: the API gives employees no creator. */
export function CreatedByCell({ loan }: { loan: Loan }) {
  if (!loan.createdBy) return <span className={styles.muted}>—</span>;
  return (
    <span
      className={`${styles.clip} ${styles.creator}`}
      title={`${loan.createdBy.name} (${loan.createdBy.role})`}
    >
      {loan.createdBy.name}
    </span>
  );
}
