import { CUSTOMER_TOLD_CHANNEL_LABELS } from '@goldledger/contracts';
import { ReleaseCompensation } from '@/components/release-compensation';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Loading } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime, formatGrams } from '@/lib/format';
import { useGoldReturnDetail } from '../api/get-gold-return-detail';
import { plural, reminderLabel, reminderTone, type GoldReturn } from '../derive';
import styles from './gold-returns.module.css';

interface DetailsDialogProps {
  item: GoldReturn | null;
  onClose(): void;
}

/** View Details: the return as the server has it now, with every reminder sent. */
export function GoldReturnDetailsDialog({ item, onClose }: DetailsDialogProps) {
  const { data, error, isLoading, mutate } = useGoldReturnDetail(item?.loanId ?? null);
  const d = data?.data;

  let body;
  if (error) {
    body = (
      <ErrorState
        title="Failed to fetch details"
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void mutate()}
      />
    );
  } else if (isLoading || !d) {
    body = <Loading text="Loading details..." />;
  } else {
    body = (
      <div className={styles.form} data-testid="gold-return-details">
        <dl className={styles.facts}>
          <div>
            <dt>Status</dt>
            <dd>
              <Badge status={d.goldReturnStatus} />
            </dd>
          </div>
          <div>
            <dt>Customer</dt>
            <dd>
              {d.customerName} ({d.customerId})
            </dd>
          </div>
          <div>
            <dt>Mobile</dt>
            <dd>{d.customerMobile}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{d.customerEmail ?? '—'}</dd>
          </div>
          <div>
            <dt>Closed</dt>
            <dd>
              {formatDate(d.closedDate)} ({plural(d.daysSinceClosed, 'day')} ago)
            </dd>
          </div>
          <div>
            <dt>Promised by</dt>
            <dd>
              {formatDate(d.releaseDueBy)}
              {d.daysLate > 0 && (
                <span className={styles.late}> · {plural(d.daysLate, 'working day')} late</span>
              )}
            </dd>
          </div>
          {d.isOverdue && (
            <div>
              <dt>Overdue</dt>
              <dd className={styles.late}>{plural(d.daysOverdue, 'day')}</dd>
            </div>
          )}
          <div>
            <dt>Scheduled for</dt>
            <dd>{d.scheduledReturnDate ? formatDateTime(d.scheduledReturnDate) : '—'}</dd>
          </div>
          <div>
            <dt>Returned on</dt>
            <dd>{d.actualReturnDate ? formatDate(d.actualReturnDate) : '—'}</dd>
          </div>
          <div>
            <dt>Unclaimed</dt>
            <dd>
              {d.unclaimedOn
                ? `Since ${formatDate(d.unclaimedOn)}`
                : d.unclaimedFrom
                  ? `From ${formatDate(d.unclaimedFrom)} if not collected`
                  : '—'}
            </dd>
          </div>
          <div>
            <dt>Next reminder</dt>
            <dd>
              {d.nextReminder
                ? `${reminderLabel(d.nextReminder.type)} on ${formatDate(d.nextReminder.dueDate)}`
                : '—'}
            </dd>
          </div>
        </dl>
        {d.compensation && (
          <ReleaseCompensation loanUuid={d._id} loanId={d.loanId} compensation={d.compensation} receipts />
        )}
        {d.customerTold.length > 0 && (
          <section className={styles.section} aria-labelledby="gr-told">
            <h3 id="gr-told" className={styles.sectionTitle}>
              Customer told the gold is ready
            </h3>
            <ul className={styles.reminders}>
              {d.customerTold.map((t, i) => (
                <li key={i}>
                  <Badge tone="info">{CUSTOMER_TOLD_CHANNEL_LABELS[t.channel]}</Badge>
                  <span>{formatDate(t.toldOn)}</span>
                  <span className={styles.muted}>by {t.toldBy}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
        <section className={styles.section} aria-labelledby="gr-items">
          <h3 id="gr-items" className={styles.sectionTitle}>
            Gold items · {formatGrams(d.totalGoldWeight)} net
          </h3>
          <ul className={styles.items}>
            {d.goldItems.map((g, i) => (
              <li key={i}>
                <span>{g.description}</span>
                <span className={styles.weight}>
                  {formatGrams(g.grossWeight)} gross · {formatGrams(g.netWeight)} net · {g.purityKarat}K
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section className={styles.section} aria-labelledby="gr-reminders">
          <h3 id="gr-reminders" className={styles.sectionTitle}>
            Reminders sent ({d.remindersSent})
          </h3>
          {d.reminders.length === 0 ? (
            <p className={styles.muted}>No reminders sent yet.</p>
          ) : (
            <ul className={styles.reminders}>
              {d.reminders.map((r, i) => (
                <li key={i}>
                  <Badge tone={reminderTone(r.type)}>{reminderLabel(r.type)}</Badge>
                  <span>{formatDate(r.sentDate)}</span>
                  <span className={styles.muted}>to {r.sentTo.join(', ') || '—'}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        {d.notes && (
          <section className={styles.section} aria-labelledby="gr-notes">
            <h3 id="gr-notes" className={styles.sectionTitle}>
              Notes
            </h3>
            <p className={styles.muted}>{d.notes}</p>
          </section>
        )}
      </div>
    );
  }

  return (
    <Dialog
      open={item !== null}
      onClose={onClose}
      size="lg"
      title="Gold Return Details"
      description={item ? `Loan ${item.loanId}` : undefined}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {body}
    </Dialog>
  );
}
