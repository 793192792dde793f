import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

/** Share of samples per backend state, e.g. { 'Lock:object': 0.71, 'CPU': 0.12 }. */
export type WaitProfile = Record<string, number>;

/**
 * What the benchmark's own backends were doing, sampled from pg_stat_activity
 * every few milliseconds: the cheapest evidence of where a load is limited
 * (on CPU, waiting for WAL flush, queued on a lock, or idle waiting for Node).
 */
export async function sampleWaits(
  pool: pg.Pool,
  applicationName: string,
  until: Promise<void>,
  everyMs = 20,
): Promise<WaitProfile> {
  const counts = new Map<string, number>();
  let finished = false;
  void until.then(() => (finished = true));
  let total = 0;
  while (!finished) {
    const { rows } = await pool.query<{ state: string; n: number }>(
      `select case
                when state = 'active' and wait_event is null then 'CPU'
                when state = 'active' then wait_event_type || ':' || wait_event
                else coalesce(state, '?') || ' (waiting for the client)'
              end as state,
              count(*)::int as n
         from pg_stat_activity
        where application_name = $1 and pid <> pg_backend_pid()
        group by 1`,
      [applicationName],
    );
    for (const r of rows) {
      counts.set(r.state, (counts.get(r.state) ?? 0) + r.n);
      total += r.n;
    }
    await sleep(everyMs);
  }
  return Object.fromEntries([...counts].map(([k, v]) => [k, total === 0 ? 0 : v / total]));
}

/** "Lock:object 71%, CPU 12%, …": the top entries of a profile. */
export function formatWaits(profile: WaitProfile, top = 3): string {
  return Object.entries(profile)
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, v]) => `${k} ${Math.round(v * 100)}%`)
    .join(', ');
}
