import { ReleaseCompensation } from '@/components/release-compensation';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate, formatDateTime, formatGrams } from '@/lib/format';
import { useReadOnly } from '@/lib/read-only';
import {
  compensationOwed,
  delayText,
  isOpen,
  lastReminder,
  plural,
  reminderLabel,
  type GoldReturn,
} from '../derive';
import styles from './gold-returns.module.css';

export type ReturnAction = 'details' | 'reminder' | 'schedule' | 'returned' | 'told' | 'pay';

interface ReturnCardProps {
  item: GoldReturn;
  onAction(action: ReturnAction, item: GoldReturn): void;
}

/** One closed loan's gold: who, what, since when, and what to do next. */
export function ReturnCard({ item, onAction }: ReturnCardProps) {
  const open = isOpen(item);
  const readOnly = useReadOnly();
  const reminder = lastReminder(item);
  const titleId = `return-${item._id}`;
  const delay = delayText(item);
  const owed = compensationOwed(item);
  return (
    <article
      className={styles.card}
      data-testid="gold-return-card"
      data-loan-id={item.loanId}
      data-status={item.goldReturnStatus}
      aria-labelledby={titleId}
    >
      <header className={styles.cardHeader}>
        <div>
          <h3 id={titleId} className={styles.cardTitle}>
            {item.customerName}
          </h3>
          <p className={styles.muted}>
            Loan {item.loanId} · {item.customerMobile}
          </p>
        </div>
        <Badge status={item.goldReturnStatus} />
      </header>
      {item.isOverdue && (
        <p className={styles.alertLine} data-testid="days-overdue">
          {plural(item.daysOverdue, 'day')} overdue
        </p>
      )}
      {delay && (
        <p className={styles[`delay_${delay.tone}`]} data-testid="release-delay">
          {delay.text}
        </p>
      )}
      {item.compensation && (
        <ReleaseCompensation
          loanUuid={item._id}
          loanId={item.loanId}
          compensation={item.compensation}
          receipts
        />
      )}
      <dl className={styles.facts}>
        <div>
          <dt>Closed</dt>
          <dd>
            {formatDate(item.closedDate)} ({plural(item.daysSinceClosed, 'day')} ago)
          </dd>
        </div>
        <div>
          <dt>Promised by</dt>
          <dd>
            {formatDate(item.releaseDueBy)}
            {item.daysLate > 0 && (
              <span className={styles.late}> · {plural(item.daysLate, 'working day')} late</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Total gold</dt>
          <dd>{formatGrams(item.totalGoldWeight)}</dd>
        </div>
        {item.scheduledReturnDate && open && (
          <div>
            <dt>Scheduled for</dt>
            <dd data-testid="scheduled-for">{formatDateTime(item.scheduledReturnDate)}</dd>
          </div>
        )}
        {item.actualReturnDate && (
          <div>
            <dt>Returned on</dt>
            <dd>{formatDate(item.actualReturnDate)}</dd>
          </div>
        )}
        {item.unclaimedOn && !item.actualReturnDate && (
          <div>
            <dt>Unclaimed since</dt>
            <dd>{formatDate(item.unclaimedOn)}</dd>
          </div>
        )}
        <div>
          <dt>Last reminder</dt>
          <dd>
            {reminder
              ? `${reminderLabel(reminder.type)}, ${formatDate(reminder.sentDate)} (${item.remindersSent} sent)`
              : 'None sent'}
          </dd>
        </div>
      </dl>
      <ul className={styles.items} aria-label="Gold items">
        {item.goldItems.map((g, i) => (
          <li key={i}>
            <span>{g.description}</span>
            <span className={styles.weight}>
              {formatGrams(g.netWeight)} net · {g.purityKarat}K
            </span>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button size="sm" variant="secondary" onClick={() => onAction('details', item)}>
          View Details
        </Button>
        {open && !readOnly && (
          <>
            <Button size="sm" variant="secondary" onClick={() => onAction('reminder', item)}>
              Send Reminder
            </Button>
            <Button size="sm" variant="secondary" onClick={() => onAction('told', item)}>
              Customer Told
            </Button>
            <Button size="sm" variant="secondary" onClick={() => onAction('schedule', item)}>
              Schedule
            </Button>
            <Button size="sm" onClick={() => onAction('returned', item)}>
              Mark Returned
            </Button>
          </>
        )}
        {owed > 0 && !readOnly && (
          <Button size="sm" onClick={() => onAction('pay', item)}>
            Pay Compensation
          </Button>
        )}
      </div>
    </article>
  );
}
