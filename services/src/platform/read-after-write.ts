import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { comparePositions, type Position } from '@goldledger/contracts';
import type { EventStore } from './event-store/event-store.js';
import { DomainError } from './decider.js';
import type { Database } from './platform.js';

/**
 * Read your own writes. Read models trail the store by a few milliseconds to a few
 * seconds (the relay, then each projector). A screen that records a payment and
 * reloads the list at once would otherwise show the old balance. So:
 *   - a command's answer carries `x-read-after: <transaction id>:<global position>`,
 *     the newest event that request appended;
 *   - the web client sends it back on its following reads;
 *   - a read carrying it waits (at most `maxWaitMs`) until every projection's checkpoint
 *     has passed that position, then runs; `x-read-caught-up` says whether it had.
 * Checkpoints live in the database, so this holds across API and projector processes.
 *
 * A position no command gave (beyond the store's head, or naming no event) is refused
 * with a 400 before any wait, and at most `maxWaiting` reads of a process wait at once:
 * the ones beyond answer at once, saying whether the read models had caught up.
 */
export const READ_AFTER_HEADER = 'x-read-after';
export const CAUGHT_UP_HEADER = 'x-read-caught-up';

const requestWrites = new AsyncLocalStorage<{ last?: Position }>();

/** Runs `fn` (a request) with a place to note the positions its appends reach. */
export function withWriteTracking<T>(fn: () => T): T {
  return requestWrites.run({}, fn);
}

/** The newest position appended while serving the current request, if any. */
export function lastWrite(): Position | undefined {
  return requestWrites.getStore()?.last;
}

/** The store, noting each append's last position in the current request (if inside one). */
export function trackWrites(store: EventStore): EventStore {
  const note = (newest: Position | undefined) => {
    const context = requestWrites.getStore();
    if (context && newest && (!context.last || comparePositions(newest, context.last) > 0)) {
      context.last = newest;
    }
  };
  return {
    readStream: (streamId) => store.readStream(streamId),
    readAll: (after, limit) => store.readAll(after, limit),
    headPosition: () => store.headPosition(),
    streamVersion: (streamId) => store.streamVersion(streamId),
    async append(streamId, events, options) {
      const result = await store.append(streamId, events, options);
      note(result.positions?.at(-1));
      return result;
    },
    async transaction(work) {
      // Noted once committed: a rolled-back append names no position a reader could wait for.
      let newest: Position | undefined;
      const result = await store.transaction((inner) =>
        work({
          ...inner,
          async append(streamId, events, options) {
            const appended = await inner.append(streamId, events, options);
            const last = appended.positions?.at(-1);
            if (last && (!newest || comparePositions(last, newest) > 0)) newest = last;
            return appended;
          },
        }),
      );
      note(newest);
      return result;
    },
  };
}

export function formatReadAfter(position: Position): string {
  return `${position.transactionId}:${position.globalPosition}`;
}

/** Positions are Postgres bigints: a larger number names no position (and would fail the cast). */
const MAX_POSITION = 2n ** 63n - 1n;

/** `123:456` → a position; anything else → undefined (the read then simply runs). */
export function parseReadAfter(value: unknown): Position | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{1,20}):(\d{1,20})$/.exec(value);
  if (!match || BigInt(match[1]!) > MAX_POSITION || BigInt(match[2]!) > MAX_POSITION) return undefined;
  return { transactionId: match[1]!, globalPosition: match[2]! };
}

/**
 * Waits until every named projection's checkpoint is at or past `position`; true when
 * they are, false when `maxWaitMs` ran out first (the read then runs on what there is).
 */
export async function waitForProjections(
  db: Kysely<Database>,
  projections: readonly string[],
  position: Position,
  { maxWaitMs, pollMs = 20 }: { maxWaitMs: number; pollMs?: number },
): Promise<boolean> {
  if (projections.length === 0) return true;
  let waited = 0;
  for (;;) {
    const { rows } = await sql<{ behind: string }>`
      select count(*) as behind
      from unnest(${projections}::text[]) as p(name)
      left join projection_checkpoints c on c.projection = p.name
      where c.projection is null
         or (c.transaction_id, c.global_position) < (${position.transactionId}::xid8, ${position.globalPosition}::bigint)`.execute(
      db,
    );
    if (Number(rows[0]?.behind ?? 0) === 0) return true;
    if (waited >= maxWaitMs) return false;
    await sleep(pollMs);
    waited += pollMs;
  }
}

export const READ_AFTER_UNKNOWN_POSITION =
  'x-read-after names no recorded event: send back the value a command answered with';

/**
 * True when an event sits at exactly `position`. Every value a command answered with
 * names its newest appended (and committed) event, so one that names none was made up:
 * beyond the store's head, or a guess. One index lookup on (transaction_id, global_position).
 */
export async function positionExists(db: Kysely<Database>, position: Position): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (
      select 1 from events
      where transaction_id = ${position.transactionId}::xid8
        and global_position = ${position.globalPosition}::bigint
    ) as found`.execute(db);
  return rows[0]?.found === true;
}

/**
 * Holds a read until the read models include its `x-read-after` position (the
 * preHandler of every GET under /api): refuses a made-up position, and lets at most
 * `maxWaiting` reads of this process wait at once; a read beyond that checks once and
 * answers. Returns whether the read models had caught up, or undefined without a header.
 */
export function readAfterGate(
  db: Kysely<Database>,
  projections: readonly string[],
  { maxWaitMs, maxWaiting }: { maxWaitMs: number; maxWaiting: number },
): (header: unknown) => Promise<boolean | undefined> {
  let waiting = 0;
  return async (header) => {
    const after = parseReadAfter(header);
    if (!after) return undefined;
    if (!(await positionExists(db, after))) {
      throw new DomainError(READ_AFTER_UNKNOWN_POSITION, 'read_after_unknown', 400);
    }
    if (waiting >= maxWaiting) return waitForProjections(db, projections, after, { maxWaitMs: 0 });
    waiting += 1;
    try {
      return await waitForProjections(db, projections, after, { maxWaitMs });
    } finally {
      waiting -= 1;
    }
  };
}
