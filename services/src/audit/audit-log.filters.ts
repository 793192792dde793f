import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  addDays,
  ADMIN_NOTIFICATION_STREAM_TYPE,
  auditEventLabel,
  CUSTOMER_STREAM_TYPE,
  customerStreamId,
  LOAN_PHOTOS_STREAM_TYPE,
  LOAN_STREAM_TYPE,
  loanPhotosStreamId,
  loanStreamId,
  parseIpFilter,
  type AuditLogFilters,
} from '@goldledger/contracts';
import { CONTACT_STREAM_TYPE } from '../contact/contact.decider.js';
import { USER_STREAM_TYPE } from '../identity/user.decider.js';
import type { Database } from '../platform/platform.js';
import { readModel } from '../platform/read-models.js';

/**
 * The audit search's filters as SQL: free text (an actor's name, a loan or customer
 * number, words of an event type) resolved first against the small facet tables and
 * read models, then conditions on `l`, an audit_log row, and the index walks a page
 * may be merged from.
 */

export const LOG = sql.table('rm_audit_log.audit_log');

/** The audit read model's tables (the log and its facet tables) by their plain names. */
export const auditTables = (db: Kysely<Database>) => readModel(db, 'rm_audit_log');

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
export async function fromReadModel<T>(query: Promise<T[]>): Promise<T[]> {
  try {
    return await query;
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return [];
    throw error;
  }
}

/** Where a page starts: after the row with this recorded time (µs) and position. */
export interface Cursor {
  recordedAt: string;
  position: string;
}

export function parseCursor(text: string): Cursor {
  const [recordedAt, position] = text.split('_') as [string, string];
  return { recordedAt, position };
}

export const formatCursor = (c: Cursor) => `${c.recordedAt}_${c.position}`;

/** The filters with their free text resolved to ids, types and stream ids. */
export interface Resolved {
  /** null: no actor filter; empty: nobody matched (so nothing can). */
  actorIds: string[] | null;
  /** The `q` alternatives; null without q. */
  q: { actorIds: string[]; eventTypes: string[]; streamIds: string[] } | null;
  streamIds: string[] | null;
  filters: AuditLogFilters;
}

/** Actors whose id or any name they acted under contains `text` (case-insensitive). */
async function actorsMatching(db: Kysely<Database>, text: string): Promise<string[]> {
  const pattern = `%${likeEscape(text)}%`;
  const rows = await auditTables(db)
    .selectFrom('audit_actors')
    .select('actor_id')
    .distinct()
    .where((eb) => eb.or([eb('actor_id', 'ilike', pattern), eb('actor_name', 'ilike', pattern)]))
    .execute();
  return rows.map((r) => r.actor_id);
}

/**
 * The streams a "loan or stream" filter names: a GL loan number → the loan's stream and
 * its photos' stream; a CUS customer number → the customer's stream; a bare uuid → each
 * `<type>-<uuid>` stream; anything else → that stream id as written.
 */
async function streamsNamed(db: Kysely<Database>, ref: string): Promise<string[]> {
  const value = ref.trim();
  if (/^GL\d+$/i.test(value)) {
    const rows = await fromReadModel(
      readModel(db, 'rm_loans')
        .selectFrom('loans')
        .select('loan_uuid')
        .where('loan_id', '=', value.toUpperCase())
        .execute(),
    );
    return rows.flatMap((r) => [loanStreamId(r.loan_uuid), loanPhotosStreamId(r.loan_uuid)]);
  }
  if (/^CUS\d+$/i.test(value)) {
    const rows = await fromReadModel(
      readModel(db, 'rm_customers')
        .selectFrom('customers')
        .select('customer_uuid')
        .where('customer_id', '=', value.toUpperCase())
        .execute(),
    );
    return rows.map((r) => customerStreamId(r.customer_uuid));
  }
  if (UUID.test(value)) return UUID_STREAM_TYPES.map((type) => `${type}-${value.toLowerCase()}`);
  return [value];
}

/** Event types whose name or words contain `text` ("gold rate" finds GoldRateUpdated). */
async function eventTypesMatching(db: Kysely<Database>, text: string): Promise<string[]> {
  const needle = text.toLowerCase();
  const squashed = needle.replace(/\s+/g, '');
  const rows = await auditTables(db).selectFrom('audit_event_types').select('event_type').execute();
  return rows
    .map((r) => r.event_type)
    .filter(
      (type) => type.toLowerCase().includes(squashed) || auditEventLabel(type).toLowerCase().includes(needle),
    );
}

export async function resolve(db: Kysely<Database>, filters: AuditLogFilters): Promise<Resolved> {
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
export const matchesNothing = (r: Resolved) =>
  r.actorIds?.length === 0 ||
  r.streamIds?.length === 0 ||
  (r.q !== null && r.q.actorIds.length + r.q.eventTypes.length + r.q.streamIds.length === 0);

interface ConditionOptions {
  cursor?: Cursor | undefined;
  /** Leave out the actor filter or q: a merge of index walks (lanes) applies it instead. */
  without?: 'actor' | 'q';
}

/** The filters as conditions on `l` (an audit_log row). */
export function conditions(r: Resolved, options: ConditionOptions = {}): RawBuilder<unknown>[] {
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

/** Up to this many values, a page merges each one's newest rows (lanesOf). */
const MERGE_UP_TO = 200;

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
export function lanesOf(r: Resolved): { lanes: Lane[]; without: 'actor' | 'q' } | null {
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

export const and = (parts: RawBuilder<unknown>[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);
