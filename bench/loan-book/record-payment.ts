import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { projections, ProjectionRunner, type EventReader } from '@goldledger/projections';
import { Rng } from '../../services/src/demo/rng.js';
import { startCpuMeter, type CpuShare } from '../lib/measure.js';
import { sampleWaits, type WaitProfile } from '../lib/pg-waits.js';
import { progress } from '../lib/progress.js';
import type { BenchApi } from './api.js';
import { BENCH_APPLICATION } from './database.js';
import { summarise, type Percentiles } from './list-loans.js';

export interface PaymentPlan {
  loanUuid: string;
  amount: number;
}

export interface PaymentResult {
  /** The projectors caught up in the same process meanwhile (as under `npm start`), or not at all. */
  withProjectors: boolean;
  ratePerSecond: number;
  seconds: number;
  sent: number;
  ok: number;
  errors: number;
  /** First few error answers. */
  errorSamples: string[];
  /** From the moment the request was due (open loop: includes any wait to be sent). */
  fromSchedule: Percentiles;
  /** From the moment it was handed to app.inject. */
  service: Percentiles;
  achievedPerSecond: number;
  cpu: CpuShare;
  /** Events the projectors applied while the load ran (they run in the same process, as under `npm start`). */
  projected: number;
  passes: ProjectorPasses;
  /** How late Node's event loop ran its timers meanwhile (time a ready request may wait for the CPU). */
  eventLoopDelay: { p50Ms: number; p99Ms: number; maxMs: number };
  /** What our Postgres backends were doing, sampled every 20 ms. */
  waits: WaitProfile;
}

/**
 * Valid payments, one per loan: a quote first (outside the timed window), then an
 * amount of at least its minimum and below its total due, so no payment closes a loan.
 */
export async function planPayments(api: BenchApi, db: Kysely<any>, seed: number, count: number) {
  const { rows } = await sql<{ loan_uuid: string }>`
    select loan_uuid from rm_loans.loans where status = 'active'
    order by random() limit ${Math.ceil(count * 1.3)}`.execute(db);
  const rng = new Rng(seed);
  const plans: PaymentPlan[] = [];
  const bar = progress('quoting payments', 'loans');
  for (const { loan_uuid } of rows) {
    if (plans.length === count) break;
    const res = await api.app.inject({
      method: 'POST',
      url: `/api/loans/${loan_uuid}/calculate-early-repayment`,
      headers: { 'x-auth-token': api.tokens.employee },
      payload: {},
    });
    if (res.statusCode !== 200) continue;
    const q = res.json() as { totalDue: number; minimumTotalDue: number };
    const amount = Math.ceil(
      q.minimumTotalDue + (q.totalDue - q.minimumTotalDue) * (0.05 + rng.float() * 0.5),
    );
    if (amount < q.minimumTotalDue || amount >= q.totalDue) continue;
    plans.push({ loanUuid: loan_uuid, amount });
    bar.update(plans.length, count);
  }
  bar.stop();
  // A small book has fewer active loans than the run needs: it then runs shorter.
  if (plans.length === 0) throw new Error('no active loan could take a payment');
  return plans;
}

export interface ProjectorPasses {
  /** Catch-up passes that applied something, their mean and longest time, per projection. */
  [projection: string]: { passes: number; meanMs: number; maxMs: number };
}

/** Catches every projection up every 50 ms until `stop`: the in-process delivery of `npm start`, roughly. */
async function projectMeanwhile(
  db: Kysely<any>,
  reader: EventReader,
  stop: Promise<void>,
): Promise<{ applied: number; passes: ProjectorPasses }> {
  const runners = projections.map((projection) => new ProjectionRunner({ db, reader, projection }));
  for (const r of runners) await r.init();
  let stopped = false;
  void stop.then(() => (stopped = true));
  let applied = 0;
  const times = new Map<string, number[]>(runners.map((r) => [r.name, []]));
  const pass = async () => {
    for (const r of runners) {
      const started = performance.now();
      const n = await r.catchUp();
      if (n > 0) times.get(r.name)!.push(performance.now() - started);
      applied += n;
    }
  };
  while (!stopped) {
    await pass();
    await sleep(50);
  }
  await pass();
  const passes: ProjectorPasses = {};
  for (const [name, ms] of times) {
    if (ms.length === 0) continue;
    passes[name] = {
      passes: ms.length,
      meanMs: ms.reduce((a, b) => a + b, 0) / ms.length,
      maxMs: Math.max(...ms),
    };
  }
  return { applied, passes };
}

/**
 * Open loop: request i is due at start + i / rate, sent then whether or not earlier
 * ones have answered (so a slow answer cannot slow the arrivals down and hide itself).
 */
export async function measurePayments(
  api: BenchApi,
  pool: pg.Pool,
  db: Kysely<any>,
  reader: EventReader,
  plans: readonly PaymentPlan[],
  ratePerSecond: number,
  withProjectors: boolean,
): Promise<PaymentResult> {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const projector = withProjectors
    ? projectMeanwhile(db, reader, finished)
    : Promise.resolve({ applied: 0, passes: {} });
  const meter = await startCpuMeter(pool);
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const waits = sampleWaits(pool, BENCH_APPLICATION, finished);
  const gap = 1000 / ratePerSecond;
  const start = performance.now() + 50;
  const fromSchedule: number[] = [];
  const service: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  const inFlight: Array<Promise<void>> = [];
  for (let i = 0; i < plans.length; i++) {
    const due = start + i * gap;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const plan = plans[i]!;
    const sent = performance.now();
    inFlight.push(
      api.app
        .inject({
          method: 'POST',
          url: `/api/loans/${plan.loanUuid}/payment`,
          headers: { 'x-auth-token': api.tokens.employee },
          payload: { amount: plan.amount, paymentMethod: 'handcash' },
        })
        .then((res) => {
          const done = performance.now();
          if (res.statusCode !== 201) {
            errors += 1;
            if (errorSamples.length < 5) errorSamples.push(`${res.statusCode} ${res.body.slice(0, 200)}`);
            return;
          }
          // A timer may fire a hair early: count from whichever came first.
          fromSchedule.push(done - Math.min(due, sent));
          service.push(done - sent);
        }),
    );
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - start) / 1000;
  const cpu = await meter.stop();
  loop.disable();
  finish();
  const { applied: projected, passes } = await projector;
  const ns = 1e6;
  return {
    withProjectors,
    ratePerSecond,
    seconds,
    sent: plans.length,
    ok: fromSchedule.length,
    errors,
    errorSamples,
    fromSchedule: summarise(fromSchedule),
    service: summarise(service),
    achievedPerSecond: plans.length / seconds,
    cpu,
    projected,
    passes,
    eventLoopDelay: {
      p50Ms: loop.percentile(50) / ns,
      p99Ms: loop.percentile(99) / ns,
      maxMs: loop.max / ns,
    },
    waits: await waits,
  };
}
