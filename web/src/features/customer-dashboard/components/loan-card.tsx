import { ReleaseCompensation } from '@/components/release-compensation';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import {
  formatAnnualRate,
  formatDate,
  formatLongDate,
  formatMoney,
  formatMoneyExact,
  formatNumber,
} from '@/lib/format';
import {
  installmentWhat,
  REPAYMENT_TYPE_DESCRIPTION,
  REPAYMENT_TYPE_LABEL,
} from '@/lib/repayment-structures';
import {
  AMOUNT_LABEL,
  isFullyPaid,
  loanStatus,
  ltvLine,
  marginCallNotice,
  nextInstallment,
  paymentType,
  refundLine,
  remainingBalance,
  repaidPercent,
  type CustomerLoan,
} from '../derive';
import { LoanDocuments } from './loan-documents';
import styles from './customer-dashboard.module.css';

interface LoanCardProps {
  loan: CustomerLoan;
  today: string;
  onViewPayments(): void;
  onViewInstallments(): void;
  onDownloadReceipt(): void;
  downloading: boolean;
}

/** A customer's loan card: what is left to pay first, then the loan's terms, then its actions. */
export function LoanCard({
  loan,
  today,
  onViewPayments,
  onViewInstallments,
  onDownloadReceipt,
  downloading,
}: LoanCardProps) {
  const status = loanStatus(loan);
  const paidOff = isFullyPaid(loan);
  const balance = remainingBalance(loan);
  const percent = repaidPercent(loan);
  const refund = refundLine(loan);
  const next = paidOff ? null : nextInstallment(loan, today);
  const headingId = `loan-${loan._id}`;
  const upgraded = loan.currentInterestRate !== loan.originalInterestRate;
  const ltv = ltvLine(loan);
  const marginCall = marginCallNotice(loan);

  return (
    <article
      className={styles.loanCard}
      aria-labelledby={headingId}
      data-testid="loan-card"
      data-loan-id={loan.loanId}
    >
      <header className={styles.loanHeader}>
        <div>
          <h3 id={headingId} className={styles.loanTitle}>
            <span className="visually-hidden">Loan </span>
            {loan.loanId}
          </h3>
          <p className={styles.muted}>Created on {formatLongDate(loan.createdAt)}</p>
        </div>
        <Badge status={status} />
      </header>

      <div className={styles.balance}>
        <div>
          <p className={styles.balanceLabel}>Remaining Balance</p>
          <p className={`${styles.balanceValue} numeric`} data-testid="remaining-balance">
            {formatMoney(balance)}
            {paidOff && (
              <Badge tone="success" className={styles.inlineBadge}>
                Fully Paid
              </Badge>
            )}
          </p>
          {!paidOff && (
            <p className={styles.muted}>As of {formatDate(loan.balanceAsOf)}, interest included</p>
          )}
        </div>
        {next && (
          <div className={styles.nextDue}>
            <p className={styles.balanceLabel}>{next.overdue ? 'Overdue' : 'Next due'}</p>
            <p className={`${styles.nextDueValue} numeric`}>
              {formatMoney(next.amount)}{' '}
              <span className={next.overdue ? styles.overdueText : styles.muted}>
                {next.overdue ? 'was due ' : 'on '}
                {formatDate(next.installment.dueDate)}
              </span>
            </p>
            <p className={styles.muted} data-testid="next-due-what">
              {installmentWhat(loan.repaymentType, next.installment, loan.installments)}
            </p>
          </div>
        )}
      </div>

      {marginCall && (
        <Alert tone={loan.ltv.marginCall?.status === 'escalated' ? 'error' : 'warning'} title="Margin call">
          <span data-testid="margin-call">{marginCall}</span>
        </Alert>
      )}

      {loan.auctionShortfall > 0 && (
        <Alert tone="warning" title="Still owed after the auction">
          <span data-testid="shortfall-line">
            The sale of your gold did not cover the loan: {formatMoneyExact(loan.auctionShortfall)} is still
            payable. Please contact the branch.
          </span>
        </Alert>
      )}

      {refund && (
        <p className={styles.refund} data-testid="refund-line">
          <Badge tone={refund.tone === 'due' ? 'warning' : 'success'}>{refund.text}</Badge>
          {refund.tone === 'due' && (
            <span className={styles.muted}>
              {' '}
              You paid more than closing the loan took; we will pay it back.
            </span>
          )}
        </p>
      )}

      {loan.releaseCompensation && (
        <ReleaseCompensation
          loanUuid={loan._id}
          loanId={loan.loanId}
          compensation={loan.releaseCompensation}
          receipts
          note="Your gold was not released within the promised working days after you repaid the loan, so we owe you this for each working day of our delay."
        />
      )}

      <div className={styles.progress}>
        <div className={styles.progressText}>
          <span>
            Total Paid{' '}
            <strong className="numeric" data-testid="total-paid">
              {formatMoney(loan.totalPaid)}
            </strong>
          </span>
          <span className="numeric" data-testid="repaid-percent">
            {formatNumber(percent)}%
          </span>
        </div>
        <ProgressBar
          value={percent}
          label={`Loan ${loan.loanId} repaid`}
          valueText={`${percent}% repaid`}
          tone={paidOff ? 'success' : 'brand'}
        />
      </div>

      <dl className={styles.terms}>
        <div>
          <dt>Loan Amount</dt>
          <dd className="numeric" data-testid="loan-amount">
            {formatMoney(loan.amount)}
          </dd>
        </div>
        <div>
          <dt>Repayment</dt>
          <dd data-testid="repayment-type" title={REPAYMENT_TYPE_DESCRIPTION[loan.repaymentType]}>
            {REPAYMENT_TYPE_LABEL[loan.repaymentType]}
          </dd>
        </div>
        <div>
          <dt>{AMOUNT_LABEL[loan.repaymentType]}</dt>
          <dd className="numeric" data-testid="monthly-payment">
            {formatMoney(loan.monthlyPayment)}
          </dd>
        </div>
        <div>
          <dt>Term</dt>
          <dd data-testid="term">
            {formatNumber(loan.term)} {loan.term === 1 ? 'month' : 'months'}
          </dd>
        </div>
        <div>
          <dt>Interest Rate</dt>
          <dd data-testid="interest-rate">
            {formatAnnualRate(loan.interestRate)}
            {upgraded && (
              <span className={styles.muted}> (from {formatAnnualRate(loan.originalInterestRate)})</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Payment Type</dt>
          <dd data-testid="payment-type">{paymentType(loan)}</dd>
        </div>
        {ltv && (
          <div>
            <dt>Loan to Value</dt>
            <dd className="numeric" data-testid="loan-to-value">
              {ltv}
            </dd>
          </div>
        )}
      </dl>

      <LoanDocuments loan={loan} />

      <div className={`${styles.actions} cluster`}>
        <Button variant="secondary" size="sm" onClick={onViewPayments} aria-describedby={headingId}>
          View Payment History
        </Button>
        {loan.installments.length > 0 && (
          <Button variant="secondary" size="sm" onClick={onViewInstallments} aria-describedby={headingId}>
            View Installments
          </Button>
        )}
        <Button
          variant="primary"
          size="sm"
          onClick={onDownloadReceipt}
          loading={downloading}
          aria-describedby={headingId}
        >
          Download Receipt
        </Button>
      </div>
    </article>
  );
}
