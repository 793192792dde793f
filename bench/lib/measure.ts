import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

/** Wall-clock epoch in milliseconds with sub-millisecond resolution (Date.now() has only ms). */
export const epochMs = (): number => performance.timeOrigin + performance.now();

/** Nearest-rank percentile (p in 0..100) of values sorted ascending. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function sortedCopy(values: readonly number[]): Float64Array {
  return Float64Array.from(values).sort();
}

/** CPU used over a window, in cores (2.0 = both cores of this machine busy). */
export interface CpuShare {
  /** Everything on the box: us, Postgres, NATS and any neighbour. */
  machineCores: number;
  /** This Node process. */
  nodeCores: number;
  /** The Postgres backends connected to the benchmark's database. */
  postgresCores: number;
}

/** USER_HZ is 100 on every Linux distribution we run on. */
const TICKS_PER_SECOND = 100;

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // not Linux, or the process has gone
  }
}

/** Busy ticks of all cores since boot, from /proc/stat. */
function machineBusyTicks(): number {
  const line = readProc('/proc/stat')?.split('\n', 1)[0] ?? '';
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0); // idle + iowait
  return ticks.reduce((a, b) => a + b, 0) - idle;
}

/** utime + stime of one process, from /proc/<pid>/stat (after the parenthesised name). */
function processTicks(pid: number): number {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return 0;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
}

/** The server processes serving the database `pool` points at (the pool's own connection too). */
async function backendPids(pool: pg.Pool): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  return rows.map((r) => r.pid);
}

export interface CpuMeter {
  stop(): Promise<CpuShare>;
}

/**
 * Starts measuring CPU. Postgres backends are found at start and at stop; one
 * that appears meanwhile counts from zero, which is right for a new connection.
 */
export async function startCpuMeter(pool: pg.Pool): Promise<CpuMeter> {
  const pidsAtStart = await backendPids(pool);
  const startTicks = new Map(pidsAtStart.map((pid) => [pid, processTicks(pid)]));
  const machineAtStart = machineBusyTicks();
  const nodeAtStart = process.cpuUsage();
  const t0 = performance.now();
  return {
    async stop() {
      const node = process.cpuUsage(nodeAtStart);
      const seconds = (performance.now() - t0) / 1000;
      const machine = machineBusyTicks() - machineAtStart;
      let backendTicks = 0;
      for (const pid of await backendPids(pool))
        backendTicks += processTicks(pid) - (startTicks.get(pid) ?? 0);
      return {
        machineCores: machine / TICKS_PER_SECOND / seconds,
        nodeCores: (node.user + node.system) / 1e6 / seconds,
        postgresCores: backendTicks / TICKS_PER_SECOND / seconds,
      };
    },
  };
}

/** One measured window of a closed loop. */
export interface Sample {
  seconds: number;
  latenciesMs: number[];
}

export interface LoadResult {
  concurrency: number;
  ops: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** Several windows of the same load as one result: throughput over their total time, percentiles over all operations. */
export function combineSamples(concurrency: number, samples: readonly Sample[]): LoadResult {
  const latencies = samples.flatMap((s) => s.latenciesMs);
  const seconds = samples.reduce((sum, s) => sum + s.seconds, 0);
  const sorted = sortedCopy(latencies);
  return {
    concurrency,
    ops: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
  };
}

export interface ClosedLoopOptions {
  concurrency: number;
  /** Run but not counted: opens pool connections and warms the JIT and caches. */
  warmupMs: number;
  durationMs: number;
  /** One operation of worker `worker`; a worker runs its operations one after another. */
  op: (worker: number) => Promise<void>;
  /** Called when the measured window opens, with a promise of its end: to sample the server meanwhile. */
  during?: (windowEnd: Promise<void>) => void;
}

/**
 * Closed loop: `concurrency` workers, each issuing its next operation as soon as
 * the previous one returns. Only operations that start and finish inside the
 * measured window count (at most one per worker is lost at each edge).
 */
export async function closedLoop(options: ClosedLoopOptions): Promise<Sample> {
  const { concurrency, warmupMs, durationMs, op } = options;
  const started = performance.now();
  const windowStart = started + warmupMs;
  const windowEnd = windowStart + durationMs;
  const latenciesMs: number[] = [];

  const worker = async (w: number) => {
    while (performance.now() < windowEnd) {
      const t0 = performance.now();
      await op(w);
      const t1 = performance.now();
      if (t0 >= windowStart && t1 <= windowEnd) latenciesMs.push(t1 - t0);
    }
  };

  const window = (async () => {
    await sleep(warmupMs);
    const end = sleep(Math.max(0, windowEnd - performance.now()));
    options.during?.(end);
    await end;
  })();
  await Promise.all([window, ...Array.from({ length: concurrency }, (_, w) => worker(w))]);
  return { seconds: durationMs / 1000, latenciesMs };
}
