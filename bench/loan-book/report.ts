import type { CpuShare } from '../lib/measure.js';
import { formatWaits } from '../lib/pg-waits.js';
import type { ReplayResult } from '../store/replay.js';
import type { ListResult, Percentiles } from './list-loans.js';
import type { PaymentResult } from './record-payment.js';

export interface LoanBenchMachine {
  date: string;
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  postgres: string;
  backgroundCores: number;
}

export interface GenerationResult {
  /** False when the run reused a kept database (then the figures are of that database, not timed). */
  generated: boolean;
  loans: number;
  customers: number;
  events: number;
  seconds: number;
  concurrency: number;
  seed: number;
  byBehaviour: Record<string, number>;
  failed: number;
  cpu: CpuShare | null;
}

export interface BookFacts {
  events: number;
  loans: number;
  activeLoans: number;
  customers: number;
  databaseMiB: number;
}

export interface LoanBenchResults {
  machine: LoanBenchMachine;
  database: string;
  generation: GenerationResult;
  book: BookFacts;
  rebuilds: ReplayResult[];
  /** Rebuilt in this run, or skipped (--skip-rebuild: the kept read models were caught up instead). */
  rebuilt: boolean;
  list: ListResult;
  /** With the projectors running in the same process (the target), then without them. */
  payments: PaymentResult;
  paymentsAlone: PaymentResult;
  totalSeconds: number;
}

export const LOAN_TARGETS = { listP95Ms: 30, paymentP99Ms: 25 } as const;

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
const cores = (c: CpuShare) =>
  `${c.machineCores.toFixed(2)} / ${c.nodeCores.toFixed(2)} / ${c.postgresCores.toFixed(2)}`;

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

const pcts = (p: Percentiles) => [ms(p.p50Ms), ms(p.p95Ms), ms(p.p99Ms), ms(p.maxMs)];

export function loanVerdicts(r: LoanBenchResults) {
  return [
    {
      target: `loans list p95 < ${LOAN_TARGETS.listP95Ms} ms`,
      measured: `${ms(r.list.overall.p95Ms)} ms`,
      pass: r.list.overall.p95Ms < LOAN_TARGETS.listP95Ms,
    },
    {
      target: `RecordPayment p99 < ${LOAN_TARGETS.paymentP99Ms} ms at ${r.payments.ratePerSecond}/s`,
      measured: `${ms(r.payments.fromSchedule.p99Ms)} ms (${r.payments.errors} errors)`,
      pass: r.payments.fromSchedule.p99Ms < LOAN_TARGETS.paymentP99Ms && r.payments.errors === 0,
    },
  ];
}

export function renderLoanReport(r: LoanBenchResults): string {
  const m = r.machine;
  const g = r.generation;
  const out: string[] = [];
  out.push(
    `Run started ${m.date} (whole run ${int(r.totalSeconds)} s; other work on the machine before it: ${m.backgroundCores.toFixed(2)} cores). Database \`${r.database}\`.`,
    '',
    table(
      ['CPU', 'memory', 'Node', 'PostgreSQL'],
      [[`${m.cpus} × ${m.cpuModel}`, `${m.memoryGiB.toFixed(0)} GiB`, m.node, m.postgres]],
    ),
    '',
    '#### The book',
    '',
    g.generated
      ? `Generated ${int(g.loans)} loans for ${int(g.customers)} customers, ${int(g.events)} events, in ${int(g.seconds)} s ` +
          `(${int(g.events / g.seconds)} events/s; seed ${g.seed}, ${g.concurrency} loan lives at once; ` +
          `CPU machine / node / pg ${g.cpu ? cores(g.cpu) : '–'}; ${g.failed} failed).`
      : 'Reused a kept database (not generated in this run).',
    '',
    table(
      ['events', 'loans', 'active loans', 'customers', 'database size'],
      [
        [
          int(r.book.events),
          int(r.book.loans),
          int(r.book.activeLoans),
          int(r.book.customers),
          `${int(r.book.databaseMiB)} MiB`,
        ],
      ],
    ),
    '',
    g.generated
      ? `Loan lives by behaviour: ${Object.entries(g.byBehaviour)
          .map(([b, n]) => `${b} ${int(n)}`)
          .join(', ')}.`
      : '',
    '',
    '#### Full rebuild (rebuildProjection)',
    '',
    r.rebuilt ? '' : 'Skipped in this run (--skip-rebuild); the read models were caught up instead.',
    '',
    table(
      ['projection', 'events read', 'seconds', 'events/s', 'CPU machine / node / pg'],
      r.rebuilds.map((x) => [
        x.projection,
        int(x.events),
        x.seconds.toFixed(1),
        int(x.perSecond),
        cores(x.cpu),
      ]),
    ),
    '',
    '#### Loans list (`GET /api/{admin,employee}/loans`), one request at a time',
    '',
    table(
      ['search', 'requests', 'mean total found', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
      [
        ...Object.entries(r.list.byKind).map(([kind, p]) => [kind, int(p.n), int(p.meanHits), ...pcts(p)]),
        ['**all**', int(r.list.overall.n), '', ...pcts(r.list.overall).map((x) => `**${x}**`)],
      ],
    ),
    '',
    `${r.list.errors} errors. ${r.list.statementsPerRequest.toFixed(1)} statements a request (some in parallel); on average ` +
      `${Math.round(r.list.dbShare * 100)} % of a request's server time had one of them in flight (round trip to Postgres as the client saw it). ` +
      `Slowest: \`${r.list.slowest.url}\` (${r.list.slowest.viewer}, ${ms(r.list.slowest.ms)} ms, ${int(r.list.slowest.hits)} found).`,
    '',
  );
  if (r.list.explain) {
    out.push(
      `The slowest statement when the 20 slowest requests ran again (${ms(r.list.explain.statementMs)} ms), under \`EXPLAIN (ANALYZE, BUFFERS)\`:`,
      '',
      '```sql',
      r.list.explain.text.trim(),
      '```',
      '',
      '```',
      r.list.explain.plan,
      '```',
      '',
    );
  }
  const p = r.payments;
  const a = r.paymentsAlone;
  const row = (x: PaymentResult, from: 'fromSchedule' | 'service', label: string) => [
    x.withProjectors ? 'yes' : 'no',
    label,
    int(x[from].n),
    ...pcts(x[from]),
  ];
  const about = (x: PaymentResult) =>
    `${x.withProjectors ? 'With' : 'Without'} the projectors: ${int(x.sent)} sent in ${x.seconds.toFixed(1)} s (${x.achievedPerSecond.toFixed(1)}/s), ` +
    `${int(x.ok)} answered 201, ${x.errors} errors${x.errorSamples.length ? ` (${x.errorSamples.join('; ')})` : ''}` +
    `${x.withProjectors ? `, ${int(x.projected)} events projected meanwhile` : ''}. CPU machine / node / pg ${cores(x.cpu)}; ` +
    `Node's event loop late by p50 ${ms(x.eventLoopDelay.p50Ms)} ms, p99 ${ms(x.eventLoopDelay.p99Ms)} ms, max ${ms(x.eventLoopDelay.maxMs)} ms; ` +
    `our Postgres backends were ${formatWaits(x.waits, 3)}.`;
  out.push(
    `#### RecordPayment (\`POST /api/loans/:id/payment\`), open loop at ${p.ratePerSecond}/s for ${Math.round(p.seconds)} s`,
    '',
    table(
      ['projectors in process', 'measured from', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
      [
        row(p, 'fromSchedule', 'when due (open loop)'),
        row(p, 'service', 'when sent'),
        row(a, 'fromSchedule', 'when due (open loop)'),
        row(a, 'service', 'when sent'),
      ],
    ),
    '',
    `- ${about(p)}`,
    `- ${about(a)}`,
    '',
    'Projector catch-up passes during the run with projectors (each one a transaction per batch, on the same event loop as the requests):',
    '',
    table(
      ['projection', 'passes that applied events', 'mean ms', 'max ms'],
      Object.entries(p.passes)
        .sort((x, y) => y[1].meanMs * y[1].passes - x[1].meanMs * x[1].passes)
        .map(([name, x]) => [name, int(x.passes), ms(x.meanMs), ms(x.maxMs)]),
    ),
    '',
    '#### Summary',
    '',
    table(
      ['target', 'measured', 'result'],
      loanVerdicts(r).map((v) => [v.target, v.measured, v.pass ? 'pass' : '**missed**']),
    ),
  );
  return out.join('\n');
}
