import { sql, type Kysely } from 'kysely';
import {
  AUDIT_LOG_COUNT_CAP,
  auditEventLabel,
  AuditRole,
  type AuditLogEntry,
  type AuditLogFacetsResponse,
  type AuditLogFilters,
  type AuditLogResponse,
} from '@goldledger/contracts';
import type { AuditLogRow } from '@goldledger/projections';
import type { Database } from '../platform/platform.js';
import { readModel } from '../platform/read-models.js';
import {
  and,
  auditTables,
  conditions,
  formatCursor,
  fromReadModel,
  lanesOf,
  LOG,
  matchesNothing,
  parseCursor,
  resolve,
  type Cursor,
  type Resolved,
} from './audit-log.filters.js';

/**
 * The admins' audit search over the `audit-log` read model (projections/src/audit-log).
 *
 * Every page is newest first by (recorded_at, global_position) and continues from a
 * cursor (keyset), so page 500 costs what page 1 does. Each filter has an index ending
 * in those two columns: a page is an in-order index range that stops at the limit.
 * Free-text parts (actor, q) are first resolved against the small facet tables to ids
 * and event types, so the big table is only ever searched by equality or a prefix.
 * Counting stops at AUDIT_LOG_COUNT_CAP: an exact count of millions of rows is slow and
 * tells an auditor nothing "10,000+" does not.
 */

/**
 * An audit_log row as the page query reads it back: timestamps as Dates, and
 * `recorded_key`, recorded_at to the microsecond for the cursor (a JS Date keeps
 * milliseconds).
 */
type LogRow = Omit<AuditLogRow, 'transaction_id' | 'occurred_at' | 'recorded_at'> & {
  occurred_at: Date;
  recorded_at: Date;
  recorded_key: string;
};

const COLUMNS = sql`l.global_position::text as global_position, l.event_id::text as event_id,
  l.stream_id, l.stream_type, l.stream_position, l.event_type, l.actor_id, l.actor_role,
  l.actor_name, l.client_ip, l.correlation_id, l.occurred_at, l.recorded_at, l.detail,
  to_char(l.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as recorded_key`;

/**
 * The newest `limit` rows matching, after `cursor`. SQL, like the filters (conditions on
 * `l`): the statement is shaped for the indexes (a lateral index walk per value, merged
 * before whole rows are fetched), and written out that shape stays visible.
 */
async function newestRows(
  db: Kysely<Database>,
  r: Resolved,
  limit: number,
  cursor?: Cursor,
): Promise<LogRow[]> {
  const merge = lanesOf(r);
  if (!merge) {
    const { rows } = await sql<LogRow>`
      select ${COLUMNS} from ${LOG} l where ${and(conditions(r, { cursor }))}
      order by l.recorded_at desc, l.global_position desc limit ${limit}`.execute(db);
    return rows;
  }
  // Each walk reads positions from its index alone; only the page's winners are fetched whole.
  const where = and(conditions(r, { cursor, without: merge.without }));
  const walks = merge.lanes.map(
    (lane) => sql`
      select p.recorded_at, p.global_position from unnest(${lane.values}::text[]) as v(value)
      cross join lateral (
        select l.recorded_at, l.global_position from ${LOG} l
        where ${sql.ref(`l.${lane.column}`)} = v.value and ${where}
        order by l.recorded_at desc, l.global_position desc limit ${limit}
      ) p`,
  );
  const { rows } = await sql<LogRow>`
    with top as (
      select global_position from (${sql.join(walks, sql` union `)}) w
      order by recorded_at desc, global_position desc limit ${limit}
    )
    select ${COLUMNS} from top join ${LOG} l on l.global_position = top.global_position
    order by l.recorded_at desc, l.global_position desc`.execute(db);
  return rows;
}

/** Matches, counted up to the cap. */
async function cappedCount(db: Kysely<Database>, r: Resolved): Promise<AuditLogResponse['total']> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from (
      select 1 from ${LOG} l where ${and(conditions(r))} limit ${AUDIT_LOG_COUNT_CAP + 1}
    ) s`.execute(db);
  const n = rows[0]?.n ?? 0;
  return n > AUDIT_LOG_COUNT_CAP
    ? { value: AUDIT_LOG_COUNT_CAP, relation: 'gte' }
    : { value: n, relation: 'eq' };
}

const LOAN_STREAM = /^loan(?:-photos)?-([0-9a-f-]{36})$/;

/** GL numbers of the loans the rows belong to (deleted loans too: their history stays). */
async function loanIdsOf(db: Kysely<Database>, rows: readonly LogRow[]): Promise<Map<string, string>> {
  const uuids = [
    ...new Set(rows.map((r) => LOAN_STREAM.exec(r.stream_id)?.[1]).filter((u): u is string => !!u)),
  ];
  if (uuids.length === 0) return new Map();
  const loans = await fromReadModel(
    readModel(db, 'rm_loans')
      .selectFrom('loans')
      .select(['loan_uuid', 'loan_id'])
      .where('loan_uuid', 'in', uuids)
      .execute(),
  );
  return new Map(loans.map((l) => [l.loan_uuid, l.loan_id]));
}

function toEntry(row: LogRow, loanIds: ReadonlyMap<string, string>): AuditLogEntry {
  const loanUuid = LOAN_STREAM.exec(row.stream_id)?.[1];
  const role = AuditRole.safeParse(row.actor_role);
  return {
    position: row.global_position,
    eventId: row.event_id,
    eventType: row.event_type,
    summary: row.detail
      ? `${auditEventLabel(row.event_type)}: ${row.detail}`
      : auditEventLabel(row.event_type),
    streamId: row.stream_id,
    streamType: row.stream_type,
    streamPosition: row.stream_position,
    actor:
      row.actor_id && role.success ? { id: row.actor_id, role: role.data, name: row.actor_name ?? '' } : null,
    clientIp: row.client_ip,
    correlationId: row.correlation_id,
    occurredAt: new Date(row.occurred_at).toISOString(),
    recordedAt: new Date(row.recorded_at).toISOString(),
    loan: loanUuid ? { uuid: loanUuid, loanId: loanIds.get(loanUuid) ?? null } : null,
  };
}

/** One page of the audit log, newest first, with the (capped) count of all matches. */
export async function searchAuditLog(
  db: Kysely<Database>,
  filters: AuditLogFilters,
  page: { limit: number; cursor?: string | undefined },
): Promise<AuditLogResponse> {
  const resolved = await resolve(db, filters);
  if (matchesNothing(resolved)) {
    return { data: [], total: { value: 0, relation: 'eq' }, page: { limit: page.limit, nextCursor: null } };
  }
  const cursor = page.cursor ? parseCursor(page.cursor) : undefined;
  const [rows, total] = await Promise.all([
    newestRows(db, resolved, page.limit + 1, cursor),
    cappedCount(db, resolved),
  ]);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  const loanIds = await loanIdsOf(db, shown);
  return {
    data: shown.map((r) => toEntry(r, loanIds)),
    total,
    page: {
      limit: page.limit,
      nextCursor:
        rows.length > page.limit && last
          ? formatCursor({ recordedAt: last.recorded_key, position: last.global_position })
          : null,
    },
  };
}

/** The newest `cap` matches, for the CSV export. */
export async function exportAuditLog(
  db: Kysely<Database>,
  filters: AuditLogFilters,
  cap: number,
): Promise<{ rows: AuditLogEntry[]; truncated: boolean }> {
  const resolved = await resolve(db, filters);
  if (matchesNothing(resolved)) return { rows: [], truncated: false };
  const rows = await newestRows(db, resolved, cap + 1);
  const shown = rows.slice(0, cap);
  const loanIds = await loanIdsOf(db, shown);
  return { rows: shown.map((r) => toEntry(r, loanIds)), truncated: rows.length > cap };
}

/** The filter choices: event types seen, roles, staff and system actors. */
export async function auditLogFacets(db: Kysely<Database>): Promise<AuditLogFacetsResponse> {
  const audit = auditTables(db);
  const [types, actors] = await Promise.all([
    audit.selectFrom('audit_event_types').select(['event_type', 'events']).orderBy('event_type').execute(),
    audit
      .selectFrom('audit_actors')
      .select(['actor_id', 'actor_name', 'actor_role', 'events'])
      .where('actor_role', '<>', 'customer')
      .orderBy('last_recorded_at', 'desc')
      .limit(1000)
      .execute(),
  ]);
  // One entry per actor: their latest name, all their events.
  const byId = new Map<string, { id: string; name: string; role: string; events: number }>();
  for (const a of actors) {
    const seen = byId.get(a.actor_id);
    if (seen) seen.events += Number(a.events);
    else
      byId.set(a.actor_id, {
        id: a.actor_id,
        name: a.actor_name,
        role: a.actor_role,
        events: Number(a.events),
      });
  }
  return {
    eventTypes: types
      .map((t) => ({ type: t.event_type, label: auditEventLabel(t.event_type), events: Number(t.events) }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    roles: [...AuditRole.options],
    actors: [...byId.values()].sort((a, b) => b.events - a.events).slice(0, 200),
  };
}
