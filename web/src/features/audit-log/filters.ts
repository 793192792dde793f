import { AUDIT_LOG_DEFAULT_LIMIT } from '@goldledger/contracts';

/** The audit search's filters as the form and the address bar hold them: text, empty when unset. */
export const FILTER_KEYS = [
  'q',
  'actor',
  'role',
  'ip',
  'eventType',
  'stream',
  'correlationId',
  'from',
  'to',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type AuditFilterValues = Record<FilterKey, string>;

export const NO_FILTERS: AuditFilterValues = Object.freeze(
  Object.fromEntries(FILTER_KEYS.map((k) => [k, ''])) as AuditFilterValues,
);

/** The filters in a query string (`?actor=ravi&from=2026-11-01`); unknown keys are ignored. */
export function filtersFromParams(params: URLSearchParams): AuditFilterValues {
  const values = { ...NO_FILTERS };
  for (const key of FILTER_KEYS) values[key] = params.get(key) ?? '';
  return values;
}

/** The set filters only, trimmed, in a fixed order: one filter, one cache key and one URL. */
export function filtersToParams(values: AuditFilterValues): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = values[key].trim();
    if (value) params.set(key, value);
  }
  return params;
}

export const hasFilters = (values: AuditFilterValues) => filtersToParams(values).size > 0;

/** `GET /api/admin/audit-log?…`: one page of the filter, from `cursor` (the first page without). */
export function auditLogPath(
  values: AuditFilterValues,
  cursor: string | null,
  limit = AUDIT_LOG_DEFAULT_LIMIT,
) {
  const params = filtersToParams(values);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return `/api/admin/audit-log?${params.toString()}`;
}

/** `GET /api/admin/audit-log/export?…`: the filter as CSV. */
export function auditExportPath(values: AuditFilterValues) {
  const query = filtersToParams(values).toString();
  return `/api/admin/audit-log/export${query ? `?${query}` : ''}`;
}

/** Typed text waits for a pause; choices (role, event type, dates) apply at once. */
export const TYPED_KEYS: ReadonlySet<FilterKey> = new Set(['q', 'actor', 'ip', 'stream', 'correlationId']);
