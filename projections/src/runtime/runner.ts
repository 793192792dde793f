import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import {
  START,
  comparePositions,
  formatPosition,
  type Position,
  type RecordedEvent,
} from '@goldledger/contracts';
import { deadLetters, projectionApplied, projectionBehind, projectionLag } from './metrics.js';
import type { Delivery, EventReader, Projection } from './projection.js';
import { batchLogFields } from './correlation.js';
import { rebuildProjection } from './rebuild.js';

export interface RunnerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface RunnerOptions {
  db: Kysely<any>;
  reader: EventReader;
  projection: Projection;
  log?: RunnerLogger;
  /** Wall clock for lag only; injected so tests can pin it. */
  now?: () => Date;
  /** Tries per batch before the batch is split and a lone failing event is parked. */
  attempts?: number;
  /** First retry delay; doubled on each further try. */
  backoffMs?: number;
  /** Events read per query while catching up from the store. */
  catchUpBatch?: number;
  /**
   * Ends the wait through a lost database connection (the lock holder lost its lock
   * or the process is stopping): the last error is thrown instead of retried.
   */
  signal?: AbortSignal;
}

/** Longest wait between tries while the database is unreachable. */
const MAX_OUTAGE_BACKOFF_MS = 2000;

const silent: RunnerLogger = { info() {}, warn() {}, error() {} };

export const isAfter = (event: RecordedEvent, checkpoint: Position) =>
  comparePositions(event.position, checkpoint) > 0;

/**
 * Applies events to one projection exactly once. The checkpoint row is locked and
 * re-read inside every apply transaction, so redeliveries, a second instance that
 * briefly overlaps after a failover, or a rebuild that moved the checkpoint are all
 * harmless: anything at or below it is skipped.
 */
export class ProjectionRunner {
  private cached: Position = START;
  private readonly log: RunnerLogger;
  private readonly now: () => Date;
  private readonly attempts: number;
  private readonly backoffMs: number;
  private readonly catchUpBatch: number;

  constructor(private readonly options: RunnerOptions) {
    this.log = options.log ?? silent;
    this.now = options.now ?? (() => new Date());
    this.attempts = options.attempts ?? 3;
    this.backoffMs = options.backoffMs ?? 100;
    this.catchUpBatch = options.catchUpBatch ?? 2000;
  }

  get name(): string {
    return this.options.projection.name;
  }

  get checkpoint(): Position {
    return this.cached;
  }

  /**
   * First use: creates empty tables and a checkpoint at START; catch-up then fills
   * them like any live delivery (so a poison event is parked, not fatal). A changed
   * version: rebuilds into a fresh copy and swaps it in, the old one serving until
   * then. Call with the projection's lock held.
   */
  async init(): Promise<void> {
    const { db, projection } = this.options;
    const row = await db
      .selectFrom('projection_checkpoints')
      .select(['version', sql<string>`transaction_id::text`.as('tx'), 'global_position'])
      .where('projection', '=', projection.name)
      .executeTakeFirst();
    const schemaExists = await sql<{ exists: boolean }>`
      select exists (select 1 from pg_namespace where nspname = ${projection.schema}) as exists`
      .execute(db)
      .then((r) => r.rows[0]?.exists ?? false);
    if (!row || !schemaExists) {
      this.log.info({ projection: projection.name }, 'creating read model; it fills from the store');
      await db.transaction().execute(async (trx) => {
        await sql`drop schema if exists ${sql.id(projection.schema)} cascade`.execute(trx);
        await sql`create schema ${sql.id(projection.schema)}`.execute(trx);
        await projection.createTables(trx, projection.schema);
        await projection.createIndexes?.(trx, projection.schema);
        await trx
          .insertInto('projection_checkpoints')
          .values({ projection: projection.name, version: projection.version })
          .onConflict((oc) =>
            oc.column('projection').doUpdateSet({
              version: projection.version,
              transaction_id: '0',
              global_position: '0',
              events_applied: 0,
              updated_at: sql`now()`,
            }),
          )
          .execute();
      });
      this.cached = START;
      return;
    }
    if (row.version !== projection.version) {
      this.log.info(
        { projection: projection.name, from: row.version, to: projection.version },
        'projection version changed: rebuilding from the store',
      );
      this.cached = (await rebuildProjection({ db, reader: this.options.reader, projection })).position;
      return;
    }
    this.cached = { transactionId: row.tx, globalPosition: String(row.global_position) };
  }

  /** Reads the store from the checkpoint until it is caught up (or reaches `until`). */
  async catchUp(until?: Position): Promise<number> {
    let applied = 0;
    while (!until || comparePositions(this.cached, until) < 0) {
      const events = await this.options.reader.readAll(this.cached, this.catchUpBatch);
      if (events.length === 0) break;
      const batch = until ? events.filter((e) => comparePositions(e.position, until) <= 0) : events;
      if (batch.length === 0) break;
      applied += await this.applyWithRetry(batch);
      if (until && batch.length < events.length) break;
    }
    return applied;
  }

  /** Events from a transport, in store order. Fills any gap from the store first. */
  async deliver(deliveries: readonly Delivery[]): Promise<void> {
    const first = deliveries[0];
    if (!first) return;
    if (comparePositions(first.prev, this.cached) > 0) {
      this.log.info(
        { projection: this.name, checkpoint: formatPosition(this.cached), prev: formatPosition(first.prev) },
        'gap before delivery: reading it from the store',
      );
      await this.catchUp(first.prev);
    }
    const fresh = deliveries.map((d) => d.event).filter((e) => isAfter(e, this.cached));
    if (fresh.length > 0) await this.applyWithRetry(fresh);
  }

  /**
   * A failure of the database itself (connection cut, server restarting, deadlock)
   * says nothing about the events: it is retried until the database answers or the
   * runner is told to stop, and never counts towards parking. Any other failure is
   * tried `attempts` times, then the batch is split and the failing event parked.
   */
  private async applyWithRetry(events: readonly RecordedEvent[]): Promise<number> {
    let lastError: unknown;
    let outageTries = 0;
    for (let attempt = 1; attempt <= this.attempts;) {
      try {
        return await this.applyBatch(events);
      } catch (error) {
        lastError = error;
        if (isDatabaseUnavailable(error)) {
          if (this.options.signal?.aborted) throw error;
          outageTries++;
          this.log.warn(
            { projection: this.name, outageTries, size: events.length, err: error },
            'database unavailable; waiting to apply',
          );
          const wait = Math.min(this.backoffMs * 2 ** Math.min(outageTries - 1, 16), MAX_OUTAGE_BACKOFF_MS);
          await sleep(wait, undefined, { signal: this.options.signal }).catch(() => undefined);
          if (this.options.signal?.aborted) throw error;
          continue;
        }
        this.log.warn(
          { projection: this.name, attempt, size: events.length, err: error },
          'apply failed; retrying',
        );
        if (attempt < this.attempts) await sleep(this.backoffMs * 2 ** (attempt - 1));
        attempt++;
      }
    }
    if (events.length > 1) {
      // Find the poison event: apply one at a time; only the failing one is parked.
      let applied = 0;
      for (const event of events) applied += await this.applyWithRetry([event]);
      return applied;
    }
    await this.park(events[0]!, lastError, this.attempts);
    return 0;
  }

  private async applyBatch(events: readonly RecordedEvent[]): Promise<number> {
    const { db, projection } = this.options;
    const applied = await db.transaction().execute(async (trx) => {
      const current = await lockCheckpoint(trx, projection.name);
      const fresh = events.filter((e) => isAfter(e, current));
      const last = fresh.at(-1);
      if (!last) return { fresh, position: current };
      await projection.apply(
        { db: trx.withSchema(projection.schema), trx, schema: projection.schema },
        fresh,
      );
      await advanceCheckpoint(trx, projection.name, last.position, fresh.length);
      return { fresh, position: last.position };
    });
    this.cached = applied.position;
    const last = applied.fresh.at(-1);
    if (last) {
      const nowMs = this.now().getTime();
      const lagOf = (e: RecordedEvent) => (nowMs - Date.parse(e.recordedAt)) / 1000;
      for (const e of applied.fresh) projectionLag.observe({ projection: this.name }, lagOf(e));
      projectionBehind.set({ projection: this.name }, lagOf(last));
      projectionApplied.inc({ projection: this.name }, applied.fresh.length);
      this.log.info({ projection: this.name, ...batchLogFields(applied.fresh) }, 'applied');
    }
    return applied.fresh.length;
  }

  private async park(event: RecordedEvent, error: unknown, attempts: number): Promise<void> {
    const { db, projection } = this.options;
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    this.log.error(
      { projection: this.name, eventId: event.eventId, type: event.type, err: error },
      'event parked in the dead-letter table',
    );
    await db.transaction().execute(async (trx) => {
      const current = await lockCheckpoint(trx, projection.name);
      if (!isAfter(event, current)) return;
      await trx
        .insertInto('projection_dead_letters')
        .values({
          projection: projection.name,
          event_id: event.eventId,
          stream_id: event.streamId,
          event_type: event.type,
          transaction_id: event.position.transactionId,
          global_position: event.position.globalPosition,
          event: JSON.stringify(event),
          error: message.slice(0, 4000),
          attempts,
        })
        .onConflict((oc) => oc.columns(['projection', 'event_id']).doNothing())
        .execute();
      await advanceCheckpoint(trx, projection.name, event.position, 0);
    });
    this.cached = event.position;
    deadLetters.inc({ projection: this.name });
  }
}

/** SQLSTATE classes and codes that mean "the database, not this event". */
const UNAVAILABLE_CLASSES = ['08', '53', '57P'];
const UNAVAILABLE_CODES = new Set(['40001', '40P01', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection error|Client was closed|timeout exceeded when trying to connect/i;

/** Whether an error came from reaching PostgreSQL rather than from applying the events. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_CODES.has(code)) return true;
    if (UNAVAILABLE_CLASSES.some((c) => code.startsWith(c))) return true;
  }
  return UNAVAILABLE_MESSAGES.test(error.message);
}

export async function lockCheckpoint(trx: Kysely<any>, projection: string): Promise<Position> {
  const row = await trx
    .selectFrom('projection_checkpoints')
    .select([sql<string>`transaction_id::text`.as('tx'), 'global_position'])
    .where('projection', '=', projection)
    .forUpdate()
    .executeTakeFirstOrThrow(() => new Error(`No checkpoint for projection "${projection}": run init first`));
  return { transactionId: row.tx, globalPosition: String(row.global_position) };
}

async function advanceCheckpoint(
  trx: Kysely<any>,
  projection: string,
  to: Position,
  count: number,
): Promise<void> {
  await trx
    .updateTable('projection_checkpoints')
    .set({
      transaction_id: to.transactionId,
      global_position: to.globalPosition,
      events_applied: sql`events_applied + ${count}`,
      updated_at: sql`now()`,
    })
    .where('projection', '=', projection)
    .execute();
}
