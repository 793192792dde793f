import { AUDIT_LOG_EXPORT_CAP, type AuditLogEntry, type AuditLogResponse } from '@goldledger/contracts';
import type { BadgeTone } from '@/components/ui/badge';
import { formatNumber } from '@/lib/format';
import { TYPED_KEYS, type AuditFilterValues } from './filters';

/** How the audit log page reads its answers: counts, paging, roles and the rows' details. */

export const AUDIT_TEXTS = {
  empty: 'No audit events found',
  fetchFailed: 'Failed to fetch the audit log',
  badFilter: 'Check the filters',
  noToken: 'No authentication token found',
} as const;

export const ROLE_LABELS: Record<string, string> = {
  admin: 'Admin',
  employee: 'Employee',
  customer: 'Customer',
  system: 'System',
};
export const ROLE_TONES: Record<string, BadgeTone> = {
  admin: 'gold',
  employee: 'info',
  customer: 'success',
  system: 'neutral',
};

export const roleLabel = (role: string): string => ROLE_LABELS[role] ?? role;
export const roleTone = (role: string): BadgeTone => ROLE_TONES[role] ?? 'neutral';

/** A command's clock and the store's write this far apart: history entered later, a back-fill. */
const LATE_WRITE_MS = 60_000;

/** The event was written well after it happened: the row shows both times. */
export const isLateWrite = (entry: Pick<AuditLogEntry, 'recordedAt' | 'occurredAt'>): boolean =>
  Math.abs(Date.parse(entry.recordedAt) - Date.parse(entry.occurredAt)) > LATE_WRITE_MS;

/** A request ID short enough for the column: its first 8 characters when it is long. */
export const shortRequestId = (id: string): string => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

const events = (n: number) => `${formatNumber(n)} ${n === 1 ? 'event' : 'events'}`;

/** `Showing 51–100 of 230 events`; a total the server only bounds reads "more than". */
export function countText(data: Pick<AuditLogResponse, 'total' | 'page' | 'data'>, page: number): string {
  const { value, relation } = data.total;
  if (value === 0) return 'No events match';
  const first = (page - 1) * data.page.limit + 1;
  const last = first + data.data.length - 1;
  const total = relation === 'gte' ? `more than ${events(value)}` : events(value);
  return `Showing ${formatNumber(first)}–${formatNumber(last)} of ${total}`;
}

/** The export holds only the newest part of this match. */
export const exportCapped = (total: AuditLogResponse['total']): boolean =>
  total.relation === 'gte' || total.value > AUDIT_LOG_EXPORT_CAP;

/** The filters searched: choices as they are, typed text as it was when typing paused. */
export function appliedFilters(draft: AuditFilterValues, settled: AuditFilterValues): AuditFilterValues {
  const values = { ...draft };
  for (const key of TYPED_KEYS) values[key] = settled[key];
  return values;
}

/** The cursors of the pages walked so far, for one filter; another filter starts at the newest. */
export interface Paging {
  key: string;
  cursors: Array<string | null>;
}

export const cursorsFor = (paging: Paging, filterKey: string): Array<string | null> =>
  paging.key === filterKey ? paging.cursors : [null];
