// The load run as an SVG for docs/ (three panels over the offered rate: throughput,
// latency percentiles, projection lag). The bench writes it next to its results;
// to redraw one from a saved run:
//   npx tsx bench/load/chart.ts bench/.bench-data/load-<time>.json > docs/benchmarks-load.svg
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { LoadResults } from './report.js';

const WIDTH = 760;
const LEFT = 70;
const RIGHT = 150;
const PANEL = 170;
const GAP = 60;
const TOP = 92;

interface Series {
  label: string;
  colour: string;
  values: number[];
  dashed?: boolean;
}

const fmt = (v: number) =>
  v === 0
    ? '0'
    : v >= 1000
      ? `${(v / 1000).toLocaleString('en-US')}k`
      : v >= 1
        ? String(v)
        : v.toString().replace(/^0/, '');

function panel(
  title: string,
  top: number,
  xs: number[],
  series: Series[],
  scale: { log: boolean; min: number; max: number; unit: string },
): string[] {
  const bottom = top + PANEL;
  const y = (v: number) => {
    const c = Math.min(Math.max(v, scale.min), scale.max);
    const share = scale.log
      ? (Math.log10(c) - Math.log10(scale.min)) / (Math.log10(scale.max) - Math.log10(scale.min))
      : (c - scale.min) / (scale.max - scale.min);
    return Math.round((bottom - share * PANEL) * 10) / 10;
  };
  const ticks: number[] = [];
  if (scale.log) {
    for (let v = scale.min; v <= scale.max * 1.0001; v *= 10) ticks.push(Number(v.toPrecision(1)));
  } else {
    const step = scale.max / 5;
    for (let i = 0; i <= 5; i++) ticks.push(Math.round(i * step));
  }
  const out = [`<text x="${LEFT}" y="${top - 10}" font-weight="bold">${title}</text>`];
  for (const t of ticks) {
    out.push(
      `<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${y(t)}" y2="${y(t)}" stroke="#e5e7eb"/>`,
      `<text x="${LEFT - 6}" y="${y(t) + 4}" text-anchor="end">${fmt(t)}${scale.unit}</text>`,
    );
  }
  out.push(`<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${bottom}" y2="${bottom}" stroke="#111827"/>`);
  series.forEach((s, i) => {
    const points = s.values.map((v, j) => `${xs[j]},${y(v)}`).join(' ');
    out.push(
      `<polyline points="${points}" fill="none" stroke="${s.colour}" stroke-width="2"${s.dashed ? ' stroke-dasharray="5 4"' : ''}/>`,
      ...s.values.map((v, j) => `<circle cx="${xs[j]}" cy="${y(v)}" r="3" fill="${s.colour}"/>`),
      `<line x1="${WIDTH - RIGHT + 14}" x2="${WIDTH - RIGHT + 34}" y1="${top + 8 + i * 18}" y2="${top + 8 + i * 18}" stroke="${s.colour}" stroke-width="2"${s.dashed ? ' stroke-dasharray="5 4"' : ''}/>`,
      `<text x="${WIDTH - RIGHT + 40}" y="${top + 12 + i * 18}">${s.label}</text>`,
    );
  });
  return out;
}

const roundUp = (v: number) => {
  const p = 10 ** Math.floor(Math.log10(Math.max(v, 1)));
  return Math.ceil(v / p) * p;
};
const decadeAbove = (v: number) => 10 ** Math.ceil(Math.log10(Math.max(v, 1e-9)));

export function loadChartSvg(r: LoadResults): string {
  const steps = r.steps;
  const span = WIDTH - LEFT - RIGHT;
  const xs = steps.map((_, i) => Math.round(LEFT + (span * (i + 0.5)) / steps.length));
  const offered = steps.map((s) => s.offered);
  const tops = [TOP, TOP + PANEL + GAP, TOP + 2 * (PANEL + GAP)];
  const height = tops[2]! + PANEL + 50;
  const parts: string[] = [
    ...panel(
      'Requests per second: achieved vs offered',
      tops[0]!,
      xs,
      [
        { label: 'offered', colour: '#9ca3af', values: offered, dashed: true },
        { label: 'achieved (2xx)', colour: '#1f5f4a', values: steps.map((s) => s.achieved) },
      ],
      { log: false, min: 0, max: roundUp(Math.max(...offered)), unit: '' },
    ),
    ...panel(
      'Latency from due time, all requests (log scale)',
      tops[1]!,
      xs,
      [
        { label: 'p50', colour: '#1f5f4a', values: steps.map((s) => s.latency.p50Ms) },
        { label: 'p95', colour: '#c9a227', values: steps.map((s) => s.latency.p95Ms) },
        { label: 'p99', colour: '#b45309', values: steps.map((s) => s.latency.p99Ms) },
      ],
      {
        log: true,
        min: 1,
        max: decadeAbove(Math.max(...steps.map((s) => s.latency.p99Ms))),
        unit: ' ms',
      },
    ),
    ...panel(
      'Projection lag: age of the oldest event not yet in every read model (log scale)',
      tops[2]!,
      xs,
      [
        { label: 'p95 of samples', colour: '#1d4ed8', values: steps.map((s) => s.lag.secondsP95) },
        { label: 'max', colour: '#7c3aed', values: steps.map((s) => s.lag.secondsMax) },
      ],
      {
        log: true,
        min: 0.01,
        max: decadeAbove(Math.max(0.1, ...steps.map((s) => s.lag.secondsMax))),
        unit: ' s',
      },
    ),
  ];
  for (const [i, s] of steps.entries()) {
    parts.push(`<text x="${xs[i]}" y="${height - 28}" text-anchor="middle">${s.offered}</text>`);
  }
  parts.push(
    `<text x="${LEFT + span / 2}" y="${height - 8}" text-anchor="middle">offered requests per second (each step measured for ${steps[0]?.seconds ?? '?'} s)</text>`,
  );
  const knee = steps.findIndex((s) => s.offered === r.knee.rate);
  if (knee >= 0) {
    const x = xs[knee]!;
    parts.push(
      `<line x1="${x}" x2="${x}" y1="${TOP - 4}" y2="${tops[2]! + PANEL}" stroke="#dc2626" stroke-dasharray="4 3"/>`,
      `<text x="${x + 4}" y="${TOP + 10}" fill="#dc2626">knee</text>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" font-family="sans-serif" font-size="12" role="img" aria-label="Mixed load at rising rates: throughput, latency and projection lag">
<title>Mixed load at rising rates: ${r.book.loans.toLocaleString('en-US')}-loan book, 2 API processes, ${r.machine.cpus} cores</title>
<text x="10" y="20" font-size="14" font-weight="bold">Mixed traffic at rising rates on a ${r.book.loans.toLocaleString('en-US')}-loan book</text>
<text x="10" y="38" fill="#4b5563">All on ${r.machine.cpus} cores: 2 × api, relay, projector, scheduler, PostgreSQL, NATS and the load generator (${r.machine.date.slice(0, 10)})</text>
<text x="10" y="54" fill="#4b5563">Before the run, other work kept ${r.machine.idleBusyCores.toFixed(1)} of the ${r.machine.cpus} cores busy</text>
${parts.join('\n')}
</svg>
`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tsx bench/load/chart.ts <load-run.json>');
  process.stdout.write(loadChartSvg(JSON.parse(readFileSync(file, 'utf8')) as LoadResults));
}
