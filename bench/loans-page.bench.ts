/**
 * Staff loans page in the browser: with a book of 100,000 loans in the
 * store, how long until /admin/loans (and the dashboard's loans table) shows its first
 * rows, and how long a search takes to redraw them, measured inside Debian's Chromium
 * against the real server (`services/src/main.ts all`, the built web app on its origin).
 *
 *   npm run bench:loans-page -- [--loans 100000] [--reuse <db>] [--keep] [--runs 15]
 *
 * Without --reuse it generates the book first through the real command handlers (about
 * 10 minutes for 100,000 loans on 2 cores) into a new database, which is dropped at the
 * end unless --keep. The server then builds its read models from the events (the
 * projectors' catch-up) before the first measurement.
 *
 * What is measured, per run, in a fresh browser profile (no HTTP cache: every run loads
 * the app's files and the data again):
 *   - first rows: from navigation start (performance.timeOrigin) to the first table row
 *     showing a loan id, recorded by a MutationObserver in the page;
 *   - search: from the last keystroke of a customer-name search to the first row that
 *     contains the name.
 * Results are printed as Markdown and written to bench/.bench-data/loans-page.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { createEventStore, systemClock } from '@goldledger/services';
import { generateLoanBook } from '../services/src/demo/loan-book-generator.js';
import { seedDemoData } from '../services/src/identity/demo-seed.js';
import { registerStaff } from '../services/src/identity/staff-registration.js';
import { launchChromium, visit } from '../tests/e2e/support/browser.js';
import buildWeb from '../tests/e2e/support/build-web.js';
import {
  ProcessGroup,
  REPO_ROOT,
  cleanEnv,
  waitReady,
  waitUntil,
} from '../tests/system/support/processes.js';
import { progress } from './lib/progress.js';
import { openBenchDatabase } from './loan-book/database.js';

/**
 * An admin of the bench's own, new on every run: sign-in codes are limited per number
 * and hour, and a book made by `demo:generate` has no staff at all.
 */
function benchAdmin() {
  const n = String(Date.now() % 100_000).padStart(5, '0');
  return {
    role: 'admin' as const,
    name: 'Bench Admin',
    email: `bench-admin-${n}@demo.local`,
    primaryMobile: `90009${n}`,
    secondaryMobile: null,
    aadharNumber: `4000009${n}`,
    mustResetPassword: false,
  };
}

function options() {
  const { values } = parseArgs({
    options: {
      loans: { type: 'string', default: '100000' },
      reuse: { type: 'string' },
      keep: { type: 'boolean', default: false },
      runs: { type: 'string', default: '15' },
    },
  });
  const int = (name: string, raw: string) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name}: a whole number above 0 (got "${raw}")`);
    return n;
  };
  return {
    loans: int('loans', values.loans),
    runs: int('runs', values.runs),
    reuse: values.reuse,
    keep: values.keep || values.reuse !== undefined,
  };
}

/**
 * Records, in the page, when the loans table's first row with a loan id (GL + yy + MM +
 * five digits, services/src/lending/loan-commands.ts), and containing `__rows.text` if
 * set, appears (not the upgraded-loans table below it).
 * A string, not a function: tsx compiles functions with name helpers the page lacks.
 */
const WATCH_ROWS = `
  window.__rows = { text: null, at: null };
  new MutationObserver(() => {
    if (window.__rows.at !== null) return;
    for (const row of document.querySelectorAll('tr[data-testid="loan-row"]')) {
      const content = row.textContent || '';
      if (/GL\\d{9}/.test(content) && (!window.__rows.text || content.includes(window.__rows.text))) {
        window.__rows.at = performance.now();
        return;
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
`;

/** Moments of the loans page's load, from the Navigation and Resource Timing entries (a string, as above). */
const TIMELINE = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const res = performance.getEntriesByType('resource');
  const validate = res.find((e) => e.name.includes('/api/auth/validate'));
  const list = res.find((e) => e.name.includes('/api/admin/loans?'));
  const scripts = res.filter((e) => e.name.endsWith('.js'));
  return {
    appScripts: nav.domContentLoadedEventEnd,
    validateEnd: validate ? validate.responseEnd : 0,
    chunksEnd: Math.max(...scripts.map((e) => e.responseEnd)),
    listStart: list ? list.startTime : 0,
    listEnd: list ? list.responseEnd : 0,
  };
})()`;

/** The median load of /admin/loans as a timeline (SVG), with the 1 s target marked. */
function timelineSvg(m: Record<string, number>): string {
  const width = 720;
  const left = 190;
  const scaleMax = Math.max(1200, Math.ceil(m.firstRows! / 200) * 200);
  const x = (ms: number) => left + ((width - left - 20) * ms) / scaleMax;
  const rows: Array<[string, number, number, string]> = [
    ['app code (main bundle)', 0, m.appScripts!, '#165440'],
    ['session check', m.appScripts!, m.validateEnd!, '#b8860b'],
    ['page code (preloaded)', m.appScripts!, m.chunksEnd!, '#1e6b52'],
    ['first page of loans (API)', m.listStart!, m.listEnd!, '#1d4ed8'],
    ['rows drawn', m.listEnd!, m.firstRows!, '#4b5563'],
  ];
  // The grid first, so the bars are drawn over it.
  const grid: string[] = [];
  for (let t = 0; t <= scaleMax; t += 200) {
    grid.push(
      `<line x1="${x(t)}" x2="${x(t)}" y1="32" y2="214" stroke="#e5e7eb"/>`,
      `<text x="${x(t)}" y="232" text-anchor="middle">${t}</text>`,
    );
  }
  const bars = rows.map(([label, from, to, colour], i) => {
    const y = 40 + i * 34;
    return [
      `<text x="${left - 8}" y="${y + 15}" text-anchor="end">${label}</text>`,
      `<rect x="${x(from).toFixed(1)}" y="${y}" width="${Math.max(2, x(to) - x(from)).toFixed(1)}" height="20" fill="${colour}"/>`,
      `<text x="${(x(to) + 6).toFixed(1)}" y="${y + 15}">${Math.round(to)} ms</text>`,
    ].join('');
  });
  const parts = [...grid, ...bars];
  parts.push(
    `<line x1="${x(1000)}" x2="${x(1000)}" y1="28" y2="214" stroke="#b42318" stroke-dasharray="4 3"/>`,
    `<text x="${x(1000) + 4}" y="26" fill="#b42318">target 1 s</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="250" font-family="sans-serif" font-size="12" role="img" aria-label="Loading /admin/loans with 100,000 loans: median timeline">
<text x="10" y="18" font-weight="bold">/admin/loans with a 100,000-loan book: median timeline (ms after navigation start)</text>
${parts.join('\n')}
</svg>
`;
}

async function rowsShownAt(page: Page): Promise<number> {
  await page.waitForFunction(() => (window as any).__rows.at !== null, undefined, { timeout: 30_000 });
  return page.evaluate(() => (window as any).__rows.at as number);
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { runs: samples.length, median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1]! };
}

async function main(): Promise<void> {
  const o = options();
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const t = await openBenchDatabase(o.reuse, 8);
  const group = new ProcessGroup({
    ...cleanEnv(),
    DATABASE_URL: t.url,
    DATA_DIR: path.join(os.tmpdir(), `goldledger-bench-page-${process.pid}`),
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    DEMO_SEED: '0',
    OUTBOX_API: '1',
    MESSAGING_POLL_MS: '50',
  });
  try {
    const deps = { store: createEventStore(t.db), clock: systemClock };
    await seedDemoData(deps);
    const admin = benchAdmin();
    await registerStaff(deps, admin);
    const adminMobile = admin.primaryMobile;
    if (t.created) {
      say(`Generating ${o.loans.toLocaleString('en-US')} loans into ${t.name} …`);
      const bar = progress('generating', 'loans');
      await generateLoanBook(deps, {
        loans: o.loans,
        seed: 1,
        concurrency: 8,
        includeDemoCustomer: true,
        onProgress: (done, total) => bar.update(done, total),
      });
      bar.stop();
    }
    const count = (await t.pool.query<{ n: string }>('select count(*) as n from events')).rows[0]!.n;
    say('Building the web app …');
    buildWeb();

    say(`Starting the server on ${t.name} (${Number(count).toLocaleString('en-US')} events) …`);
    const proc = group.start('bench: loans page', ['all']);
    const url = (await proc.url(120_000)).replace('//localhost:', '//127.0.0.1:');
    const readyMs = await waitReady(proc, url, 60 * 60_000);
    say(`Read models ready after ${(readyMs / 1000).toFixed(0)} s.`);

    const post = async (pathname: string, body: unknown) => {
      const res = await fetch(`${url}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const sent = await post('/api/auth/send-login-otp', { identifier: adminMobile });
    if (sent.status !== 200)
      throw new Error(`sending the sign-in code: ${sent.status} ${JSON.stringify(sent.body)}`);
    let otp: string | undefined;
    await waitUntil(
      async () => {
        const res = await fetch(`${url}/api/dev/outbox?to=${adminMobile}&limit=5`);
        const { data } = (await res.json()) as { data: Array<{ text: string; purpose: string }> };
        otp = data.find((m) => m.purpose === 'login_otp')?.text.match(/\b(\d{6})\b/)?.[1];
        return otp !== undefined;
      },
      { timeoutMs: 15_000, describe: () => 'the admin sign-in code' },
    );
    const signedIn = await post('/api/auth/verify-otp', { identifier: adminMobile, otp });
    if (signedIn.status !== 200)
      throw new Error(`signing in: ${signedIn.status} ${JSON.stringify(signedIn.body)}`);
    const state = JSON.stringify({
      user: signedIn.body.user,
      token: signedIn.body.token,
      isAuthenticated: true,
    });
    const adminGet = (pathname: string) =>
      fetch(`${url}${pathname}`, { headers: { 'x-auth-token': signedIn.body.token } }).then(
        (r) => r.json() as Promise<any>,
      );
    const firstPage = await adminGet('/api/admin/loans?limit=20');
    const totalLoans: number = firstPage.portfolio.totalLoans;
    // A customer's first name that is in the book but on none of the first page's rows,
    // so the rows the search brings are new ones.
    const shown = JSON.stringify(firstPage.data);
    const later = await adminGet('/api/admin/loans?limit=100&page=50');
    const query = (later.data as Array<{ name: string }>)
      .map((loan) => loan.name.split(' ')[0]!)
      .find((first) => first.length >= 4 && !shown.includes(first));
    if (!query) throw new Error('no customer name to search for');

    const browser = await launchChromium();
    const results: Record<string, number[]> = { loansPage: [], dashboard: [], search: [] };
    /** Where the loans page's time goes, per run: moments in ms since navigation start. */
    const breakdown: Record<string, number[]> = {};
    try {
      for (let run = 0; run < o.runs; run++) {
        for (const [key, pathname] of [
          ['loansPage', '/admin/loans'],
          ['dashboard', '/admin/dashboard'],
        ] as const) {
          const v = await visit(browser, url);
          await v.context.addInitScript((s) => localStorage.setItem('authState', s), state);
          await v.context.addInitScript({ content: WATCH_ROWS });
          await v.page.goto(pathname);
          results[key]!.push(await rowsShownAt(v.page));
          if (key === 'loansPage') {
            const marks = (await v.page.evaluate(TIMELINE)) as Record<string, number>;
            for (const [name, value] of Object.entries(marks)) (breakdown[name] ??= []).push(value);
            const search = v.page.getByRole('searchbox').first();
            await v.page.evaluate((text) => {
              (window as any).__rows = { text, at: null };
            }, query);
            await search.fill(query);
            const typedAt = await v.page.evaluate(() => performance.now());
            results.search!.push((await rowsShownAt(v.page)) - typedAt);
          }
          await v.context.close();
        }
        say(
          `run ${run + 1}/${o.runs}: loans page ${results.loansPage!.at(-1)!.toFixed(0)} ms, dashboard ${results.dashboard!.at(-1)!.toFixed(0)} ms, search ${results.search!.at(-1)!.toFixed(0)} ms`,
        );
      }
    } finally {
      await browser.close();
    }

    const rows = [
      ['/admin/loans: first rows', summary(results.loansPage!)],
      ['/admin/dashboard: first loan rows', summary(results.dashboard!)],
      [
        `search "${query}": rows shown after the query is entered (debounce included)`,
        summary(results.search!),
      ],
    ] as const;
    const report = [
      `Book: ${totalLoans.toLocaleString('en-US')} loans, ${Number(count).toLocaleString('en-US')} events; ${os.cpus().length} cores; Debian Chromium headless, 1280 × 800, a fresh profile per run (no cache).`,
      '',
      '| measure | runs | median | p95 | max | target |',
      '|---|---:|---:|---:|---:|---|',
      ...rows.map(
        ([label, s]) =>
          `| ${label} | ${s.runs} | ${s.median.toFixed(0)} ms | ${s.p95.toFixed(0)} ms | ${s.max.toFixed(0)} ms | ${label.includes('first rows') ? '< 1,000 ms' : ''} |`,
      ),
      '',
      'Where the time goes on /admin/loans (median moment, ms after navigation start):',
      '',
      '| app scripts run (DOMContentLoaded) | session check answered | last code chunk loaded | loans request sent | loans answer received | first rows shown |',
      '|---:|---:|---:|---:|---:|---:|',
      `| ${['appScripts', 'validateEnd', 'chunksEnd', 'listStart', 'listEnd'].map((k) => summary(breakdown[k]!).median.toFixed(0)).join(' | ')} | ${summary(results.loansPage!).median.toFixed(0)} |`,
    ].join('\n');
    say(`\n${report}`);
    const out = path.join(REPO_ROOT, 'bench', '.bench-data');
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'loans-page.md'), `${report}\n`);
    const medians = Object.fromEntries(
      Object.entries(breakdown).map(([name, values]) => [name, summary(values).median]),
    );
    medians.firstRows = summary(results.loansPage!).median;
    writeFileSync(path.join(out, 'loans-page.svg'), timelineSvg(medians));
    say(`Timeline: bench/.bench-data/loans-page.svg (copy to docs/benchmarks-loans-page.svg)`);
  } catch (error) {
    process.stderr.write(`${group.tails()}\n`);
    throw error;
  } finally {
    await group.killAll(15_000);
    await t.close(o.keep);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
