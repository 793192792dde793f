import { AUDIT_LOG_EXPORT_CAP, type AuditLogEntry, type AuditLogResponse } from '@goldledger/contracts';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { SearchBox } from '@/components/ui/search-box';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { loanAuditPath } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { downloadAuditCsv } from '../api/export-audit-log';
import { useAuditFacets } from '../api/get-audit-facets';
import { useAuditLog } from '../api/get-audit-log';
import {
  filtersFromParams,
  filtersToParams,
  hasFilters,
  NO_FILTERS,
  TYPED_KEYS,
  type AuditFilterValues,
  type FilterKey,
} from '../filters';
import styles from './audit-log.module.css';

export const AUDIT_TEXTS = {
  empty: 'No audit events found',
  fetchFailed: 'Failed to fetch the audit log',
  badFilter: 'Check the filters',
  noToken: 'No authentication token found',
} as const;

const TYPING_DEBOUNCE_MS = 300;
const ROLE_LABELS: Record<string, string> = {
  admin: 'Admin',
  employee: 'Employee',
  customer: 'Customer',
  system: 'System',
};
const ROLE_TONES: Record<string, BadgeTone> = {
  admin: 'gold',
  employee: 'info',
  customer: 'success',
  system: 'neutral',
};
/** A command's clock and the store's write this far apart: history entered later, a back-fill. */
const LATE_WRITE_MS = 60_000;

const events = (n: number) => `${formatNumber(n)} ${n === 1 ? 'event' : 'events'}`;

function countText(data: AuditLogResponse, page: number): string {
  const { value, relation } = data.total;
  if (value === 0) return 'No events match';
  const first = (page - 1) * data.page.limit + 1;
  const last = first + data.data.length - 1;
  const total = relation === 'gte' ? `more than ${events(value)}` : events(value);
  return `Showing ${formatNumber(first)}–${formatNumber(last)} of ${total}`;
}

/**
 * Issue 8: every command's event with who made it and from where, for admins. Filters
 * live in the address bar (a search can be bookmarked or shared); the list pages with
 * the server's cursor, newest first.
 */
export function AuditLogPage() {
  const { token } = useAuth();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState<AuditFilterValues>(() => filtersFromParams(params));
  const settled = useDebouncedValue(draft, TYPING_DEBOUNCE_MS);
  // Choices apply at once; typed text once typing pauses.
  const applied = useMemo(() => {
    const values = { ...draft };
    for (const key of TYPED_KEYS) values[key] = settled[key];
    return values;
  }, [draft, settled]);
  const filterKey = filtersToParams(applied).toString();
  useEffect(() => {
    if (filterKey !== filtersToParams(filtersFromParams(params)).toString()) {
      setParams(new URLSearchParams(filterKey), { replace: true });
    }
  }, [filterKey, params, setParams]);

  // The cursors of the pages walked so far; a new filter starts again at the newest.
  const [paging, setPaging] = useState<{ key: string; cursors: Array<string | null> }>({
    key: filterKey,
    cursors: [null],
  });
  const cursors = paging.key === filterKey ? paging.cursors : [null];
  const page = cursors.length;
  const { data, error, isLoading, mutate } = useAuditLog(applied, cursors.at(-1) ?? null);
  const facets = useAuditFacets();
  const [downloading, setDownloading] = useState(false);

  const set = (key: FilterKey, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const actorListId = useId();

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

  const badFilter = error instanceof ApiError && error.status === 400;
  let body;
  if (!token) {
    body = <ErrorState title={AUDIT_TEXTS.noToken} message="Please sign in again." />;
  } else if (badFilter) {
    body = (
      <Alert tone="error" title={AUDIT_TEXTS.badFilter}>
        {errorMessage(error, 'One of the filters is not valid.')}
      </Alert>
    );
  } else if (error && !data) {
    body = (
      <ErrorState
        title={AUDIT_TEXTS.fetchFailed}
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void mutate()}
      />
    );
  } else if (!data) {
    body = <Loading text="Loading the audit log..." />;
  } else {
    const rows = data.data;
    const capped = data.total.relation === 'gte' || data.total.value > AUDIT_LOG_EXPORT_CAP;
    body = (
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
              {capped
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
                <Button variant="secondary" onClick={() => setDraft(NO_FILTERS)}>
                  Clear filters
                </Button>
              ) : undefined
            }
          />
        ) : (
          <Table caption="Audit log events" hideCaption aria-busy={isLoading || undefined} maxHeight="70vh">
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
                <AuditRow key={entry.eventId} entry={entry} onRequest={(id) => set('correlationId', id)} />
              ))}
            </tbody>
          </Table>
        )}
        {(page > 1 || data.page.nextCursor) && (
          <nav className={styles.pager} aria-label="Audit log pages">
            <Button
              variant="secondary"
              size="sm"
              disabled={page <= 1}
              onClick={() => setPaging({ key: filterKey, cursors: cursors.slice(0, -1) })}
            >
              Newer
            </Button>
            <span>Page {formatNumber(page)}</span>
            <Button
              variant="secondary"
              size="sm"
              disabled={!data.page.nextCursor || isLoading}
              onClick={() =>
                setPaging({ key: filterKey, cursors: [...cursors, data.page.nextCursor ?? null] })
              }
            >
              Older
            </Button>
          </nav>
        )}
      </>
    );
  }

  const eventTypes = facets.data?.eventTypes ?? [];
  const chosenTypeKnown = !draft.eventType || eventTypes.some((t) => t.type === draft.eventType);

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Audit Log"
        description="Every recorded action: who did it, in which role, from which address and when. Newest first."
      />
      <form
        className={styles.filters}
        role="search"
        aria-label="Filter the audit log"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className={styles.search}>
          <SearchBox
            label="Search"
            placeholder="Name, event or loan number"
            value={draft.q}
            onChange={(v) => set('q', v)}
            maxLength={100}
          />
        </div>
        <Input
          label="Actor"
          placeholder="Name or ID"
          value={draft.actor}
          onChange={(e) => set('actor', e.target.value)}
          list={actorListId}
          autoComplete="off"
          maxLength={100}
        />
        <datalist id={actorListId}>
          {facets.data?.actors.map((a) => (
            <option key={a.id} value={a.name} />
          ))}
        </datalist>
        <Select label="Role" value={draft.role} onChange={(e) => set('role', e.target.value)}>
          <option value="">Any role</option>
          {(facets.data?.roles ?? Object.keys(ROLE_LABELS)).map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role] ?? role}
            </option>
          ))}
        </Select>
        <Input
          label="IP address"
          placeholder="e.g. 203.0.113.7"
          hint="Or its start: 203.0.113."
          value={draft.ip}
          onChange={(e) => set('ip', e.target.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
        />
        <Select
          label="Event type"
          value={draft.eventType}
          onChange={(e) => set('eventType', e.target.value)}
          hint={facets.error ? 'The list of event types could not be loaded.' : undefined}
        >
          <option value="">Any event</option>
          {!chosenTypeKnown && <option value={draft.eventType}>{draft.eventType}</option>}
          {eventTypes.map((t) => (
            <option key={t.type} value={t.type}>
              {t.label} ({formatNumber(t.events)})
            </option>
          ))}
        </Select>
        <Input
          label="Loan or stream"
          placeholder="GL or CUS number"
          hint="Or a stream ID or UUID"
          value={draft.stream}
          onChange={(e) => set('stream', e.target.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
        />
        <Input
          label="Request ID"
          hint="The correlation ID of one request"
          value={draft.correlationId}
          onChange={(e) => set('correlationId', e.target.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
        />
        <Input
          label="From date"
          type="date"
          value={draft.from}
          max={draft.to || undefined}
          onChange={(e) => set('from', e.target.value)}
        />
        <Input
          label="To date"
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          onChange={(e) => set('to', e.target.value)}
        />
        <div className={styles.formActions}>
          <Button variant="ghost" disabled={!hasFilters(draft)} onClick={() => setDraft(NO_FILTERS)}>
            Clear filters
          </Button>
        </div>
      </form>
      {body}
    </>
  );
}

function AuditRow({ entry, onRequest }: { entry: AuditLogEntry; onRequest: (id: string) => void }) {
  const late = Math.abs(Date.parse(entry.recordedAt) - Date.parse(entry.occurredAt)) > LATE_WRITE_MS;
  return (
    <tr data-testid="audit-row" data-event-type={entry.eventType} data-event-id={entry.eventId}>
      <Td className={styles.time}>
        <time dateTime={entry.recordedAt}>{formatDateTime(entry.recordedAt)}</time>
        {late && <span className={styles.muted}>Happened {formatDateTime(entry.occurredAt)}</span>}
      </Td>
      <Td className={styles.actor}>
        {entry.actor ? (
          <>
            <strong>{entry.actor.name || 'Unknown'}</strong>
            <Badge tone={ROLE_TONES[entry.actor.role] ?? 'neutral'}>
              {ROLE_LABELS[entry.actor.role] ?? entry.actor.role}
            </Badge>
          </>
        ) : (
          <span className={styles.muted}>Not recorded</span>
        )}
      </Td>
      <Td className={styles.ip}>{entry.clientIp ?? <span className={styles.muted}>—</span>}</Td>
      <Td className={styles.event}>
        <span>{entry.summary}</span>
        <span className={styles.code}>{entry.eventType}</span>
      </Td>
      <Td className={styles.stream}>
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
      <Td>
        {entry.correlationId ? (
          <button
            type="button"
            className={styles.requestButton}
            title={entry.correlationId}
            aria-label={`Show every event of request ${entry.correlationId}`}
            onClick={() => onRequest(entry.correlationId!)}
          >
            {entry.correlationId.length > 12 ? `${entry.correlationId.slice(0, 8)}…` : entry.correlationId}
          </button>
        ) : (
          <span className={styles.muted}>—</span>
        )}
      </Td>
    </tr>
  );
}
