import { percentile, sortedCopy } from '../lib/measure.js';
import type { CpuByRole } from './cpu.js';
import type { LagSample } from './lag.js';
import { ACTIONS, REQUEST_KINDS, type Action, type RequestKind } from './mix.js';
import type { BookFacts } from './setup.js';
import type { RequestSample, StepRaw } from './step.js';
import { renderStatements, type StatementsCapture } from './statements.js';

export interface Percentiles {
  n: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface StepResult {
  /** Requests per second offered (the arrival rate of actions × requests per action). */
  offered: number;
  /** The offer as the random arrivals drew it: requests of the actions that arrived in the window, per second. */
  drawn: number;
  seconds: number;
  actions: number;
  /** 2xx answers inside the window, per second. */
  achieved: number;
  latency: Percentiles;
  byKind: Partial<Record<RequestKind, Percentiles & { errors: number }>>;
  errors: {
    /** 4xx other than 429: a request of the bench the API refused (a bench bug, expected 0). */
    client: number;
    server: number;
    tooMany: number;
    timeouts: number;
    connection: number;
    /** Requests of actions the generator never started (too many waiting already). */
    shed: number;
  };
  errorRate: number;
  errorSamples: string[];
  /** Reads after a write (x-read-after) that ran before the read models had caught up (5 s cap). */
  readAfter: { n: number; notCaughtUp: number };
  lag: {
    samples: number;
    behindP95: number;
    behindMax: number;
    secondsP95: number;
    secondsMax: number;
    /** The worst moment of each projection (seconds behind). */
    maxSecondsByProjection: Record<string, number>;
    /** The oldest write transaction seen on the server, and in which databases one stayed open over 1 s. */
    oldestWriteMaxSeconds: number;
    longWritesIn: string[];
  };
  /** Time for every projection to catch up once the window closed (ms); null: not within the limit. */
  catchUpMs: number | null;
  cpu: CpuByRole;
  generator: { lateP99Ms: number; eventLoopP99Ms: number; eventLoopMaxMs: number };
}

export interface Machine {
  date: string;
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  postgres: string;
  nats: string;
  /** Cores busy on the machine over 3 s before the run, with nothing of ours running. */
  idleBusyCores: number;
  loadAverage: number[];
}

export interface LoadResults {
  machine: Machine;
  command: string;
  database: string;
  book: BookFacts;
  logLevel: string;
  requestsPerAction: number;
  steps: StepResult[];
  /** The top statements over the measured steps (absent in runs saved before issue 19). */
  statements?: StatementsCapture;
  knee: Knee;
  totalSeconds: number;
}

export interface Knee {
  /** The lowest offered rate that broke a rule below, or null when none did. */
  rate: number | null;
  /** The highest rate before it that kept all three. */
  lastGood: number | null;
  reason: string;
}

/**
 * The knee's rules: p95 over twice the lowest rate's, or achieved below 90 % of the offer
 * (as drawn, so the arrivals' own randomness does not count), or over 1 % errors.
 */
export const KNEE_RULES = { p95Factor: 2, achievedShare: 0.9, errorRate: 0.01 } as const;

export function summarise(ms: readonly number[]): Percentiles {
  const sorted = sortedCopy(ms);
  return {
    n: ms.length,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? Number.NaN,
  };
}

const p95 = (values: number[]) => percentile(sortedCopy(values), 95);

export function stepResult(
  raw: StepRaw,
  lag: LagSample[],
  catchUpMs: number | undefined,
  cpu: CpuByRole,
): StepResult {
  const windowMs = raw.seconds * 1000;
  const isOk = (s: RequestSample) => s.status >= 200 && s.status < 300;
  // Throughput: every 2xx answer inside the window, whenever its request arrived.
  const achieved =
    raw.samples.filter((s) => isOk(s) && s.endedAt >= 0 && s.endedAt <= windowMs).length / raw.seconds;
  const samples = raw.samples.filter((s) => s.counted);
  const ok = samples.filter(isOk);
  const errors = {
    client: samples.filter((s) => s.status >= 400 && s.status < 500 && s.status !== 429).length,
    server: samples.filter((s) => s.status >= 500).length,
    tooMany: samples.filter((s) => s.status === 429).length,
    timeouts: samples.filter((s) => s.error === 'timeout').length,
    connection: samples.filter((s) => s.error === 'connection').length,
    shed: raw.shedRequests,
  };
  const failed = Object.values(errors).reduce((a, b) => a + b, 0);
  const byKind: StepResult['byKind'] = {};
  for (const kind of REQUEST_KINDS) {
    const of = samples.filter((s) => s.kind === kind);
    if (of.length === 0) continue;
    byKind[kind] = {
      ...summarise(of.filter((s) => s.status >= 200 && s.status < 300).map((s) => s.ms)),
      errors: of.filter((s) => !(s.status >= 200 && s.status < 300)).length,
    };
  }
  const readAfter = samples.filter((s) => s.caughtUp !== undefined);
  const maxSecondsByProjection: Record<string, number> = {};
  for (const s of lag) {
    for (const [name, p] of Object.entries(s.projections)) {
      maxSecondsByProjection[name] = Math.max(maxSecondsByProjection[name] ?? 0, p.seconds);
    }
  }
  return {
    offered: raw.rate,
    drawn: raw.offeredRequests / raw.seconds,
    seconds: raw.seconds,
    actions: raw.actions,
    achieved,
    latency: summarise(ok.map((s) => s.ms)),
    byKind,
    errors,
    errorRate: failed / Math.max(1, samples.length + raw.shedRequests),
    errorSamples: [
      ...new Set(
        samples
          .filter((s) => s.body || s.error)
          .map((s) => `${s.kind}: ${s.status || s.error} ${s.body ?? ''}`),
      ),
    ].slice(0, 5),
    readAfter: { n: readAfter.length, notCaughtUp: readAfter.filter((s) => s.caughtUp === false).length },
    lag: {
      samples: lag.length,
      behindP95: p95(lag.map((s) => s.behind)),
      behindMax: Math.max(0, ...lag.map((s) => s.behind)),
      secondsP95: p95(lag.map((s) => s.seconds)),
      secondsMax: Math.max(0, ...lag.map((s) => s.seconds)),
      maxSecondsByProjection,
      oldestWriteMaxSeconds: Math.max(0, ...lag.map((s) => s.oldestWrite?.seconds ?? 0)),
      longWritesIn: [
        ...new Set(lag.filter((s) => (s.oldestWrite?.seconds ?? 0) > 1).map((s) => s.oldestWrite!.database)),
      ],
    },
    catchUpMs: catchUpMs ?? null,
    cpu,
    generator: {
      lateP99Ms: percentile(sortedCopy(raw.lateMs), 99),
      eventLoopP99Ms: raw.eventLoop.p99Ms,
      eventLoopMaxMs: raw.eventLoop.maxMs,
    },
  };
}

export function findKnee(steps: readonly StepResult[]): Knee {
  const base = steps[0];
  if (!base) return { rate: null, lastGood: null, reason: 'no step ran' };
  let lastGood: number | null = null;
  for (const s of steps) {
    const reasons = [
      s !== base &&
        s.latency.p95Ms > KNEE_RULES.p95Factor * base.latency.p95Ms &&
        `p95 ${ms(s.latency.p95Ms)} ms > ${KNEE_RULES.p95Factor} × ${ms(base.latency.p95Ms)} ms (at ${base.offered}/s)`,
      s.achieved < KNEE_RULES.achievedShare * s.drawn &&
        `achieved ${s.achieved.toFixed(0)}/s < ${KNEE_RULES.achievedShare * 100} % of the ${s.drawn.toFixed(0)}/s offered`,
      s.errorRate > KNEE_RULES.errorRate && `${(s.errorRate * 100).toFixed(1)} % of requests failed`,
    ].filter((r): r is string => typeof r === 'string');
    if (reasons.length > 0) return { rate: s.offered, lastGood, reason: reasons.join('; ') };
    lastGood = s.offered;
  }
  return { rate: null, lastGood, reason: `every step up to ${lastGood}/s kept all three rules` };
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
export const ms = (n: number) => (Number.isNaN(n) ? '–' : n < 10 ? n.toFixed(1) : int(n));
const sec = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));

/** The run as Markdown: machine, book, the step table, the knee, per-kind latencies, CPU. */
export function renderLoadReport(r: LoadResults): string {
  const m = r.machine;
  const actions = Object.entries(ACTIONS) as Array<[string, Action]>;
  const totalWeight = actions.reduce((s, [, a]) => s + a.weight, 0);
  const lines = [
    `Run of ${m.date}: ${m.cpus} × ${m.cpuModel}, ${m.memoryGiB.toFixed(0)} GiB; Node ${m.node}; PostgreSQL ${m.postgres}; NATS ${m.nats}.`,
    `Before the run, with none of ours running: ${m.idleBusyCores.toFixed(2)} of ${m.cpus} cores busy (load average ${m.loadAverage.map((l) => l.toFixed(2)).join(', ')}).`,
    `Book: ${int(r.book.loans)} listed loans (${int(r.book.activeLoans)} active), ${int(r.book.customers)} customers, ${int(r.book.events)} events${r.book.generatedSeconds ? `, generated in ${r.book.generatedSeconds.toFixed(0)} s` : ' (reused)'}. Servers log at "${r.logLevel}".`,
    `Mix: ${actions.map(([name, a]) => `${name} ${Math.round((100 * a.weight) / totalWeight)} %`).join(', ')}; ${r.requestsPerAction.toFixed(2)} requests per action.`,
    '',
    `Reproduce: \`${r.command}\``,
    '',
    '| offered req/s (drawn) | achieved req/s | p50 ms | p95 ms | p99 ms | max ms | errors | lag p95 (events / s) | lag max (events / s) | catch-up after | read-after-write waits > 5 s | oldest write transaction on the server |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...r.steps.map((s) => {
      const errors = Object.values(s.errors).reduce((a, b) => a + b, 0);
      return `| ${s.offered} (${s.drawn.toFixed(1)}) | ${s.achieved.toFixed(1)} | ${ms(s.latency.p50Ms)} | ${ms(s.latency.p95Ms)} | ${ms(s.latency.p99Ms)} | ${ms(s.latency.maxMs)} | ${errors}${errors ? ` (${(s.errorRate * 100).toFixed(1)} %)` : ''} | ${int(s.lag.behindP95)} / ${sec(s.lag.secondsP95)} | ${int(s.lag.behindMax)} / ${sec(s.lag.secondsMax)} | ${s.catchUpMs === null ? '> limit' : `${sec(s.catchUpMs / 1000)} s`} | ${s.readAfter.notCaughtUp} of ${s.readAfter.n} | ${sec(s.lag.oldestWriteMaxSeconds)} s${s.lag.longWritesIn.length ? ` (${s.lag.longWritesIn.map((d) => (d === r.database ? 'the bench database' : d)).join(', ')})` : ''} |`;
    }),
    '',
    r.knee.rate === null
      ? `Knee: not reached (${r.knee.reason}).`
      : `Knee: **${r.knee.rate} req/s** (${r.knee.reason}); ${r.knee.lastGood === null ? 'no rate kept every rule' : `the last rate that kept every rule: ${r.knee.lastGood} req/s`}.`,
    '',
    'Latency by request kind (p50 / p95 / p99 ms; errors in brackets):',
    '',
    `| kind | ${r.steps.map((s) => `${s.offered}/s`).join(' | ')} |`,
    `|---|${r.steps.map(() => '---:').join('|')}|`,
    ...REQUEST_KINDS.map(
      (kind) =>
        `| ${kind} | ${r.steps
          .map((s) => {
            const k = s.byKind[kind];
            if (!k) return '';
            return `${ms(k.p50Ms)} / ${ms(k.p95Ms)} / ${ms(k.p99Ms)}${k.errors ? ` (${k.errors})` : ''}`;
          })
          .join(' | ')} |`,
    ),
    '',
    'Where the cores went (cores busy over each window; the machine total includes neighbours):',
    '',
    `| process | ${r.steps.map((s) => `${s.offered}/s`).join(' | ')} |`,
    `|---|${r.steps.map(() => '---:').join('|')}|`,
    ...Object.keys(r.steps[0]?.cpu ?? {}).map(
      (role) => `| ${role} | ${r.steps.map((s) => (s.cpu[role] ?? 0).toFixed(2)).join(' | ')} |`,
    ),
    `| generator: p99 lateness of sends / event-loop delay p99 (ms) | ${r.steps.map((s) => `${ms(s.generator.lateP99Ms)} / ${ms(s.generator.eventLoopP99Ms)}`).join(' | ')} |`,
  ];
  lines.push(...renderStatements(r.statements));
  const samples = r.steps.flatMap((s) => s.errorSamples.map((e) => `- ${s.offered}/s: ${e}`));
  if (samples.length > 0) lines.push('', 'Error samples:', '', ...samples);
  return lines.join('\n');
}
