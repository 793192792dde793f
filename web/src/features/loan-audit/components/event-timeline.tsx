import { Fragment, useMemo, useState } from 'react';
import type { LoanEventRecord } from '@goldledger/contracts';
import { Button } from '@/components/ui/button';
import { Table, Td, Th } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { isCovered } from '../as-of';
import { actorOf, describeLoanHistory } from '../describe-event';
import styles from './loan-audit.module.css';

interface TimelineProps {
  events: LoanEventRecord[];
  /** How many events the replay shown covers (they are marked), if one is shown. */
  coveredCount: number | undefined;
  onAsOfEvent: (event: LoanEventRecord) => void;
}

/** Written more than a minute after it happened: history entered later. */
const recordedLater = (e: LoanEventRecord) => Date.parse(e.recordedAt) - Date.parse(e.occurredAt) > 60_000;

const ROLE_LABEL: Record<string, string> = {
  admin: 'Admin',
  employee: 'Employee',
  customer: 'Customer',
  system: 'System',
};

/** The loan's whole event log, oldest first: when, who, what, and the stored data on demand. */
export function EventTimeline({ events, coveredCount, onAsOfEvent }: TimelineProps) {
  const sentences = useMemo(() => describeLoanHistory(events), [events]);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Table caption={`Event history (${events.length} events)`} data-testid="event-table">
      <thead>
        <tr>
          <Th numeric>#</Th>
          <Th>When</Th>
          <Th>Who</Th>
          <Th>What</Th>
          <Th>
            <span className="visually-hidden">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {events.map((e, i) => {
          const who = actorOf(e.actor);
          const covered = isCovered(e.version, coveredCount);
          const expanded = open.has(e.eventId);
          const dataId = `event-data-${e.eventId}`;
          return (
            <Fragment key={e.eventId}>
              <tr
                className={covered === false ? styles.after : undefined}
                data-testid="event-row"
                data-type={e.type}
                data-version={e.version}
                data-covered={covered}
              >
                <Td numeric>{e.version}</Td>
                <Td className={styles.when}>
                  <time dateTime={e.occurredAt}>{formatDateTime(e.occurredAt)}</time>
                  {recordedLater(e) && (
                    <span className={styles.sub}>
                      recorded <time dateTime={e.recordedAt}>{formatDateTime(e.recordedAt)}</time>
                    </span>
                  )}
                </Td>
                <Td className={styles.who}>
                  {who.name}
                  <span className={styles.sub}>{ROLE_LABEL[who.role] ?? who.role}</span>
                </Td>
                <Td className={styles.what}>
                  <span data-testid="event-sentence">{sentences[i]}</span>
                  <span className={styles.type}>{e.type}</span>
                </Td>
                <Td className={styles.rowActions}>
                  {/* Named with the row's number; the name starts with the visible words. */}
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`As of this event #${e.version}`}
                    onClick={() => onAsOfEvent(e)}
                  >
                    As of this event
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-expanded={expanded}
                    aria-controls={expanded ? dataId : undefined}
                    aria-label={`${expanded ? 'Hide' : 'Show'} data of event ${e.version}`}
                    onClick={() => toggle(e.eventId)}
                  >
                    {expanded ? 'Hide data' : 'Show data'}
                  </Button>
                </Td>
              </tr>
              {expanded && (
                <tr id={dataId} className={styles.dataRow}>
                  <Td colSpan={5}>
                    <dl className={styles.facts}>
                      <div>
                        <dt>Event id</dt>
                        <dd>{e.eventId}</dd>
                      </div>
                      <div>
                        <dt>Recorded</dt>
                        <dd>{formatDateTime(e.recordedAt)}</dd>
                      </div>
                      <div>
                        <dt>Schema</dt>
                        <dd>v{e.schemaVersion}</dd>
                      </div>
                      {e.correlationId && (
                        <div>
                          <dt>Correlation</dt>
                          <dd>{e.correlationId}</dd>
                        </div>
                      )}
                    </dl>
                    <pre className={styles.raw} tabIndex={0} aria-label={`Data of event ${e.version}`}>
                      {JSON.stringify(e.data, null, 2)}
                    </pre>
                  </Td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </Table>
  );
}
