// Prints the figures of a fault run as the Markdown tables of docs/faults.md.
//
//   npx tsx tests/faults/results-table.ts [results.jsonl …]
//
// Each `npm run test:faults` appends one JSON line per scenario to
// $FAULTS_RESULTS_DIR/results.jsonl (default: <tmp>/goldledger-faults/results.jsonl).
import { readFileSync } from 'node:fs';
import { RESULTS_FILE, type ScenarioResult } from './support/fault-cluster.js';

const files = process.argv.slice(2);
const runs = (files.length ? files : [RESULTS_FILE]).map((file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ScenarioResult),
);

const cell = (v: unknown) => String(v).replace(/\|/g, '\\|');

for (const scenario of [...new Set(runs.flat().map((r) => r.scenario))]) {
  const results = runs.map((run) => run.find((r) => r.scenario === scenario)).filter((r) => r !== undefined);
  const first = results[0]!;
  process.stdout.write(`### ${scenario}\n\n`);
  process.stdout.write(`Reproduce: \`${first.reproduce}\`\n\n`);
  const header = ['', ...results.map((r) => `run ${r.at.slice(0, 16).replace('T', ' ')} UTC`)];
  const rows: Array<[string, (r: ScenarioResult) => unknown]> = [
    ['commands acknowledged', (r) => r.commands.acknowledged],
    [
      'commands failed (no answer / 5xx)',
      (r) => `${r.commands.failed} (${r.commands.failedApplied} of them applied)`,
    ],
    ['commands refused (4xx)', (r) => r.commands.refused],
    ['reads ok / failed', (r) => `${r.reads.ok} / ${r.reads.failed}`],
    ['events during the scenario / in the store', (r) => `${r.events.during} / ${r.events.total}`],
    ...Object.keys(first.recovery).map(
      (key) =>
        [key, (r: ScenarioResult) => r.recovery[key] ?? '—'] as [string, (r: ScenarioResult) => unknown],
    ),
    ['caught up after the load stopped (s)', (r) => r.catchUpSeconds],
    ['rebuild all (s)', (r) => r.rebuildSeconds],
    ['checks passed', (r) => `${r.checks.filter((c) => c.ok).length} / ${r.checks.length}`],
  ];
  process.stdout.write(`| ${header.map(cell).join(' | ')} |\n|${header.map(() => ' --- ').join('|')}|\n`);
  for (const [label, value] of rows) {
    process.stdout.write(`| ${[label, ...results.map(value)].map(cell).join(' | ')} |\n`);
  }
  const failed = results.flatMap((r) => r.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`));
  process.stdout.write(
    `\nChecks (${first.checks.length}): ${first.checks.map((c) => c.name).join('; ')}.${failed.length ? `\n\nFAILED: ${failed.join('; ')}` : ''}\n\n`,
  );
}
