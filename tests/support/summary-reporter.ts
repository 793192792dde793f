import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends each run with one plain line, `<tier>: N passed, N failed[, N skipped]`, the
 * form CI reads whatever the runner. The tier is the --project name.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const tiers = new Set<string>();
    for (const m of testModules) {
      tiers.add(m.project.name || 'tests');
      if (m.state() === 'failed' && [...m.children.allTests()].length === 0) failed++;
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    const tier = tiers.size === 1 ? [...tiers][0] : 'tests';
    const tail = skipped > 0 ? `, ${skipped} skipped` : '';
    process.stdout.write(`\n${tier}: ${passed} passed, ${failed} failed${tail}\n`);
  }
}
