import type { CpuShare } from '../lib/measure.js';
import { formatWaits } from '../lib/pg-waits.js';
import type { AppendLevel, MeasuredLoad } from './append-throughput.js';
import type { LagResult } from './commit-lag.js';
import type { ReplayResult, SeedResult } from './replay.js';

export interface MachineInfo {
  /** When the run started (UTC). */
  date: string;
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  postgres: string;
  nats: string;
  /** Cores busy with other work in the 2 s before the run (0 on a quiet machine). */
  backgroundCores: number;
}

export interface StoreBenchResults {
  machine: MachineInfo;
  appends: AppendLevel[];
  handle: MeasuredLoad;
  lag: LagResult;
  seed: SeedResult;
  replays: ReplayResult[];
  totalSeconds: number;
}

export const TARGETS = {
  storeRawRatioAt8: 0.6,
  lagP99Ms: 100,
  replayPerSecond: 20_000,
} as const;

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
const pct = (n: number) => `${Math.round(n * 100)} %`;
/** machine / this Node process / our Postgres backends, in cores */
const cores = (c: CpuShare) =>
  `${c.machineCores.toFixed(2)} / ${c.nodeCores.toFixed(2)} / ${c.postgresCores.toFixed(2)}`;

/** CPU time one operation cost in this Node process and in our Postgres backends, in ms. */
function perOp(load: MeasuredLoad): string {
  const each = (cores: number) => ((cores / load.perSecond) * 1000).toFixed(3);
  return `${each(load.cpu.nodeCores)} / ${each(load.cpu.postgresCores)}`;
}

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

function machineSection(m: MachineInfo, totalSeconds: number): string {
  return [
    `Run started ${m.date} (whole run ${Math.round(totalSeconds)} s; other work on the machine before it: ${m.backgroundCores.toFixed(2)} cores).`,
    '',
    table(
      ['CPU', 'memory', 'Node', 'PostgreSQL', 'NATS'],
      [[`${m.cpus} × ${m.cpuModel}`, `${m.memoryGiB.toFixed(0)} GiB`, m.node, m.postgres, m.nats]],
    ),
  ].join('\n');
}

function appendSection(levels: AppendLevel[], handle: MeasuredLoad): string {
  const throughput = table(
    [
      'concurrency',
      'store appends/s',
      'p50 ms',
      'p99 ms',
      'raw inserts/s',
      'p50 ms',
      'p99 ms',
      'store / raw',
    ],
    levels.map((l) => [
      String(l.concurrency),
      int(l.store.perSecond),
      ms(l.store.p50Ms),
      ms(l.store.p99Ms),
      int(l.raw.perSecond),
      ms(l.raw.p50Ms),
      ms(l.raw.p99Ms),
      pct(l.ratio),
    ]),
  );
  const where = table(
    [
      'concurrency',
      'CPU ms per append: node / pg',
      'CPU ms per raw insert: node / pg',
      'machine cores busy: store / raw',
      'store: backends were',
      'raw: backends were',
    ],
    levels.map((l) => [
      String(l.concurrency),
      perOp(l.store),
      perOp(l.raw),
      `${l.store.cpu.machineCores.toFixed(2)} / ${l.raw.cpu.machineCores.toFixed(2)}`,
      formatWaits(l.store.waits),
      formatWaits(l.raw.waits),
    ]),
  );
  const handled = table(
    ['concurrency', 'handle() calls/s', 'p50 ms', 'p99 ms', 'CPU ms per call: node / pg', 'backends were'],
    [
      [
        String(handle.concurrency),
        int(handle.perSecond),
        ms(handle.p50Ms),
        ms(handle.p99Ms),
        perOp(handle),
        formatWaits(handle.waits),
      ],
    ],
  );
  return [
    '### Appends',
    '',
    throughput,
    '',
    where,
    '',
    '### handle() (load + decide + append)',
    '',
    handled,
  ].join('\n');
}

function lagSection(lag: LagResult): string {
  return [
    '### Commit → read model lag through NATS',
    '',
    table(
      [
        'target rate',
        'achieved',
        'events',
        'p50 ms',
        'p99 ms',
        'max ms',
        'from recorded_at p50 / p99 ms',
        'CPU machine / node / pg',
      ],
      [
        [
          `${lag.targetRate}/s`,
          `${lag.achievedRate.toFixed(0)}/s`,
          int(lag.events),
          ms(lag.p50Ms),
          ms(lag.p99Ms),
          ms(lag.maxMs),
          `${ms(lag.fromRecordedP50Ms)} / ${ms(lag.fromRecordedP99Ms)}`,
          cores(lag.cpu),
        ],
      ],
    ),
  ].join('\n');
}

function replaySection(seed: SeedResult, replays: ReplayResult[]): string {
  return [
    '### Replay (rebuildProjection)',
    '',
    `Seeded ${int(seed.seeded)} events in ${int(seed.streams)} streams on top of ${int(seed.existing)} from the runs above, in ${seed.seconds.toFixed(1)} s (with vacuum analyze).`,
    '',
    table(
      ['projection', 'events', 'seconds', 'events/s', 'CPU machine / node / pg'],
      replays.map((r) => [r.projection, int(r.events), r.seconds.toFixed(1), int(r.perSecond), cores(r.cpu)]),
    ),
  ].join('\n');
}

export interface Verdict {
  target: string;
  measured: string;
  pass: boolean;
}

export function verdicts(r: StoreBenchResults): Verdict[] {
  const at8 = r.appends.find((l) => l.concurrency === 8);
  const list: Verdict[] = [];
  if (at8) {
    list.push({
      target: `store ≥ ${pct(TARGETS.storeRawRatioAt8)} of raw INSERT at concurrency 8`,
      measured: `${pct(at8.ratio)} (${int(at8.store.perSecond)} vs ${int(at8.raw.perSecond)}/s)`,
      pass: at8.ratio >= TARGETS.storeRawRatioAt8,
    });
  }
  list.push({
    target: `commit → read model p99 < ${TARGETS.lagP99Ms} ms at ${r.lag.targetRate} events/s`,
    measured: `${ms(r.lag.p99Ms)} ms`,
    pass: r.lag.p99Ms < TARGETS.lagP99Ms,
  });
  for (const replay of r.replays) {
    list.push({
      target: `replay ${replay.projection} ≥ ${int(TARGETS.replayPerSecond)} events/s`,
      measured: `${int(replay.perSecond)} events/s`,
      pass: replay.perSecond >= TARGETS.replayPerSecond,
    });
  }
  return list;
}

function summarySection(list: Verdict[]): string {
  return [
    '### Summary',
    '',
    table(
      ['target', 'measured', 'result'],
      list.map((v) => [v.target, v.measured, v.pass ? 'pass' : '**FAIL**']),
    ),
  ].join('\n');
}

/** The whole run as Markdown: what `docs/benchmarks.md` quotes. */
export function renderReport(r: StoreBenchResults): string {
  return [
    machineSection(r.machine, r.totalSeconds),
    appendSection(r.appends, r.handle),
    lagSection(r.lag),
    replaySection(r.seed, r.replays),
    summarySection(verdicts(r)),
  ].join('\n\n');
}
