/**
 * Lighthouse on the public pages (issue 19, point 9): the performance score on
 * Lighthouse's default throttled mobile profile (Moto G Power emulation, slow 4G, 4×
 * CPU slowdown), in Debian's Chromium, against the product as `npm start` runs it
 * (the built web app with its prerendered pages, a fresh database with the demo data).
 *
 *   npm run bench:lighthouse -- [--runs 5] [--path / --path /about] [--skip-build]
 *
 * CHROME_PATH picks the browser (default /usr/bin/chromium). Prints Markdown (the
 * median run of each page, and every run's score) and writes it to
 * bench/.bench-data/lighthouse.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import os from 'node:os';
import buildWeb from '../tests/e2e/support/build-web.js';
import { ProcessGroup, REPO_ROOT, cleanEnv, waitReady } from '../tests/system/support/processes.js';
import { openBenchDatabase } from './loan-book/database.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    path: { type: 'string', multiple: true },
    'skip-build': { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs: a whole number above 0 (got "${values.runs}")`);
const pages = values.path?.length ? values.path : ['/', '/about', '/interest-rates'];
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
} as const;

interface Run {
  score: number;
  metrics: Record<string, string>;
  scriptBytes: number;
}

async function main(): Promise<void> {
  const say = (line: string) => process.stdout.write(`${line}\n`);
  if (!values['skip-build']) {
    say('Building the web app …');
    buildWeb();
  }
  // The product as `npm start` runs it, with the demo data, on a database of its own
  // (dropped at the end); a busy machine may take minutes to start it.
  const database = await openBenchDatabase(undefined, 2, 'gl_bench_lighthouse');
  const group = new ProcessGroup({
    ...cleanEnv(),
    DATABASE_URL: database.url,
    DATA_DIR: path.join(os.tmpdir(), `goldledger-bench-lighthouse-${process.pid}`),
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    DEMO_SEED: '1',
  });
  const proc = group.start('bench: lighthouse', ['all']);
  const url = (await proc.url(600_000)).replace('//localhost:', '//127.0.0.1:');
  await waitReady(proc, url, 600_000);
  const server = {
    url,
    stop: async () => {
      await group.killAll(15_000);
      await database.close(false);
    },
  };
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const results: Record<string, Run[]> = {};
  try {
    for (const pathname of pages) {
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(`${server.url}${pathname}`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          output: 'json',
          logLevel: 'error',
        });
        if (!result) throw new Error(`no Lighthouse result for ${pathname}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`${pathname}: ${lhr.runtimeError.message}`);
        const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
        const metrics = Object.fromEntries(
          Object.entries(METRICS).map(([id, label]) => [label, lhr.audits[id]?.displayValue ?? '?']),
        );
        const items = (lhr.audits['network-requests']?.details as { items?: any[] } | undefined)?.items ?? [];
        const scriptBytes = items
          .filter((i) => i.resourceType === 'Script')
          .reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
        (results[pathname] ??= []).push({ score, metrics, scriptBytes });
        say(
          `${pathname} run ${run + 1}/${runs}: performance ${score} (${Object.entries(metrics)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')}; scripts ${(scriptBytes / 1024).toFixed(1)} KiB transferred)`,
        );
      }
    }
  } finally {
    chrome.kill();
    await server.stop();
  }

  const lines = [
    `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile (default throttling), ${chromePath}, ${runs} runs a page, ${new Date().toISOString()}`,
    '',
    '| page | median score | scores | FCP | LCP | TBT | CLS | SI | scripts transferred |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [pathname, list] of Object.entries(results)) {
    const sorted = [...list].sort((a, b) => a.score - b.score);
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    const m = median.metrics;
    lines.push(
      `| \`${pathname}\` | **${median.score}** | ${list.map((r) => r.score).join(', ')} | ${m.FCP} | ${m.LCP} | ${m.TBT} | ${m.CLS} | ${m.SI} | ${(median.scriptBytes / 1024).toFixed(1)} KiB |`,
    );
  }
  const markdown = `${lines.join('\n')}\n`;
  say(`\n${markdown}`);
  const dir = path.join(REPO_ROOT, 'bench', '.bench-data');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'lighthouse.md'), markdown);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
