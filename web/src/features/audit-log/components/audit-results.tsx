import { AUDIT_LOG_EXPORT_CAP, type AuditLogResponse } from '@goldledger/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState } from '@/components/ui/states';
import stacked from '@/components/ui/stacked-table.module.css';
import { Table, Th } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { downloadAuditCsv } from '../api/export-audit-log';
import { AUDIT_TEXTS, countText, exportCapped } from '../audit-view';
import { hasFilters, NO_FILTERS } from '../filters';
import { AuditRow } from './audit-row';
import type { AuditSearch } from './use-audit-search';
import styles from './audit-log.module.css';

/** A page of matches: the count, the CSV download, the events, and the way to newer and older pages. */
export function AuditResults({ search, data }: { search: AuditSearch; data: AuditLogResponse }) {
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  const { applied, page, log } = search;
  const { error, isLoading, mutate } = log;
  const rows = data.data;

  async function download() {
    setDownloading(true);
    try {
      await downloadAuditCsv(applied);
    } catch (e) {
      toast.show(errorMessage(e, 'Failed to download the CSV'), 'error');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <>
      {error && (
        <ErrorState
          title={AUDIT_TEXTS.fetchFailed}
          message={errorMessage(error, 'Showing the last page fetched.')}
          onRetry={() => void mutate()}
        />
      )}
      <div className={styles.resultsBar}>
        <p className={styles.count} role="status" aria-live="polite">
          {isLoading ? 'Searching...' : countText(data, page)}
        </p>
        <div className={styles.export}>
          <Button
            variant="secondary"
            size="sm"
            loading={downloading}
            disabled={rows.length === 0}
            onClick={() => void download()}
          >
            Download CSV
          </Button>
          <p className={styles.note}>
            {exportCapped(data.total)
              ? `The CSV holds the newest ${formatNumber(AUDIT_LOG_EXPORT_CAP)} of these events.`
              : `The CSV holds up to ${formatNumber(AUDIT_LOG_EXPORT_CAP)} events, newest first.`}
          </p>
        </div>
      </div>
      {rows.length === 0 ? (
        <EmptyState
          title={AUDIT_TEXTS.empty}
          description={
            hasFilters(applied)
              ? 'No event matches these filters. Try a wider date range or clear a filter.'
              : 'Nothing has been recorded yet.'
          }
          action={
            hasFilters(applied) ? (
              <Button variant="secondary" onClick={() => search.reset(NO_FILTERS)}>
                Clear filters
              </Button>
            ) : undefined
          }
        />
      ) : (
        // On a phone each event is a card of label and value (stacked-table), so the page keeps
        // the screen's width; wider, a table that scrolls inside its own region.
        <Table
          caption="Audit log events"
          hideCaption
          aria-busy={isLoading || undefined}
          maxHeight="70vh"
          className={stacked.stack}
        >
          <thead>
            <tr>
              <Th>Time (IST)</Th>
              <Th>Actor</Th>
              <Th>IP address</Th>
              <Th>Event</Th>
              <Th>Loan or stream</Th>
              <Th>Request</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <AuditRow
                key={entry.eventId}
                entry={entry}
                onRequest={(id) => search.set('correlationId', id)}
              />
            ))}
          </tbody>
        </Table>
      )}
      {(page > 1 || data.page.nextCursor) && (
        <nav className={styles.pager} aria-label="Audit log pages">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={search.newer}>
            Newer
          </Button>
          <span>Page {formatNumber(page)}</span>
          <Button
            variant="secondary"
            size="sm"
            disabled={!data.page.nextCursor || isLoading}
            onClick={() => search.older(data.page.nextCursor ?? null)}
          >
            Older
          </Button>
        </nav>
      )}
    </>
  );
}
