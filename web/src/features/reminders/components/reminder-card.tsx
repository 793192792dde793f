import { DelinquencyBadge } from '@/components/delinquency-badge';
import { Button } from '@/components/ui/button';
import { cx } from '@/lib/class-names';
import { formatDate, formatMoney } from '@/lib/format';
import type { ReminderItem } from '../api/reminder-keys';
import { installmentLabel } from '@goldledger/contracts';
import { dueLabel, reminderTone } from '../derive';
import styles from './reminders.module.css';

interface ReminderCardProps {
  item: ReminderItem;
  sending: boolean;
  /** Absent for a reader who may send nothing (an auditor): no button. */
  onSendSms?: () => void;
}

/** A reminder card: customer, amount, loan, installment, due date, contacts, paid, balance and the due label. */
export function ReminderCard({ item, sending, onSendSms }: ReminderCardProps) {
  const tone = reminderTone(item);
  const headingId = `reminder-${item._id}-${item.installmentNumber}`;
  return (
    <article
      className={cx(styles.card, styles[tone])}
      aria-labelledby={headingId}
      data-testid="reminder-card"
      data-loan-id={item.loanId}
      data-installment={item.installmentNumber}
      data-tone={tone}
    >
      <header className={styles.cardHeader}>
        <h3 id={headingId} className={styles.customer}>
          {item.customerName}
        </h3>
        <span className={styles.dueLabel} data-testid="due-label">
          {dueLabel(item)}
        </span>
      </header>
      <p className={styles.amount} data-testid="reminder-amount">
        <span className="visually-hidden">Amount due: </span>
        {formatMoney(item.amount)}
      </p>
      <dl className={styles.facts}>
        <dt>Loan ID</dt>
        <dd data-testid="loan-id">{item.loanId}</dd>
        {item.type === 'overdue' && (
          <>
            <dt>Class</dt>
            <dd data-testid="reminder-class">
              {item.delinquencyClass === 'standard' ? (
                'Standard'
              ) : (
                <DelinquencyBadge cls={item.delinquencyClass} />
              )}
            </dd>
          </>
        )}
        <dt>Installment</dt>
        <dd>{installmentLabel(item.installmentPlace)}</dd>
        <dt>Due Date</dt>
        <dd data-testid="due-date">{formatDate(item.dueDate)}</dd>
        <dt>Email</dt>
        <dd>{item.customerEmail ?? 'No email on file'}</dd>
        <dt>Mobile</dt>
        <dd>{item.customerMobile}</dd>
        <dt>Paid</dt>
        <dd>{formatMoney(item.totalPaid)}</dd>
        <dt>Balance</dt>
        <dd>{formatMoney(item.remainingBalance)}</dd>
      </dl>
      <p className={styles.lastSent}>
        {item.lastReminderSentOn
          ? `Last reminder sent ${formatDate(item.lastReminderSentOn)}`
          : 'No reminder sent yet'}
      </p>
      {onSendSms && (
        <div className={styles.cardActions}>
          <Button
            size="sm"
            variant="secondary"
            loading={sending}
            onClick={onSendSms}
            aria-describedby={headingId}
          >
            Send SMS Reminder
          </Button>
        </div>
      )}
    </article>
  );
}
