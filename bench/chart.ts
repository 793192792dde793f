// Draws the append throughput of a saved run as an SVG bar chart for docs/:
//   npx tsx bench/chart.ts bench/.bench-data/store-<time>.json > docs/benchmarks-appends.svg
import { readFileSync } from 'node:fs';

interface Level {
  concurrency: number;
  store: { perSecond: number };
  raw: { perSecond: number };
}

const file = process.argv[2];
if (!file) throw new Error('usage: tsx bench/chart.ts <run.json>');
const levels = (JSON.parse(readFileSync(file, 'utf8')) as { appends: Level[] }).appends;

const width = 640;
const height = 300;
const left = 60;
const bottom = 250;
const top = 70;
const max = Math.ceil(Math.max(...levels.map((l) => l.raw.perSecond)) / 2000) * 2000;
const y = (v: number) => bottom - ((bottom - top) * v) / max;
const group = (width - left - 20) / levels.length;
const bar = group / 3;
const fmt = (n: number) => Math.round(n).toLocaleString('en-IN');

const parts: string[] = [];
for (let v = 0; v <= max; v += 2000) {
  parts.push(
    `<line x1="${left}" x2="${width - 20}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e7eb"/>`,
    `<text x="${left - 6}" y="${y(v) + 4}" text-anchor="end">${fmt(v)}</text>`,
  );
}
levels.forEach((l, i) => {
  const x = left + i * group + bar / 2;
  const ratio = Math.round((100 * l.store.perSecond) / l.raw.perSecond);
  parts.push(
    `<rect x="${x}" y="${y(l.store.perSecond)}" width="${bar}" height="${bottom - y(l.store.perSecond)}" fill="#1f5f4a"/>`,
    `<rect x="${x + bar}" y="${y(l.raw.perSecond)}" width="${bar}" height="${bottom - y(l.raw.perSecond)}" fill="#c9a227"/>`,
    `<text x="${x + bar / 2}" y="${y(l.store.perSecond) - 6}" text-anchor="middle">${ratio} %</text>`,
    `<text x="${x + bar}" y="${bottom + 18}" text-anchor="middle">concurrency ${l.concurrency}</text>`,
  );
});

process.stdout
  .write(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">
<title>Appends per second: event store vs raw INSERT</title>
<text x="${left}" y="20" font-size="14" font-weight="bold">Appends per second, event store vs raw INSERT (label: store ÷ raw)</text>
${parts.join('\n')}
<line x1="${left}" x2="${width - 20}" y1="${bottom}" y2="${bottom}" stroke="#111827"/>
<rect x="${left}" y="32" width="10" height="10" fill="#1f5f4a"/><text x="${left + 15}" y="41">event store append</text>
<rect x="${left + 150}" y="32" width="10" height="10" fill="#c9a227"/><text x="${left + 165}" y="41">raw INSERT into a plain table</text>
</svg>
`);
