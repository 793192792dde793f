import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  addDays,
  ADMIN_NOTIFICATION_STREAM_TYPE,
  AUDIT_LOG_COUNT_CAP,
  auditEventLabel,
  AuditRole,
  CUSTOMER_STREAM_TYPE,
  customerStreamId,
  LOAN_PHOTOS_STREAM_TYPE,
  LOAN_STREAM_TYPE,
  loanPhotosStreamId,
  loanStreamId,
  parseIpFilter,
  type AuditLogEntry,
  type AuditLogFacetsResponse,
  type AuditLogFilters,
  type AuditLogResponse,
} from '@goldledger/contracts';
import { CONTACT_STREAM_TYPE } from '../contact/contact.decider.js';
import { USER_STREAM_TYPE } from '../identity/user.decider.js';

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

const LOG = sql.table('rm_audit_log.audit_log');
const ACTORS = sql.table('rm_audit_log.audit_actors');
const EVENT_TYPES = sql.table('rm_audit_log.audit_event_types');

/** A business date's first instant in Asia/Kolkata (no daylight saving: always +05:30). */
const startOfDay = (date: string) => `${date}T00:00:00+05:30`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every stream type whose id is `<type>-<uuid>`: a bare uuid may name any of them. */
const UUID_STREAM_TYPES = [
  LOAN_STREAM_TYPE,
  LOAN_PHOTOS_STREAM_TYPE,
  CUSTOMER_STREAM_TYPE,
  USER_STREAM_TYPE,
  CONTACT_STREAM_TYPE,
  ADMIN_NOTIFICATION_STREAM_TYPE,
];

/** `%`, `_` and `\` match themselves in the ILIKE patterns below. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Another slice's read model; while it is first being created, as if it had no rows. */
async function fromReadModel<T>(query: Promise<{ rows: T[] }>): Promise<T[]> {
  try {
    return (await query).rows;
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return [];
    throw error;
  }
}

/** Where a page starts: after the row with this recorded time (µs) and position. */
interface Cursor {
  recordedAt: string;
  position: string;
}

export function parseCursor(text: string): Cursor {
  const [recordedAt, position] = text.split('_') as [string, string];
  return { recordedAt, position };
}

const formatCursor = (c: Cursor) => `${c.recordedAt}_${c.position}`;

/** The filters with their free text resolved to ids, types and stream ids. */
interface Resolved {
  /** null: no actor filter; empty: nobody matched (so nothing can). */
  actorIds: string[] | null;
  /** The `q` alternatives; null without q. */
  q: { actorIds: string[]; eventTypes: string[]; streamIds: string[] } | null;
  streamIds: string[] | null;
  filters: AuditLogFilters;
}

/** Actors whose id or any name they acted under contains `text` (case-insensitive). */
async function actorsMatching(db: Kysely<any>, text: string): Promise<string[]> {
  const pattern = `%${likeEscape(text)}%`;
  const { rows } = await sql<{ actor_id: string }>`
    select distinct actor_id from ${ACTORS}
    where actor_id ilike ${pattern} or actor_name ilike ${pattern}`.execute(db);
  return rows.map((r) => r.actor_id);
}

/**
 * The streams a "loan or stream" filter names: a GL loan number → the loan's stream and
 * its photos' stream; a CUS customer number → the customer's stream; a bare uuid → each
 * `<type>-<uuid>` stream; anything else → that stream id as written.
 */
async function streamsNamed(db: Kysely<any>, ref: string): Promise<string[]> {
  const value = ref.trim();
  if (/^GL\d+$/i.test(value)) {
    const rows = await fromReadModel(
      sql<{ loan_uuid: string }>`
        select loan_uuid::text from rm_loans.loans where loan_id = ${value.toUpperCase()}`.execute(db),
    );
    return rows.flatMap((r) => [loanStreamId(r.loan_uuid), loanPhotosStreamId(r.loan_uuid)]);
  }
  if (/^CUS\d+$/i.test(value)) {
    const rows = await fromReadModel(
      sql<{ customer_uuid: string }>`
        select customer_uuid::text from rm_customers.customers
        where customer_id = ${value.toUpperCase()}`.execute(db),
    );
    return rows.map((r) => customerStreamId(r.customer_uuid));
  }
  if (UUID.test(value)) return UUID_STREAM_TYPES.map((type) => `${type}-${value.toLowerCase()}`);
  return [value];
}

/** Event types whose name or words contain `text` ("gold rate" finds GoldRateUpdated). */
async function eventTypesMatching(db: Kysely<any>, text: string): Promise<string[]> {
  const needle = text.toLowerCase();
  const squashed = needle.replace(/\s+/g, '');
  const { rows } = await sql<{ event_type: string }>`select event_type from ${EVENT_TYPES}`.execute(db);
  return rows
    .map((r) => r.event_type)
    .filter(
      (type) => type.toLowerCase().includes(squashed) || auditEventLabel(type).toLowerCase().includes(needle),
    );
}

async function resolve(db: Kysely<any>, filters: AuditLogFilters): Promise<Resolved> {
  const [actorIds, streamIds, q] = await Promise.all([
    filters.actor ? actorsMatching(db, filters.actor) : null,
    filters.stream ? streamsNamed(db, filters.stream) : null,
    filters.q
      ? Promise.all([
          actorsMatching(db, filters.q),
          eventTypesMatching(db, filters.q),
          streamsNamed(db, filters.q),
        ]).then(([a, t, s]) => ({ actorIds: a, eventTypes: t, streamIds: s }))
      : null,
  ]);
  return { actorIds, streamIds, q, filters };
}

/** Nothing can match: a free-text part found nobody and nothing. */
const matchesNothing = (r: Resolved) =>
  r.actorIds?.length === 0 ||
  r.streamIds?.length === 0 ||
  (r.q !== null && r.q.actorIds.length + r.q.eventTypes.length + r.q.streamIds.length === 0);

interface ConditionOptions {
  cursor?: Cursor | undefined;
  /** Leave out the actor filter or q: a merge of index walks (lanes) applies it instead. */
  without?: 'actor' | 'q';
}

/** The filters as conditions on `l` (an audit_log row). */
function conditions(r: Resolved, options: ConditionOptions = {}): RawBuilder<unknown>[] {
  const f = r.filters;
  const where: RawBuilder<unknown>[] = [];
  const ids = r.actorIds;
  if (ids && options.without !== 'actor') {
    where.push(ids.length === 1 ? sql`l.actor_id = ${ids[0]}` : sql`l.actor_id = any(${ids}::text[])`);
  }
  if (f.role) where.push(sql`l.actor_role = ${f.role}`);
  if (f.ip) {
    const ip = parseIpFilter(f.ip)!;
    where.push(
      ip.kind === 'exact'
        ? sql`l.client_ip = ${ip.ip}`
        : sql`l.client_ip like ${`${likeEscape(ip.prefix)}%`}`,
    );
  }
  if (f.eventType) where.push(sql`l.event_type = ${f.eventType}`);
  if (r.streamIds) where.push(sql`l.stream_id = any(${r.streamIds}::text[])`);
  if (f.correlationId) where.push(sql`l.correlation_id = ${f.correlationId}`);
  if (f.from) where.push(sql`l.recorded_at >= ${startOfDay(f.from)}::timestamptz`);
  if (f.to) where.push(sql`l.recorded_at < ${startOfDay(addDays(f.to, 1))}::timestamptz`);
  if (r.q && options.without !== 'q') {
    where.push(sql`(l.actor_id = any(${r.q.actorIds}::text[])
      or l.event_type = any(${r.q.eventTypes}::text[])
      or l.stream_id = any(${r.q.streamIds}::text[]))`);
  }
  if (options.cursor) {
    const { recordedAt, position } = options.cursor;
    where.push(sql`(l.recorded_at, l.global_position) < (${recordedAt}::timestamptz, ${position}::bigint)`);
  }
  return where;
}

/** One index walk of a merge: the rows whose `column` is one of `values`, newest first. */
interface Lane {
  column: 'actor_id' | 'event_type' | 'stream_id';
  values: readonly string[];
}

/**
 * When a page is best read as a merge of index walks: several actors (a part of a name
 * that several people share), or q's alternatives (actors, event types, streams). Each
 * value's newest rows come in order from an index ending in (recorded_at,
 * global_position); merging the walks beats fetching and sorting every match, which is
 * what Postgres 15 does for `= any(…)` or an OR. Not with a narrow filter (an IP, an
 * event type, a stream, a request): then the planner's pick of that filter's index wins.
 */
function lanesOf(r: Resolved): { lanes: Lane[]; without: 'actor' | 'q' } | null {
  const f = r.filters;
  if (f.ip || f.eventType || f.stream || f.correlationId) return null;
  const ids = r.actorIds;
  if (ids && ids.length > 1 && ids.length <= MERGE_UP_TO) {
    return { lanes: [{ column: 'actor_id', values: ids }], without: 'actor' };
  }
  if (r.q && !ids) {
    const lanes: Lane[] = [
      { column: 'actor_id', values: r.q.actorIds },
      { column: 'event_type', values: r.q.eventTypes },
      { column: 'stream_id', values: r.q.streamIds },
    ];
    const values = lanes.reduce((n, l) => n + l.values.length, 0);
    if (values > 1 && values <= MERGE_UP_TO)
      return { lanes: lanes.filter((l) => l.values.length > 0), without: 'q' };
  }
  return null;
}

const and = (parts: RawBuilder<unknown>[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

interface LogRow {
  global_position: string;
  event_id: string;
  stream_id: string;
  stream_type: string;
  stream_position: number;
  event_type: string;
  actor_id: string | null;
  actor_role: string | null;
  actor_name: string | null;
  client_ip: string | null;
  correlation_id: string | null;
  occurred_at: Date;
  recorded_at: Date;
  /** recorded_at to the microsecond, for the cursor (a JS Date keeps milliseconds). */
  recorded_key: string;
}

const COLUMNS = sql`l.global_position::text as global_position, l.event_id::text as event_id,
  l.stream_id, l.stream_type, l.stream_position, l.event_type, l.actor_id, l.actor_role,
  l.actor_name, l.client_ip, l.correlation_id, l.occurred_at, l.recorded_at,
  to_char(l.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as recorded_key`;
/** Up to this many values, a page merges each one's newest rows (lanesOf). */
const MERGE_UP_TO = 200;

/** The newest `limit` rows matching, after `cursor`. */
async function newestRows(db: Kysely<any>, r: Resolved, limit: number, cursor?: Cursor): Promise<LogRow[]> {
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
async function cappedCount(db: Kysely<any>, r: Resolved): Promise<AuditLogResponse['total']> {
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
async function loanIdsOf(db: Kysely<any>, rows: readonly LogRow[]): Promise<Map<string, string>> {
  const uuids = [
    ...new Set(rows.map((r) => LOAN_STREAM.exec(r.stream_id)?.[1]).filter((u): u is string => !!u)),
  ];
  if (uuids.length === 0) return new Map();
  const loans = await fromReadModel(
    sql<{ loan_uuid: string; loan_id: string }>`
      select loan_uuid::text, loan_id from rm_loans.loans where loan_uuid = any(${uuids}::uuid[])`.execute(
      db,
    ),
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
    summary: auditEventLabel(row.event_type),
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
  db: Kysely<any>,
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
  db: Kysely<any>,
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
export async function auditLogFacets(db: Kysely<any>): Promise<AuditLogFacetsResponse> {
  const [types, actors] = await Promise.all([
    sql<{ event_type: string; events: string }>`
      select event_type, events::text from ${EVENT_TYPES} order by event_type`.execute(db),
    sql<{ actor_id: string; actor_name: string; actor_role: string; events: string; last: Date }>`
      select actor_id, actor_name, actor_role, events::text, last_recorded_at as last
      from ${ACTORS} where actor_role <> 'customer'
      order by last_recorded_at desc limit 1000`.execute(db),
  ]);
  // One entry per actor: their latest name, all their events.
  const byId = new Map<string, { id: string; name: string; role: string; events: number }>();
  for (const a of actors.rows) {
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
    eventTypes: types.rows
      .map((t) => ({ type: t.event_type, label: auditEventLabel(t.event_type), events: Number(t.events) }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    roles: [...AuditRole.options],
    actors: [...byId.values()].sort((a, b) => b.events - a.events).slice(0, 200),
  };
}
