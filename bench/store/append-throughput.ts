import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { EventMetadata } from '@goldledger/contracts';
import { handle, type EventStore, type NewEvent } from '@goldledger/services';
import {
  closedLoop,
  combineSamples,
  startCpuMeter,
  type CpuShare,
  type LoadResult,
  type Sample,
} from '../lib/measure.js';
import { sampleWaits, type WaitProfile } from '../lib/pg-waits.js';

/** Events per stream before a worker starts a new one: 1 append in 20 creates a stream. */
export const STREAM_LENGTH = 20;

const occurredAt = new Date('2026-11-21T10:00:00+05:30');

/** About the size of a real PaymentRecorded: ~150 bytes of data. */
function paymentData(n: number): Record<string, unknown> {
  return {
    loanId: 'GL-2026-004217',
    amountPaise: 125_000 + n,
    method: n % 3 === 0 ? 'upi' : 'cash',
    receiptNo: `R-${String(n).padStart(8, '0')}`,
    note: 'part payment at branch',
  };
}

export function paymentEvent(n: number): NewEvent {
  return { type: 'PaymentRecorded', data: paymentData(n), occurredAt };
}

/** What an API request stamps on every event (idempotency keys aside: see the docs). */
export function requestMetadata(worker: number): EventMetadata {
  return {
    actor: { id: `emp-${worker}`, role: 'employee', name: 'Asha Rao' },
    correlationId: randomUUID(),
    clientIp: `10.0.0.${worker + 1}`,
  };
}

interface StreamCursor {
  id: string;
  version: number;
}

/** The worker's stream, replaced by a fresh one once it holds STREAM_LENGTH events. */
function currentStream(cursors: StreamCursor[], worker: number): StreamCursor {
  const cursor = cursors[worker];
  if (cursor && cursor.version < STREAM_LENGTH) return cursor;
  const fresh = { id: randomUUID(), version: 0 };
  cursors[worker] = fresh;
  return fresh;
}

/** One single-event append per call, always with the exact expected version: no conflicts. */
export function storeAppend(store: EventStore): (worker: number) => Promise<void> {
  const cursors: StreamCursor[] = [];
  return async (worker) => {
    const stream = currentStream(cursors, worker);
    const result = await store.append(stream.id, [paymentEvent(stream.version + 1)], {
      streamType: 'loan',
      expectedVersion: stream.version === 0 ? 'no_stream' : stream.version,
      metadata: requestMetadata(worker),
    });
    stream.version = result.nextExpectedVersion;
  };
}

/** The baseline: one autocommit single-row INSERT of the same JSON, through the same pool. */
export function rawInsert(pool: pg.Pool): (worker: number) => Promise<void> {
  let n = 0;
  return async (worker) => {
    const row = { type: 'PaymentRecorded', data: paymentData(++n), metadata: requestMetadata(worker) };
    await pool.query('insert into raw_bench (data) values ($1)', [JSON.stringify(row)]);
  };
}

interface Tally {
  payments: number;
  paidPaise: number;
}

/** load → fold → decide → append, as a command route does it. */
export function handlePayment(store: EventStore): (worker: number) => Promise<void> {
  const cursors: StreamCursor[] = [];
  return async (worker) => {
    const stream = currentStream(cursors, worker);
    const result = await handle<Tally>(store, stream.id, ({ state }) => [paymentEvent(state.payments + 1)], {
      streamType: 'loan',
      initialState: () => ({ payments: 0, paidPaise: 0 }),
      evolve: (state, e) =>
        e.type === 'PaymentRecorded'
          ? { payments: state.payments + 1, paidPaise: state.paidPaise + Number(e.data.amountPaise) }
          : state,
      metadata: requestMetadata(worker),
    });
    stream.version = result.nextExpectedVersion;
  };
}

export async function createRawTable(pool: pg.Pool): Promise<void> {
  await pool.query('create table raw_bench (id bigserial primary key, data jsonb not null)');
}

export interface MeasuredLoad extends LoadResult {
  waits: WaitProfile;
  cpu: CpuShare;
}

export interface LoadPlan {
  /** The pool the operations use; its connections carry `applicationName`. */
  applicationName: string;
  /** A separate pool for the pg_stat_activity sampler and CPU meter, so they never queue behind the load. */
  samplerPool: pg.Pool;
  /** Before the first window of a load (connections, JIT, caches). */
  warmupMs: number;
  /** Before each later window: lets the workers' pipeline fill again. */
  rewarmMs: number;
  /** Windows per load; compared loads take turns, window by window. */
  rounds: number;
  /** Length of one window. */
  roundMs: number;
}

interface Observed {
  sample: Sample;
  waits: WaitProfile;
  cpu: CpuShare;
}

/** What the server did while the window was open: wait states and CPU. */
async function observe(plan: LoadPlan, end: Promise<void>): Promise<Omit<Observed, 'sample'>> {
  const meter = await startCpuMeter(plan.samplerPool);
  const [waits, cpu] = await Promise.all([
    sampleWaits(plan.samplerPool, plan.applicationName, end),
    end.then(() => meter.stop()),
  ]);
  return { waits, cpu };
}

async function observeWindow(
  plan: LoadPlan,
  concurrency: number,
  op: (worker: number) => Promise<void>,
  warmupMs: number,
): Promise<Observed> {
  let observed: ReturnType<typeof observe> | undefined;
  const sample = await closedLoop({
    concurrency,
    warmupMs,
    durationMs: plan.roundMs,
    op,
    during: (end) => (observed = observe(plan, end)),
  });
  if (!observed) throw new Error('the measured window never opened');
  return { sample, ...(await observed) };
}

/** Averages over windows, weighted by their length. */
function weighted<T extends Record<string, number>>(items: Array<{ weight: number; value: T }>): T {
  const total = items.reduce((sum, i) => sum + i.weight, 0);
  const out: Record<string, number> = {};
  for (const { weight, value } of items) {
    for (const [k, v] of Object.entries(value)) out[k] = (out[k] ?? 0) + (v * weight) / total;
  }
  return out as T;
}

function combine(concurrency: number, windows: Observed[]): MeasuredLoad {
  return {
    ...combineSamples(
      concurrency,
      windows.map((w) => w.sample),
    ),
    waits: weighted(windows.map((w) => ({ weight: w.sample.seconds, value: w.waits }))),
    cpu: weighted(windows.map((w) => ({ weight: w.sample.seconds, value: { ...w.cpu } }))),
  };
}

/**
 * Runs the loads for `plan.rounds` windows each, taking turns window by window,
 * so a neighbour's burst on this shared machine hits them alike and their ratio
 * stays fair. The same op functions carry on across windows (streams continue).
 */
export async function measureInTurns(
  plan: LoadPlan,
  concurrency: number,
  ops: ReadonlyArray<(worker: number) => Promise<void>>,
): Promise<MeasuredLoad[]> {
  const windows: Observed[][] = ops.map(() => []);
  for (let round = 0; round < plan.rounds; round++) {
    for (const [i, op] of ops.entries()) {
      windows[i]!.push(
        await observeWindow(plan, concurrency, op, round === 0 ? plan.warmupMs : plan.rewarmMs),
      );
    }
  }
  return windows.map((w) => combine(concurrency, w));
}

export async function measureLoad(
  plan: LoadPlan,
  concurrency: number,
  op: (worker: number) => Promise<void>,
): Promise<MeasuredLoad> {
  const [result] = await measureInTurns(plan, concurrency, [op]);
  return result!;
}

export interface AppendLevel {
  concurrency: number;
  store: MeasuredLoad;
  raw: MeasuredLoad;
  /** store appends/s ÷ raw inserts/s */
  ratio: number;
}

/** Store and raw in turns at each level: same server state, same neighbours, a fair ratio. */
export async function compareWithRaw(
  plan: LoadPlan,
  store: EventStore,
  pool: pg.Pool,
  levels: readonly number[],
  onLevel: (level: AppendLevel) => void,
): Promise<AppendLevel[]> {
  const results: AppendLevel[] = [];
  for (const concurrency of levels) {
    const [storeResult, rawResult] = await measureInTurns(plan, concurrency, [
      storeAppend(store),
      rawInsert(pool),
    ]);
    const level = {
      concurrency,
      store: storeResult!,
      raw: rawResult!,
      ratio: storeResult!.perSecond / rawResult!.perSecond,
    };
    onLevel(level);
    results.push(level);
  }
  return results;
}
