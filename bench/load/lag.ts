import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

/** One look at every projection: how far its checkpoint trails the store. */
export interface LagSample {
  /** ms since the sampler started. */
  at: number;
  /** Per projection: events committed after its checkpoint, and the age of the oldest of them (s). */
  projections: Record<string, { behind: number; seconds: number }>;
  /** The worst projection's figures (each on its own). */
  behind: number;
  seconds: number;
  /**
   * The oldest transaction holding a transaction id on the whole server, any database:
   * the relay reads only below the server-wide snapshot xmin (a commit cannot then land
   * behind it), so such a transaction holds back publishing for every database.
   */
  oldestWrite: { database: string; seconds: number } | null;
}

/**
 * Events after each checkpoint, and how long ago the first of them was recorded
 * (0 when none): the commit → read-model lag as a reader of the read models feels
 * it, through the relay, NATS and the projector. Read in the order the relay and
 * projectors read the log, (transaction_id, global_position), which the index covers.
 */
const LAG_SQL = `
  select c.projection,
    (select count(*) from events e
      where (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)) as behind,
    coalesce((select extract(epoch from clock_timestamp() - e.recorded_at) from events e
      where (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)
      order by e.transaction_id, e.global_position limit 1), 0) as seconds
  from projection_checkpoints c order by c.projection`;

const OLDEST_WRITE_SQL = `
  select datname, extract(epoch from clock_timestamp() - xact_start) as seconds
  from pg_stat_activity where backend_xid is not null order by xact_start limit 1`;

export async function sampleLag(pool: pg.Pool, started = performance.now()): Promise<LagSample> {
  const { rows } = await pool.query<{ projection: string; behind: string; seconds: string }>(LAG_SQL);
  const oldest = (await pool.query<{ datname: string; seconds: string }>(OLDEST_WRITE_SQL)).rows[0];
  const projections: LagSample['projections'] = {};
  let behind = 0;
  let seconds = 0;
  for (const r of rows) {
    const p = { behind: Number(r.behind), seconds: Math.max(0, Number(r.seconds)) };
    projections[r.projection] = p;
    behind = Math.max(behind, p.behind);
    seconds = Math.max(seconds, p.seconds);
  }
  return {
    at: performance.now() - started,
    projections,
    behind,
    seconds,
    oldestWrite: oldest ? { database: oldest.datname, seconds: Number(oldest.seconds) } : null,
  };
}

/** Samples every `everyMs` until `stop` resolves; a sample that errs is skipped. */
export async function sampleLagUntil(
  pool: pg.Pool,
  stop: Promise<void>,
  everyMs = 500,
): Promise<LagSample[]> {
  let stopped = false;
  void stop.then(() => (stopped = true));
  const started = performance.now();
  const samples: LagSample[] = [];
  for (let tick = 1; !stopped; tick++) {
    const due = started + tick * everyMs;
    try {
      samples.push(await sampleLag(pool, started));
    } catch {
      // A sample lost to a busy server is a gap, not a failure of the run.
    }
    const wait = due - performance.now();
    if (wait > 0) await Promise.race([sleep(wait), stop]);
  }
  return samples;
}

/** Waits until every projection has caught up with the store; the time it took (ms), or undefined past `timeoutMs`. */
export async function waitCaughtUp(pool: pg.Pool, timeoutMs: number): Promise<number | undefined> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const s = await sampleLag(pool).catch(() => undefined);
    if (s && s.behind === 0 && Object.keys(s.projections).length > 0) return performance.now() - started;
    await sleep(200);
  }
  return undefined;
}
