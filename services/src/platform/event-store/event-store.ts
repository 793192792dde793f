import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import {
  EVENT_CONTRACTS,
  eventContractViolation,
  START,
  type EventContracts,
  type EventMetadata,
  type Position,
  type RecordedEvent,
} from '@goldledger/contracts';
import { PREPARED } from '../db.js';
import { DomainError } from '../decider.js';
import { appendConflicts, appendDuration, eventsAppended } from '../metrics.js';
import type { EventStoreDatabase } from './schema.js';
import { identityUpcaster, type Upcaster } from './upcasting.js';

/** "No stream yet" or "exactly this many events": an append is always checked. */
export type ExpectedVersion = 'no_stream' | number;

export interface NewEvent {
  type: string;
  data: Record<string, unknown>;
  /** Business time; may be back-dated (e.g. a loan's customLoanDate). */
  occurredAt: Date;
  schemaVersion?: number;
  eventId?: string;
}

export interface AppendOptions {
  streamType: string;
  expectedVersion: ExpectedVersion;
  metadata?: EventMetadata;
}

export interface AppendResult {
  streamId: string;
  nextExpectedVersion: number;
  eventIds: string[];
  /** Global positions of the appended events; absent when a repeated idempotency key returned the first result. */
  positions?: Position[];
  /** True when the idempotency key had been used: nothing was appended. */
  duplicate: boolean;
}

export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(
      `Stream ${streamId} changed concurrently: expected ${expected === 'no_stream' ? 'no stream' : `version ${expected}`}, found ${actual === 0 ? 'no stream' : `version ${actual}`}`,
    );
    this.name = 'ConcurrencyError';
  }
}

/**
 * An event refused before it was stored: its data does not parse with its contract, or its
 * type has none. Nothing of the append is written. A 422 for the caller whose command led
 * here (a loan whose figures left the safe-integer range, say); a bug if anything else.
 */
export class InvalidEventError extends DomainError {
  constructor(
    readonly streamId: string,
    readonly eventType: string,
    violation: string,
  ) {
    super(`Refused, nothing was recorded: ${violation}`, 'event_invalid', 422);
    this.name = 'InvalidEventError';
  }
}

export interface EventStoreOptions {
  upcast?: Upcaster;
  /**
   * The contract each appended event must parse with: the contracts' registry unless told.
   * 'unchecked' only for the store's own tests and benchmarks, whose events are abstract.
   */
  contracts?: EventContracts | 'unchecked';
}

export { START, comparePositions } from '@goldledger/contracts';

/** Relays are woken at most this often per store: under load one NOTIFY covers many appends. */
const WAKE_MS = 2;

interface EventRow {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_type: string;
  stream_position: string;
  event_id: string;
  type: string;
  schema_version: number;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  occurred_at: Date;
  recorded_at: Date;
}

export interface EventStore {
  append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult>;
  readStream(streamId: string): Promise<{ version: number; events: RecordedEvent[] }>;
  /** Committed events after `after`, in (transaction_id, global_position) order; never skips a late commit. */
  readAll(after: Position, limit: number): Promise<RecordedEvent[]>;
  /** The newest position a reader could see now (START when the store is empty). */
  headPosition(): Promise<Position>;
  streamVersion(streamId: string): Promise<number>;
  /**
   * Runs `work` in one database transaction with a store bound to it: its appends, to any
   * number of streams, commit together or not at all (a thrown error rolls every one back).
   * Inside a transaction it simply runs `work` with this store.
   */
  transaction<T>(work: (store: EventStore) => Promise<T>): Promise<T>;
}

/**
 * The whole append is one statement: compare-and-set the stream version, then a
 * multi-row insert that only runs if the version matched. One round trip keeps the
 * store close to raw insert speed; the statement is its own transaction unless the
 * caller opened one. Parameters: $1 stream id, $2 stream type (new stream) or the
 * expected version, $3 event count, $4 metadata, $5-$9 the events' columns.
 */
function appendSql(claim: string, base: string, rows: 'one' | 'many'): string {
  // One event (most commands) needs no arrays: scalar parameters are cheaper to send
  // and to plan than unnest over five arrays.
  const source =
    rows === 'one'
      ? `(select $5::uuid as event_id, $6::text as type, $7::int as schema_version, $8::jsonb as data,
                 $9::timestamptz as occurred_at, 1::bigint as ord) as e`
      : `unnest($5::uuid[], $6::text[], $7::int[], $8::jsonb[], $9::timestamptz[])
           with ordinality as e(event_id, type, schema_version, data, occurred_at, ord)`;
  return `${PREPARED}
    with claimed as (${claim}),
    inserted as (
      insert into events (stream_id, stream_position, event_id, type, schema_version, data, metadata, occurred_at)
      select c.stream_id, ${base} + e.ord, e.event_id, e.type, e.schema_version, e.data, $4::jsonb, e.occurred_at
      from claimed c cross join ${source}
      order by e.ord
      returning global_position, transaction_id::text as transaction_id, stream_position
    )
    select global_position, transaction_id from inserted order by stream_position`;
}

const CLAIM_NEW_STREAM = `insert into streams (stream_id, stream_type, version) values ($1, $2, $3::bigint)
   on conflict (stream_id) do nothing returning stream_id`;
const CLAIM_AT_VERSION = `update streams set version = version + $3::bigint, updated_at = now()
   where stream_id = $1 and version = $2::bigint returning stream_id`;

const APPEND = {
  new: {
    one: appendSql(CLAIM_NEW_STREAM, '0::bigint', 'one'),
    many: appendSql(CLAIM_NEW_STREAM, '0::bigint', 'many'),
  },
  existing: {
    one: appendSql(CLAIM_AT_VERSION, '$2::bigint', 'one'),
    many: appendSql(CLAIM_AT_VERSION, '$2::bigint', 'many'),
  },
};

// Kysely<any>: callers pass any database (typed with more tables, a transaction, a bench's own); kysely's types are invariant.
export function createEventStore(callersDb: Kysely<any>, options: EventStoreOptions = {}): EventStore {
  const db = callersDb as Kysely<EventStoreDatabase>;
  const upcast = options.upcast ?? identityUpcaster;
  const contracts = options.contracts ?? EVENT_CONTRACTS;
  /** Bound to a caller's transaction: no transaction of our own, and relays are woken after its commit. */
  const inTransaction = db.isTransaction;

  const toRecorded = (r: EventRow): RecordedEvent =>
    upcast({
      eventId: r.event_id,
      streamId: r.stream_id,
      streamType: r.stream_type,
      streamPosition: Number(r.stream_position),
      position: { transactionId: r.transaction_id, globalPosition: r.global_position },
      type: r.type,
      schemaVersion: r.schema_version,
      data: r.data,
      metadata: r.metadata,
      occurredAt: r.occurred_at.toISOString(),
      recordedAt: r.recorded_at.toISOString(),
    });

  /**
   * Wakes relays after a commit. Not from inside the append: a transaction that
   * NOTIFYs takes a cluster-wide lock at commit and holds it through its WAL flush,
   * so appends would commit one at a time. Here it is a separate statement that
   * writes no WAL (its commit does not wait for a flush), sent at most once per
   * WAKE_MS however many appends commit meanwhile; a lost one only costs a poll.
   */
  let lastWake = 0;
  let wakeTimer: NodeJS.Timeout | undefined;
  function sendWake(): void {
    wakeTimer = undefined;
    lastWake = performance.now();
    sql`select pg_notify('goldledger_events_appended', '')`.execute(db).catch(() => undefined);
  }
  function wakeRelays(): void {
    if (inTransaction || wakeTimer) return;
    const wait = lastWake + WAKE_MS - performance.now();
    if (wait <= 0) sendWake();
    else wakeTimer = setTimeout(sendWake, wait);
  }

  async function streamVersion(streamId: string, conn: Kysely<EventStoreDatabase> = db) {
    const row = await conn
      .selectFrom('streams')
      .select('version')
      .where('stream_id', '=', streamId)
      .executeTakeFirst();
    return row ? Number(row.version) : 0;
  }

  async function appendStatement(
    conn: Kysely<EventStoreDatabase>,
    streamId: string,
    events: NewEvent[],
    eventIds: string[],
    opts: AppendOptions,
  ): Promise<Array<{ global_position: string; transaction_id: string }>> {
    const newStream = opts.expectedVersion === 'no_stream';
    const base = newStream ? 0 : (opts.expectedVersion as number);
    // Fixed text, values as parameters: compiled once here, prepared once per connection.
    const one = events.length === 1;
    const column = <T>(pick: (e: NewEvent, i: number) => T) => (one ? pick(events[0]!, 0) : events.map(pick));
    const { rows } = await conn.executeQuery<{ global_position: string; transaction_id: string }>(
      CompiledQuery.raw(APPEND[newStream ? 'new' : 'existing'][one ? 'one' : 'many'], [
        streamId,
        newStream ? opts.streamType : base,
        events.length,
        JSON.stringify(opts.metadata ?? {}),
        column((_e, i) => eventIds[i]!),
        column((e) => e.type),
        column((e) => e.schemaVersion ?? 1),
        column((e) => JSON.stringify(e.data)),
        column((e) => e.occurredAt.toISOString()),
      ]),
    );
    return rows;
  }

  async function append(streamId: string, events: NewEvent[], opts: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    if (opts.expectedVersion !== 'no_stream' && opts.expectedVersion < 1) {
      throw new Error('expectedVersion must be "no_stream" or a version of at least 1');
    }
    if (contracts !== 'unchecked') {
      for (const e of events) {
        const violation = eventContractViolation(contracts, opts.streamType, e.type, e.data);
        if (violation) throw new InvalidEventError(streamId, e.type, violation);
      }
    }
    const started = process.hrtime.bigint();
    const eventIds = events.map((e) => e.eventId ?? randomUUID());
    const base = opts.expectedVersion === 'no_stream' ? 0 : opts.expectedVersion;
    const key = opts.metadata?.idempotencyKey;

    const conflict = async (conn: Kysely<EventStoreDatabase>) => {
      appendConflicts.inc();
      return new ConcurrencyError(streamId, opts.expectedVersion, await streamVersion(streamId, conn));
    };

    let result: AppendResult;
    if (key === undefined) {
      const rows = await appendStatement(db, streamId, events, eventIds, opts);
      if (rows.length !== events.length) throw await conflict(db);
      result = {
        streamId,
        nextExpectedVersion: base + events.length,
        eventIds,
        positions: rows.map((r) => ({ transactionId: r.transaction_id, globalPosition: r.global_position })),
        duplicate: false,
      };
    } else {
      // The key row is written first in the same transaction: a concurrent twin waits on
      // it, then finds it and returns the first result instead of appending again.
      const inOwnTransaction = <T>(work: (trx: Kysely<EventStoreDatabase>) => Promise<T>) =>
        inTransaction ? work(db) : db.transaction().execute(work);
      const outcome = await inOwnTransaction(async (trx) => {
        const claimed = await trx
          .insertInto('idempotency_keys')
          .values({
            idempotency_key: key,
            stream_id: streamId,
            first_stream_position: base + 1,
            next_expected_version: base + events.length,
            event_ids: eventIds,
          })
          .onConflict((oc) => oc.column('idempotency_key').doNothing())
          .returning('idempotency_key')
          .executeTakeFirst();
        if (!claimed) return { kind: 'duplicate' as const };
        const rows = await appendStatement(trx, streamId, events, eventIds, opts);
        if (rows.length !== events.length) throw await conflict(trx);
        return { kind: 'appended' as const, rows };
      });
      if (outcome.kind === 'duplicate') {
        const first = await db
          .selectFrom('idempotency_keys')
          .selectAll()
          .where('idempotency_key', '=', key)
          .executeTakeFirstOrThrow();
        return {
          streamId: first.stream_id,
          nextExpectedVersion: Number(first.next_expected_version),
          eventIds: first.event_ids,
          duplicate: true,
        };
      }
      result = {
        streamId,
        nextExpectedVersion: base + events.length,
        eventIds,
        positions: outcome.rows.map((r) => ({
          transactionId: r.transaction_id,
          globalPosition: r.global_position,
        })),
        duplicate: false,
      };
    }
    wakeRelays();
    appendDuration.observe(Number(process.hrtime.bigint() - started) / 1e9);
    eventsAppended.inc({ stream_type: opts.streamType }, events.length);
    return result;
  }

  const selectEvents = () =>
    db
      .selectFrom('events as e')
      .innerJoin('streams as s', 's.stream_id', 'e.stream_id')
      .select([
        'e.global_position',
        sql<string>`e.transaction_id::text`.as('transaction_id'),
        'e.stream_id',
        's.stream_type',
        'e.stream_position',
        'e.event_id',
        'e.type',
        'e.schema_version',
        'e.data',
        'e.metadata',
        'e.occurred_at',
        'e.recorded_at',
      ]);

  const store: EventStore = {
    append,
    streamVersion: (streamId) => streamVersion(streamId),

    async transaction(work) {
      if (inTransaction) return work(store);
      const result = await db.transaction().execute((trx) => work(createEventStore(trx, options)));
      wakeRelays();
      return result;
    },

    async readStream(streamId) {
      const rows = (await selectEvents()
        .where('e.stream_id', '=', streamId)
        .orderBy('e.stream_position')
        .execute()) as EventRow[];
      const last = rows.at(-1);
      return { version: last ? Number(last.stream_position) : 0, events: rows.map(toRecorded) };
    },

    async readAll(after, limit) {
      const rows = (await selectEvents()
        .where(
          sql<boolean>`(e.transaction_id, e.global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)`,
        )
        // Anything at or above xmin may still be in flight; it is read on a later pass.
        .where(sql<boolean>`e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())`)
        .orderBy(sql`e.transaction_id`)
        .orderBy('e.global_position')
        .limit(limit)
        .execute()) as EventRow[];
      return rows.map(toRecorded);
    },

    async headPosition() {
      const row = await db
        .selectFrom('events')
        .select([sql<string>`transaction_id::text`.as('transaction_id'), 'global_position'])
        .where(sql<boolean>`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`)
        // Qualified: the bare name would sort by the text alias above.
        .orderBy(sql`events.transaction_id desc`)
        .orderBy('events.global_position', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? { transactionId: row.transaction_id, globalPosition: row.global_position } : START;
    },
  };
  return store;
}
