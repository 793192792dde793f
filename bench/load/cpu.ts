import { readFileSync } from 'node:fs';
import type pg from 'pg';

/** USER_HZ is 100 on every Linux distribution we run on. */
const TICKS_PER_SECOND = 100;

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // not Linux, or the process has gone
  }
}

/** utime + stime of one process, from /proc/<pid>/stat (after the parenthesised name). */
function processTicks(pid: number): number {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return 0;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
}

/** Busy ticks of all cores since boot, from /proc/stat. */
function machineBusyTicks(): number {
  const ticks = (read('/proc/stat')?.split('\n', 1)[0] ?? '').trim().split(/\s+/).slice(1, 9).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0); // idle + iowait
  return ticks.reduce((a, b) => a + b, 0) - idle;
}

/** Cores busy over a window (1.0 = one core all the time), by who used them. */
export type CpuByRole = Record<string, number>;

/**
 * CPU of each group of processes over a window: the product's processes by role,
 * this process (the load generator), the Postgres backends serving the bench
 * database, and the whole machine (everything, neighbours included).
 */
export async function startCpuMeter(
  pool: pg.Pool,
  database: string,
  pids: Record<string, readonly number[]>,
): Promise<{ stop(): Promise<CpuByRole> }> {
  const backends = async () =>
    (
      await pool.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database])
    ).rows.map((r) => r.pid);
  const at = new Map<number, number>();
  const note = (pid: number) => {
    if (!at.has(pid)) at.set(pid, processTicks(pid));
  };
  for (const list of Object.values(pids)) list.forEach(note);
  const pgAtStart = await backends();
  pgAtStart.forEach(note);
  const machine = machineBusyTicks();
  const self = process.cpuUsage();
  const t0 = performance.now();
  return {
    async stop() {
      const seconds = (performance.now() - t0) / 1000;
      const cores = (ticks: number) => ticks / TICKS_PER_SECOND / seconds;
      const used = (pid: number) => Math.max(0, processTicks(pid) - (at.get(pid) ?? 0));
      const out: CpuByRole = {};
      for (const [role, list] of Object.entries(pids))
        out[role] = cores(list.reduce((s, p) => s + used(p), 0));
      // A backend that appeared meanwhile counts from zero, which is right for a new connection.
      const pgPids = new Set([...pgAtStart, ...(await backends())]);
      out.postgres = cores([...pgPids].reduce((s, p) => s + used(p), 0));
      const me = process.cpuUsage(self);
      out['load generator'] = (me.user + me.system) / 1e6 / seconds;
      out.machine = cores(machineBusyTicks() - machine);
      return out;
    },
  };
}
