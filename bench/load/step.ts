import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setImmediate as yieldToIo, setTimeout as sleep } from 'node:timers/promises';
import type { Rng } from '../../services/src/demo/rng.js';
import type { ApiClient } from './http.js';
import {
  ACTIONS,
  clientAddress,
  requestsPerAction,
  type Action,
  type ActionContext,
  type Pools,
  type RequestKind,
} from './mix.js';

/** One request as the load generator saw it. */
export interface RequestSample {
  kind: RequestKind;
  /** From the moment it was due to the end of its answer (ms). */
  ms: number;
  /** 0: no answer (see `error`). */
  status: number;
  error?: 'timeout' | 'connection';
  /** When the answer ended, ms after the measured window opened (negative: during the settling). */
  endedAt: number;
  /** Its action arrived inside the measured window (latency and errors count only these). */
  counted: boolean;
  /** A read carrying x-read-after: whether the read models had caught up before it ran. */
  caughtUp?: boolean;
  /** The first 200 characters of a refused answer. */
  body?: string;
}

export interface StepRaw {
  rate: number;
  seconds: number;
  actions: number;
  /** Requests the actions that arrived in the window make when nothing fails: the offer as drawn. */
  offeredRequests: number;
  samples: RequestSample[];
  /** Actions not started because `maxInFlight` requests were already waiting (the client gave up on them). */
  shedActions: number;
  shedRequests: number;
  /** How late the first request of an action left after it was due (the generator's own delay), ms. */
  lateMs: number[];
  eventLoop: { p99Ms: number; maxMs: number };
}

export interface StepOptions {
  client: ApiClient;
  pools: Pools;
  rng: Rng;
  /** Requests per second offered. */
  rate: number;
  /** The same load before the measured window, so it opens on a steady state (queues and lag built up). */
  settleSeconds: number;
  seconds: number;
  maxInFlight: number;
  /** Runs as the window opens, with a promise of its end (to sample the servers meanwhile). */
  during?: (windowEnd: Promise<void>) => void;
}

const actionList = Object.values(ACTIONS) as Action[];
const weights = Object.fromEntries(actionList.map((a, i) => [String(i), a.weight])) as Record<string, number>;

/** A shared queue of active loans for repayments; a loan comes round again only after all the others. */
export class PayableQueue {
  private next = 0;
  constructor(private readonly loans: string[]) {}
  take(): string | undefined {
    if (this.loans.length === 0) return undefined;
    this.next %= this.loans.length;
    return this.loans[this.next++];
  }
  remove(loan: string): void {
    const i = this.loans.indexOf(loan);
    if (i < 0) return;
    this.loans.splice(i, 1);
    if (i < this.next) this.next--;
  }
}

/**
 * Open loop: user actions arrive as a Poisson process at `rate / requestsPerAction()`
 * per second whatever the servers do, so a slow answer cannot slow the arrivals and
 * hide itself (coordinated omission). Within an action each request waits for the
 * one before, as the web app's does. Latency counts from when a request was due.
 * The load runs `settleSeconds` before the measured window opens; every action that
 * arrived within the window is waited for (bounded by the client's timeout).
 */
export async function runStep(o: StepOptions, queue: PayableQueue): Promise<StepRaw> {
  const perSecond = o.rate / requestsPerAction();
  const samples: RequestSample[] = [];
  const lateMs: number[] = [];
  let inFlight = 0;
  let shedActions = 0;
  let shedRequests = 0;
  let actions = 0;
  let offeredRequests = 0;
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const start = performance.now() + 20;
  const windowStart = start + o.settleSeconds * 1000;
  const end = windowStart + o.seconds * 1000;
  const running: Array<Promise<void>> = [];

  const launch = (action: Action, due: number) => {
    const counted = due >= windowStart;
    const from = { 'x-forwarded-for': clientAddress(o.rng, action.audience) };
    let dueAt = due;
    let first = true;
    const send: ActionContext['send'] = async (kind, method, path, options) => {
      const sentAt = performance.now();
      if (first && counted) lateMs.push(Math.max(0, sentAt - due));
      first = false;
      inFlight++;
      const answer = await o.client.request(method, path, {
        ...options,
        headers: { ...from, ...options?.headers },
      });
      inFlight--;
      const ended = performance.now();
      const sample: RequestSample = {
        kind,
        ms: ended - Math.min(dueAt, sentAt),
        status: answer.status,
        endedAt: ended - windowStart,
        counted,
      };
      if (answer.error) sample.error = answer.error;
      if (options?.headers?.['x-read-after'])
        sample.caughtUp = answer.headers['x-read-caught-up'] !== 'false';
      if (answer.status >= 400) sample.body = answer.body.slice(0, 200);
      samples.push(sample);
      dueAt = ended;
      return answer.status >= 200 && answer.status < 300 ? answer : undefined;
    };
    const ctx: ActionContext = {
      send,
      pools: o.pools,
      rng: o.rng,
      nextPayable: () => queue.take(),
      closed: (loan) => queue.remove(loan),
    };
    running.push(
      action.run(ctx).catch((error: unknown) => {
        // A bug of the bench (a body it could not parse): visible, counted as an error of its kind.
        samples.push({
          kind: 'loans list',
          ms: 0,
          status: 0,
          error: 'connection',
          endedAt: performance.now() - windowStart,
          counted,
          body: `bench error: ${String(error)}`.slice(0, 200),
        });
      }),
    );
  };

  const windowEnd = sleep(Math.max(0, end - performance.now())).then(() => undefined);
  void sleep(Math.max(0, windowStart - performance.now())).then(() => {
    o.during?.(windowEnd);
    loop.enable();
  });
  let due = start;
  let burst = 0;
  for (;;) {
    due += (-Math.log(1 - o.rng.float()) / perSecond) * 1000;
    if (due >= end) break;
    const wait = due - performance.now();
    if (wait > 1) {
      await sleep(wait);
      burst = 0;
    } else if (++burst % 50 === 0) {
      // Behind schedule: let answers in now and then rather than only sending.
      await yieldToIo();
    }
    const action = actionList[Number(o.rng.weighted(weights))]!;
    const counted = due >= windowStart;
    if (counted) {
      actions++;
      offeredRequests += action.requests;
    }
    if (inFlight >= o.maxInFlight) {
      if (counted) {
        shedActions++;
        shedRequests += action.requests;
      }
      continue;
    }
    launch(action, due);
  }
  await windowEnd;
  loop.disable();
  await Promise.all(running);
  return {
    rate: o.rate,
    seconds: o.seconds,
    actions,
    offeredRequests,
    samples,
    shedActions,
    shedRequests,
    lateMs,
    eventLoop: { p99Ms: loop.percentile(99) / 1e6, maxMs: loop.max / 1e6 },
  };
}
