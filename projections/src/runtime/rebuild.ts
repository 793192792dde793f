import { sql, type Kysely } from 'kysely';
import { START, type Position } from '@goldledger/contracts';
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
  const { db, reader, projection } = options;
  const batchSize = options.batchSize ?? 5000;
  const live = projection.schema;
  const fresh = `${live}__rebuild`;
  const old = `${live}__old`;

  await sql`drop schema if exists ${sql.id(fresh)} cascade`.execute(db);
  await sql`create schema ${sql.id(fresh)}`.execute(db);
  await projection.createTables(db, fresh);

  const total = Number(
    (await sql<{ n: string }>`select count(*) as n from events`.execute(db)).rows[0]?.n ?? 0,
  );
  let position = START;
  let done = 0;
  /** One batch into the fresh schema; returns how many events it replayed. */
  const replayBatch = async (trx: Kysely<any>): Promise<number> => {
    const events = await reader.readAll(position, batchSize);
    const last = events.at(-1);
    if (!last) return 0;
    await projection.apply({ db: trx.withSchema(fresh), trx, schema: fresh }, events);
    position = last.position;
    done += events.length;
    options.onProgress?.(done, Math.max(total, done));
    return events.length;
  };

  // Bulk: a transaction per batch keeps memory and locks small.
  while ((await db.transaction().execute(replayBatch)) > 0);

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('projection_checkpoints')
      .values({ projection: projection.name, version: projection.version })
      .onConflict((oc) => oc.column('projection').doNothing())
      .execute();
    // Holding the checkpoint row stops the live consumer between its batches.
    await trx
      .selectFrom('projection_checkpoints')
      .select('projection')
      .where('projection', '=', projection.name)
      .forUpdate()
      .execute();
    while ((await replayBatch(trx)) > 0); // the tail written while the bulk ran
    await sql`drop schema if exists ${sql.id(old)} cascade`.execute(trx);
    const exists = await sql<{ exists: boolean }>`
      select exists (select 1 from pg_namespace where nspname = ${live}) as exists`.execute(trx);
    if (exists.rows[0]?.exists) await sql`alter schema ${sql.id(live)} rename to ${sql.id(old)}`.execute(trx);
    await sql`alter schema ${sql.id(fresh)} rename to ${sql.id(live)}`.execute(trx);
    await sql`drop schema if exists ${sql.id(old)} cascade`.execute(trx);
    await trx
      .updateTable('projection_checkpoints')
      .set({
        version: projection.version,
        transaction_id: position.transactionId,
        global_position: position.globalPosition,
        events_applied: done,
        updated_at: sql`now()`,
      })
      .where('projection', '=', projection.name)
      .execute();
  });
  return { events: done, position };
}
