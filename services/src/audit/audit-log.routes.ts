import type { Kysely } from 'kysely';
import {
  AUDIT_LOG_EXPORT_CAP,
  AuditLogFacetsResponse,
  AuditLogFilters,
  AuditLogQuery,
  AuditLogResponse,
  ErrorResponse,
  maskAadhar,
  type AuditLogEntry,
  businessDate,
} from '@goldledger/contracts';
import { ADMIN_READERS, sessionOf } from '../identity/access.plugin.js';
import { type Clock } from '../platform/clock.js';
import type { App } from '../platform/http/app.js';
import { auditLogFacets, exportAuditLog, searchAuditLog } from './audit-log.queries.js';
import type { Database } from '../platform/platform.js';

export interface AuditLogDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** Admins and auditors: who did what is the auditor's first question. */
const READERS = ADMIN_READERS;

/**
 * An entry as the reader may see it: the Aadhar claim streams are named by the number
 * (`customer-aadhar:<12 digits>`); auditors, like everyone but admins, see it masked.
 */
export function entryForReader(entry: AuditLogEntry, fullAadhar: boolean): AuditLogEntry {
  if (fullAadhar) return entry;
  return { ...entry, streamId: entry.streamId.replace(/(?<!\d)\d{12}(?!\d)/g, (n) => maskAadhar(n)) };
}

/** Asia/Kolkata has no daylight saving: an instant there is UTC + 5:30. */
const IST_OFFSET_MS = 330 * 60_000;
export const istTimestamp = (iso: string) =>
  new Date(new Date(iso).getTime() + IST_OFFSET_MS).toISOString().replace('Z', '+05:30');

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A field a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR) gets a leading `'`:
 * actor names and stream ids come from users.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const CSV_COLUMNS: ReadonlyArray<[string, (e: AuditLogEntry) => string | number | null]> = [
  ['Recorded at (IST)', (e) => istTimestamp(e.recordedAt)],
  ['Occurred at (IST)', (e) => istTimestamp(e.occurredAt)],
  ['Event', (e) => e.summary],
  ['Event type', (e) => e.eventType],
  ['Actor', (e) => e.actor?.name ?? null],
  ['Role', (e) => e.actor?.role ?? null],
  ['Actor ID', (e) => e.actor?.id ?? null],
  ['IP', (e) => e.clientIp],
  ['Loan ID', (e) => e.loan?.loanId ?? null],
  ['Stream', (e) => e.streamId],
  ['Stream position', (e) => e.streamPosition],
  ['Correlation ID', (e) => e.correlationId],
  ['Event ID', (e) => e.eventId],
  ['Position', (e) => e.position],
];

export function auditCsv(rows: readonly AuditLogEntry[]): string {
  const lines = [CSV_COLUMNS.map(([name]) => csvField(name)).join(',')];
  for (const row of rows) lines.push(CSV_COLUMNS.map(([, get]) => csvField(get(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Headers saying how much of the filter's matches the CSV holds. */
export const EXPORT_HEADERS = {
  rows: 'x-export-rows',
  limit: 'x-export-limit',
  truncated: 'x-export-truncated',
} as const;

/** Issue 8: who did what, when, from where. Admins and auditors; reads the audit-log read model. */
export function registerAuditLogRoutes(app: App, deps: AuditLogDeps): void {
  app.get(
    '/api/admin/audit-log',
    {
      config: { access: READERS },
      schema: { querystring: AuditLogQuery, response: { 200: AuditLogResponse, 400: ErrorResponse } },
    },
    async (request) => {
      const { limit, cursor, ...filters } = request.query;
      const found = await searchAuditLog(deps.db, filters, { limit, cursor });
      const fullAadhar = sessionOf(request).role === 'admin';
      return { ...found, data: found.data.map((e) => entryForReader(e, fullAadhar)) };
    },
  );

  app.get(
    '/api/admin/audit-log/facets',
    { config: { access: READERS }, schema: { response: { 200: AuditLogFacetsResponse } } },
    async () => auditLogFacets(deps.db),
  );

  app.get(
    '/api/admin/audit-log/export',
    {
      config: { access: READERS },
      // No response schema: the answer is CSV text, not JSON.
      schema: { querystring: AuditLogFilters },
    },
    async (request, reply) => {
      const { rows: found, truncated } = await exportAuditLog(deps.db, request.query, AUDIT_LOG_EXPORT_CAP);
      const fullAadhar = sessionOf(request).role === 'admin';
      const rows = found.map((e) => entryForReader(e, fullAadhar));
      const day = businessDate(deps.clock.now());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
        .header(EXPORT_HEADERS.rows, String(rows.length))
        .header(EXPORT_HEADERS.limit, String(AUDIT_LOG_EXPORT_CAP))
        .header(EXPORT_HEADERS.truncated, String(truncated))
        .send(auditCsv(rows));
    },
  );
}
