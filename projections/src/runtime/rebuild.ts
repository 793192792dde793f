import { sql, type Kysely } from 'kysely';
import { START, type Position, type RecordedEvent } from '@goldledger/contracts';
import type { EventReader, Projection } from './projection.js';

export interface RebuildOptions {
  db: Kysely<any>;
  reader: EventReader;
  projection: Projection;
  batchSize?: number;
  /** Called after each batch: events replayed so far and the store's size when the rebuild began. */
  onProgress?: (done: number, total: number) => void;
}

export interface RebuildResult {
  events: number;
  position: Position;
}

/**
 * Replays the whole store into a fresh copy of the projection's schema, then swaps
 * it in and moves the checkpoint in one transaction. A running consumer blocks on
 * the checkpoint row meanwhile and resumes after it. Unlike live apply, a failing
 * event stops the rebuild: a read model must not be rebuilt with holes.
 */
export async function rebuildProjection(options: RebuildOptions): Promise<RebuildResult> {
  const { projection, ...rest } = options;
  return rebuildAll({ ...rest, projections: [projection] });
}

export interface RebuildAllOptions {
  db: Kysely<any>;
  reader: EventReader;
  projections: readonly Projection[];
  batchSize?: number;
  /** Called after each batch: events replayed so far and the store's size when the rebuild began. */
  onProgress?: (done: number, total: number) => void;
  /** Called once the read models are swapped in: each projection's events and the seconds its applies took. */
  onDone?: (projection: string, events: number, applySeconds: number) => void;
}

/**
 * Rebuilds several read models in one pass over the store (issue 19, point 9): each batch
 * is read once and applied to every projection's fresh schema, in one transaction, while
 * the next batch is already being read on another connection. At the end the tail is
 * replayed and every schema swapped in, each checkpoint moved, in one transaction that
 * holds all their checkpoint rows. Same result as `rebuildProjection` for each in turn;
 * a failing event stops the whole rebuild.
 */
export async function rebuildAll(options: RebuildAllOptions): Promise<RebuildResult> {
  const { db, reader, projections } = options;
  const batchSize = options.batchSize ?? 5000;
  const fresh = (p: Projection) => `${p.schema}__rebuild`;
  const applySeconds = new Map<string, number>(projections.map((p) => [p.name, 0]));

  for (const p of projections) {
    await sql`drop schema if exists ${sql.id(fresh(p))} cascade`.execute(db);
    await sql`create schema ${sql.id(fresh(p))}`.execute(db);
    await p.createTables(db, fresh(p));
  }
  const total = Number(
    (await sql<{ n: string }>`select count(*) as n from events`.execute(db)).rows[0]?.n ?? 0,
  );
  let position = START;
  let done = 0;
  const applyAll = async (trx: Kysely<any>, events: readonly RecordedEvent[]) => {
    for (const p of projections) {
      const t0 = performance.now();
      await p.apply({ db: trx.withSchema(fresh(p)), trx, schema: fresh(p) }, events);
      applySeconds.set(p.name, applySeconds.get(p.name)! + (performance.now() - t0) / 1000);
    }
    position = events.at(-1)!.position;
    done += events.length;
    options.onProgress?.(done, Math.max(total, done));
  };

  // Bulk: a transaction per batch; the next batch is read while this one is applied.
  let next = reader.readAll(position, batchSize);
  for (;;) {
    const events = await next;
    const last = events.at(-1);
    if (!last) break;
    next = reader.readAll(last.position, batchSize);
    next.catch(() => undefined); // awaited next time round; not unhandled if this batch fails
    await db.transaction().execute((trx) => applyAll(trx, events));
  }
  for (const p of projections) await p.createIndexes?.(db, fresh(p));

  await db.transaction().execute(async (trx) => {
    for (const p of projections)
      await trx
        .insertInto('projection_checkpoints')
        .values({ projection: p.name, version: p.version })
        .onConflict((oc) => oc.column('projection').doNothing())
        .execute();
    // Holding the checkpoint rows stops the live consumers between their batches.
    await trx
      .selectFrom('projection_checkpoints')
      .select('projection')
      .where(
        'projection',
        'in',
        projections.map((p) => p.name),
      )
      .orderBy('projection')
      .forUpdate()
      .execute();
    for (;;) {
      const events = await reader.readAll(position, batchSize);
      if (events.length === 0) break;
      await applyAll(trx, events); // the tail written while the bulk ran
    }
    for (const p of projections) {
      const live = p.schema;
      const old = `${live}__old`;
      await sql`drop schema if exists ${sql.id(old)} cascade`.execute(trx);
      const exists = await sql<{ exists: boolean }>`
        select exists (select 1 from pg_namespace where nspname = ${live}) as exists`.execute(trx);
      if (exists.rows[0]?.exists)
        await sql`alter schema ${sql.id(live)} rename to ${sql.id(old)}`.execute(trx);
      await sql`alter schema ${sql.id(fresh(p))} rename to ${sql.id(live)}`.execute(trx);
      await sql`drop schema if exists ${sql.id(old)} cascade`.execute(trx);
      await trx
        .updateTable('projection_checkpoints')
        .set({
          version: p.version,
          transaction_id: position.transactionId,
          global_position: position.globalPosition,
          events_applied: done,
          updated_at: sql`now()`,
        })
        .where('projection', '=', p.name)
        .execute();
    }
  });
  for (const p of projections) options.onDone?.(p.name, done, applySeconds.get(p.name)!);
  return { events: done, position };
}
