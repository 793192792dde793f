import { z } from 'zod';
import { Actor } from '../event-envelope.js';
import { BusinessDate } from '../lending/dates.js';

/**
 * The admins' audit search: every event the store holds, with who caused it
 * (actor id, role, name), from where (client IP) and in which request (correlation id),
 * newest first. `GET /api/admin/audit-log`, its CSV export and its filter choices
 * (services/src/audit). Read from the `audit-log` read model, which holds no event data.
 */

/** Rows per page: default and most. */
export const AUDIT_LOG_DEFAULT_LIMIT = 50;
export const AUDIT_LOG_MAX_LIMIT = 100;
/** Matches are counted up to this many; beyond it the answer says "at least". */
export const AUDIT_LOG_COUNT_CAP = 10_000;
/** The CSV holds at most this many rows, the newest first. */
export const AUDIT_LOG_EXPORT_CAP = 10_000;

export const AuditRole = Actor.shape.role;
export type AuditRole = z.infer<typeof AuditRole>;

/** What an IP filter means: one address, or every address starting with `prefix`. */
export type IpFilter = { kind: 'exact'; ip: string } | { kind: 'prefix'; prefix: string };

const OCTET = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const isOctets = (parts: readonly string[]) => parts.every((p) => OCTET.test(p));

/**
 * `203.0.113.7` (or `…/32`): that address. `203.0.113.` / `203.0.113` / `203.0.113.*` /
 * `203.0.113.0/24` (also /16, /8): every address in that block. A full IPv6 address:
 * that address. Anything else: null. The log stores IPv4-mapped IPv6 as plain IPv4.
 */
export function parseIpFilter(text: string): IpFilter | null {
  const value = text.trim().toLowerCase();
  if (!value || value.length > 64) return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  if (mapped) return parseIpFilter(mapped[1]!);
  const cidr = /^([\d.]+)\/(\d{1,2})$/.exec(value);
  if (cidr) {
    const parts = cidr[1]!.split('.');
    const bits = Number(cidr[2]);
    if (parts.length !== 4 || !isOctets(parts) || ![8, 16, 24, 32].includes(bits)) return null;
    if (bits === 32) return { kind: 'exact', ip: parts.join('.') };
    return { kind: 'prefix', prefix: `${parts.slice(0, bits / 8).join('.')}.` };
  }
  if (/^[\d.*]+$/.test(value)) {
    const parts = value.replace(/\.\*$/, '').replace(/\.$/, '').split('.');
    if (!isOctets(parts) || parts.length > 4) return null;
    return parts.length === 4
      ? { kind: 'exact', ip: parts.join('.') }
      : { kind: 'prefix', prefix: `${parts.join('.')}.` };
  }
  if (value.includes(':') && /^[0-9a-f:.]+$/.test(value)) {
    // The URL parser checks an IPv6 address and writes it in its one canonical form.
    try {
      const host = new URL(`http://[${value}]/`).hostname;
      return { kind: 'exact', ip: host.slice(1, -1) };
    } catch {
      return null;
    }
  }
  return null;
}

/** Empty fields of a filter form arrive as `?actor=`: the same as leaving them out. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const text = (name: string, max: number) =>
  z.string().trim().max(max, `${name} must be at most ${max} characters`);

const filterFields = {
  /** Actor id or name (any name they acted under), case-insensitive, a part is enough. */
  actor: optional(text('Actor', 100)),
  role: optional(z.enum(AuditRole.options, { error: `Role must be one of ${AuditRole.options.join(', ')}` })),
  /** An address or the start of one (parseIpFilter). */
  ip: optional(
    z
      .string()
      .trim()
      .refine(
        (s) => parseIpFilter(s) !== null,
        'IP must be an address such as 203.0.113.7, or the start of one such as 203.0.113. or 203.0.113.0/24',
      ),
  ),
  /** Exactly, e.g. `PaymentRecorded` (the choices come from `/api/admin/audit-log/facets`). */
  eventType: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9]{0,99}$/, 'Event type must be a name such as PaymentRecorded'),
  ),
  /** A stream id (`loan-<uuid>`), a loan's GL number, a customer's CUS number, or a bare uuid. */
  stream: optional(text('Loan or stream', 200)),
  correlationId: optional(text('Correlation ID', 200)),
  /** Recorded on or after this business date (Asia/Kolkata). */
  from: optional(BusinessDate),
  /** Recorded on or before this business date (Asia/Kolkata). */
  to: optional(BusinessDate),
  /** Free text: an actor's name or id, an event type or its words, a stream. */
  q: optional(text('Search', 100)),
};

const datesInOrder = (f: { from?: string | undefined; to?: string | undefined }) =>
  !f.from || !f.to || f.from <= f.to;
const DATES_IN_ORDER = { message: 'From date must not be after the to date', path: ['from'] };

/** The filters alone (the CSV export takes these). */
export const AuditLogFilters = z.object(filterFields).refine(datesInOrder, DATES_IN_ORDER);
export type AuditLogFilters = z.infer<typeof AuditLogFilters>;

const CURSOR_MESSAGE = 'The page cursor is not valid: start again from the first page';
const CURSOR_SHAPE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.(\d{6})Z_(\d{1,19})$/;

/** The cursor's shape, a real instant (no 30 February) and a position that fits a Postgres bigint. */
const isCursor = (cursor: string) => {
  const [, time = '', micros = '', position = '0'] = CURSOR_SHAPE.exec(cursor) ?? [];
  const instant = new Date(`${time}.${micros.slice(0, 3)}Z`);
  return (
    time !== '' &&
    !Number.isNaN(instant.getTime()) &&
    instant.toISOString().slice(0, 19) === time &&
    BigInt(position) <= 2n ** 63n - 1n
  );
};

/** Where the next page starts: opaque to clients (the last row's time and position). */
export const AuditLogCursor = z.string().refine(isCursor, CURSOR_MESSAGE);

/** The filters, and which page. */
export const AuditLogQuery = z
  .object({
    ...filterFields,
    cursor: optional(AuditLogCursor),
    limit: z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(AUDIT_LOG_MAX_LIMIT, `Limit must be at most ${AUDIT_LOG_MAX_LIMIT}`)
      .default(AUDIT_LOG_DEFAULT_LIMIT),
  })
  .refine(datesInOrder, DATES_IN_ORDER);
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

export const AuditLogEntry = z.object({
  /** The event's place in the store's global order (a decimal string). */
  position: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  /** The event type in words: `PaymentRecorded` → `Payment recorded`. */
  summary: z.string(),
  streamId: z.string(),
  streamType: z.string(),
  streamPosition: z.number().int(),
  /** Null for events written without one (old data, the store's own tools). */
  actor: Actor.nullable(),
  clientIp: z.string().nullable(),
  correlationId: z.string().nullable(),
  /** When it happened by the command's clock. */
  occurredAt: z.string(),
  /** When the store wrote it: the audit time, and the order of the list. */
  recordedAt: z.string(),
  /** For a loan's own stream and its photos' stream: the loan, to link to its audit page. */
  loan: z.object({ uuid: z.string(), loanId: z.string().nullable() }).nullable(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

export const AuditLogResponse = z.object({
  data: z.array(AuditLogEntry),
  /** Matches of the whole filter; `gte` when counting stopped at AUDIT_LOG_COUNT_CAP. */
  total: z.object({ value: z.number().int(), relation: z.enum(['eq', 'gte']) }),
  page: z.object({
    limit: z.number().int(),
    /** Pass as `cursor` for the next (older) page; null on the last page. */
    nextCursor: z.string().nullable(),
  }),
});
export type AuditLogResponse = z.infer<typeof AuditLogResponse>;

/** The filter choices: every event type and every staff or system actor seen. */
export const AuditLogFacetsResponse = z.object({
  eventTypes: z.array(z.object({ type: z.string(), label: z.string(), events: z.number().int() })),
  roles: z.array(AuditRole),
  /** Staff and system actors (customers are too many to list), most active first. */
  actors: z.array(z.object({ id: z.string(), name: z.string(), role: z.string(), events: z.number().int() })),
});
export type AuditLogFacetsResponse = z.infer<typeof AuditLogFacetsResponse>;

/** Names whose words alone would mislead; the rest read well as split words. */
const LABELS: Readonly<Record<string, string>> = {
  SequenceAdvanced: 'Reference number issued',
  IdentifierClaimed: 'Sign-in email or mobile claimed',
  IdentifierReleased: 'Sign-in email or mobile released',
  CustomerKeyClaimed: 'Customer Aadhar or number claimed',
  CustomerKeyReleased: 'Customer Aadhar or number released',
  Auctioned: 'Gold auctioned',
  PasswordSet: 'Password set',
};

/** An event type in words, for lists and CSVs: `GoldRateUpdated` → `Gold rate updated`. */
export function auditEventLabel(type: string): string {
  const known = LABELS[type];
  if (known) return known;
  const words = type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Unknown event';
}
