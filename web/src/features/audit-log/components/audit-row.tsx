import type { AuditLogEntry } from '@goldledger/contracts';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Td } from '@/components/ui/table';
import { loanAuditPath } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { isLateWrite, roleLabel, roleTone, shortRequestId } from '../audit-view';
import styles from './audit-log.module.css';

/** One event: when, who (and in which role), from where, what, on which loan, and its request. */
export function AuditRow({ entry, onRequest }: { entry: AuditLogEntry; onRequest: (id: string) => void }) {
  return (
    <tr data-testid="audit-row" data-event-type={entry.eventType} data-event-id={entry.eventId}>
      <Td data-label="Time (IST)" className={styles.time}>
        <div>
          <time dateTime={entry.recordedAt}>{formatDateTime(entry.recordedAt)}</time>
          {isLateWrite(entry) && (
            <span className={styles.muted}>Happened {formatDateTime(entry.occurredAt)}</span>
          )}
        </div>
      </Td>
      <Td data-label="Actor" className={styles.actor}>
        {entry.actor ? (
          <div>
            <strong>{entry.actor.name || 'Unknown'}</strong>
            <Badge tone={roleTone(entry.actor.role)}>{roleLabel(entry.actor.role)}</Badge>
          </div>
        ) : (
          <span className={styles.muted}>Not recorded</span>
        )}
      </Td>
      <Td data-label="IP address" className={styles.ip}>
        {entry.clientIp ?? <span className={styles.muted}>—</span>}
      </Td>
      <Td data-label="Event" className={styles.event}>
        <div>
          <span>{entry.summary}</span>
          <span className={styles.code}>{entry.eventType}</span>
        </div>
      </Td>
      <Td data-label="Loan or stream" className={styles.stream}>
        {entry.loan ? (
          <Link to={loanAuditPath(entry.loan.uuid)}>
            {entry.loan.loanId ?? 'Loan'}
            {entry.streamType === 'loan-photos' ? ' photos' : ''}
            <span className="visually-hidden"> history</span>
          </Link>
        ) : (
          <span className={styles.code}>{entry.streamId}</span>
        )}
      </Td>
      <Td data-label="Request">
        {entry.correlationId ? (
          <button
            type="button"
            className={styles.requestButton}
            title={entry.correlationId}
            aria-label={`Show every event of request ${entry.correlationId}`}
            onClick={() => onRequest(entry.correlationId!)}
          >
            {shortRequestId(entry.correlationId)}
          </button>
        ) : (
          <span className={styles.muted}>—</span>
        )}
      </Td>
    </tr>
  );
}
