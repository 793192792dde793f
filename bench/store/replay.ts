import type { Kysely } from 'kysely';
import type pg from 'pg';
import { rebuildProjection, type EventReader, type Projection } from '@goldledger/projections';
import { startCpuMeter, type CpuShare } from '../lib/measure.js';
import { progress } from '../lib/progress.js';

/** Seeded loans hold this many events each; their events interleave like concurrent loans do. */
export const SEED_STREAM_LENGTH = 10;

export interface SeedResult {
  existing: number;
  seeded: number;
  streams: number;
  seconds: number;
}

async function countEvents(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from events');
  return rows[0]?.n ?? 0;
}

/**
 * Event g (0-based) goes to stream g mod S at position g div S + 1, so each chunk
 * touches every stream: a replay batch updates thousands of distinct rows, as a
 * busy branch's history would. Payloads are shaped like payments, with an actor.
 */
const insertEvents = `
  insert into events (stream_id, stream_position, event_id, type, schema_version, data, metadata, occurred_at)
  select 'seed-' || (g % $3::bigint),
         g / $3::bigint + 1,
         gen_random_uuid(),
         case when g / $3::bigint = 0 then 'LoanOpened'
              else (array['PaymentRecorded', 'InterestAccrued', 'ReminderSent', 'RateUpgraded'])[1 + g % 4] end,
         1,
         jsonb_build_object(
           'loanId', 'seed-' || (g % $3::bigint),
           'amountPaise', 100 * (g % 50000),
           'method', (array['cash', 'upi', 'bank'])[1 + g % 3],
           'receiptNo', 'R-' || lpad(g::text, 8, '0')),
         jsonb_build_object(
           'actor', jsonb_build_object('id', 'emp-' || (g % 40), 'role', 'employee', 'name', 'Staff ' || (g % 40)),
           'correlationId', gen_random_uuid()::text,
           'clientIp', '10.0.' || (g % 250) || '.' || (g % 200)),
         timestamptz '2026-01-01 09:00+05:30' + g * interval '20 seconds'
    from generate_series($1::bigint, $2::bigint) g`;

/**
 * Fills the store up to `total` events with plain SQL (the API would take far too
 * long), one transaction per chunk, so the log holds several transaction ids like
 * a real one. Vacuum and analyze afterwards, as autovacuum would on a live table,
 * so both replays read the same settled pages.
 */
export async function seedToTotal(pool: pg.Pool, total: number, chunks = 10): Promise<SeedResult> {
  const started = performance.now();
  const existing = await countEvents(pool);
  const need = Math.max(0, total - existing);
  const streams = Math.ceil(need / SEED_STREAM_LENGTH);
  if (need > 0) {
    await pool.query(
      `insert into streams (stream_id, stream_type, version)
       select 'seed-' || s, 'loan', ($1::bigint - 1 - s) / $2::bigint + 1
         from generate_series(0, $2::bigint - 1) s`,
      [need, streams],
    );
    const bar = progress('seeding events', 'events');
    const size = Math.ceil(need / chunks);
    for (let lo = 0; lo < need; lo += size) {
      const hi = Math.min(need, lo + size) - 1;
      await pool.query(insertEvents, [lo, hi, streams]);
      bar.update(hi + 1, need);
    }
    bar.stop();
  }
  await pool.query('vacuum (analyze) streams');
  await pool.query('vacuum (analyze) events');
  return { existing, seeded: need, streams, seconds: (performance.now() - started) / 1000 };
}

export interface ReplayResult {
  projection: string;
  events: number;
  seconds: number;
  perSecond: number;
  cpu: CpuShare;
}

/** Times `rebuildProjection` as the `rebuild` command runs it (default batch size). */
export async function timeRebuild(
  db: Kysely<any>,
  pool: pg.Pool,
  reader: EventReader,
  projection: Projection,
): Promise<ReplayResult> {
  const bar = progress(`replaying ${projection.name}`, 'events');
  const meter = await startCpuMeter(pool);
  const started = performance.now();
  const result = await rebuildProjection({
    db,
    reader,
    projection,
    onProgress: (done, total) => bar.update(done, total),
  });
  const seconds = (performance.now() - started) / 1000;
  bar.stop();
  return {
    projection: projection.name,
    events: result.events,
    seconds,
    perSecond: result.events / seconds,
    cpu: await meter.stop(),
  };
}
