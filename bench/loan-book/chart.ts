// Draws the latencies of a saved loan-book run as an SVG chart for docs/:
//   npx tsx bench/loan-book/chart.ts bench/.bench-data/loans-<time>.json > docs/benchmarks-loan-book.svg
import { readFileSync } from 'node:fs';
import type { Percentiles } from './list-loans.js';
import { LOAN_TARGETS, type LoanBenchResults } from './report.js';

const file = process.argv[2];
if (!file) throw new Error('usage: tsx bench/loan-book/chart.ts <run.json>');
const r = JSON.parse(readFileSync(file, 'utf8')) as LoanBenchResults;

const rows: Array<{ label: string; p: Percentiles; target: number }> = [
  ...Object.entries(r.list.byKind).map(([kind, p]) => ({
    label: `list, search: ${kind}`,
    p,
    target: LOAN_TARGETS.listP95Ms,
  })),
  { label: 'list, all requests', p: r.list.overall, target: LOAN_TARGETS.listP95Ms },
  {
    label: `payment ${r.payments.ratePerSecond}/s, projectors on`,
    p: r.payments.fromSchedule,
    target: LOAN_TARGETS.paymentP99Ms,
  },
  {
    label: `payment ${r.paymentsAlone.ratePerSecond}/s, projectors off`,
    p: r.paymentsAlone.fromSchedule,
    target: LOAN_TARGETS.paymentP99Ms,
  },
];

const width = 720;
const left = 210;
const right = 30;
const top = 60;
const rowHeight = 26;
const height = top + rows.length * rowHeight + 40;
const max = Math.max(40, Math.ceil(Math.max(...rows.map((x) => x.p.p99Ms)) / 10) * 10);
const x = (ms: number) => Math.round((left + ((width - left - right) * Math.min(ms, max)) / max) * 10) / 10;
const colours = { p50: '#1f5f4a', p95: '#c9a227', p99: '#b45309' };

const parts: string[] = [];
for (let v = 0; v <= max; v += 10) {
  parts.push(
    `<line x1="${x(v)}" x2="${x(v)}" y1="${top - 6}" y2="${height - 34}" stroke="#e5e7eb"/>`,
    `<text x="${x(v)}" y="${height - 20}" text-anchor="middle">${v} ms</text>`,
  );
}
rows.forEach((row, i) => {
  const y = top + i * rowHeight;
  parts.push(`<text x="${left - 8}" y="${y + 14}" text-anchor="end">${row.label}</text>`);
  // Drawn widest first, so the shorter bars sit on top.
  for (const [key, value] of [
    ['p99', row.p.p99Ms],
    ['p95', row.p.p95Ms],
    ['p50', row.p.p50Ms],
  ] as const) {
    parts.push(
      `<rect x="${left}" y="${y + 3}" width="${(x(value) - left).toFixed(1)}" height="${rowHeight - 8}" fill="${colours[key]}"/>`,
    );
  }
  parts.push(
    `<line x1="${x(row.target)}" x2="${x(row.target)}" y1="${y}" y2="${y + rowHeight - 2}" stroke="#dc2626" stroke-width="2"/>`,
  );
});

process.stdout
  .write(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">
<title>Loan book (${r.book.loans.toLocaleString('en-US')} loans): server time per request</title>
<text x="${left}" y="20" font-size="14" font-weight="bold">Loan book, ${r.book.loans.toLocaleString('en-US')} loans / ${r.book.events.toLocaleString('en-US')} events: server time per request</text>
<rect x="${left}" y="32" width="10" height="10" fill="${colours.p50}"/><text x="${left + 15}" y="41">p50</text>
<rect x="${left + 60}" y="32" width="10" height="10" fill="${colours.p95}"/><text x="${left + 75}" y="41">p95</text>
<rect x="${left + 120}" y="32" width="10" height="10" fill="${colours.p99}"/><text x="${left + 135}" y="41">p99</text>
<line x1="${left + 185}" x2="${left + 185}" y1="31" y2="43" stroke="#dc2626" stroke-width="2"/><text x="${left + 192}" y="41">target (list p95 ${LOAN_TARGETS.listP95Ms} ms, payment p99 ${LOAN_TARGETS.paymentP99Ms} ms)</text>
${parts.join('\n')}
</svg>
`);
