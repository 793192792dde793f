import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const ignore = ['**/node_modules/**', '**/.data/**', '**/dist/**'];
const tiers = ['tests/system/**', 'tests/e2e/**', 'tests/faults/**'];

// Tiers: unit (no IO), integration (real Postgres + NATS; each file its own database
// and stream names, so files run in parallel), system (whole processes), e2e (the
// built web app in Debian's Chromium against the real server), faults (a cluster of
// processes on a PostgreSQL and a nats-server of its own, which it kills and restarts).
export default defineConfig({
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        // The web's own modules import each other as `@/…` (web/vite.config.ts).
        resolve: { alias: { '@': fileURLToPath(new URL('./web/src', import.meta.url)) } },
        // The web's build-time settings (web/vite.config.ts): the defaults.
        define: { __GOLDLEDGER_ENV__: JSON.stringify({ VITE_API_URL: '' }) },
        test: {
          name: 'unit',
          include: ['**/*.test.ts'],
          exclude: [...ignore, '**/*.int.test.ts', ...tiers],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['**/*.int.test.ts'],
          exclude: [...ignore, ...tiers],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'system',
          include: ['tests/system/**/*.test.ts'],
          exclude: ignore,
          testTimeout: 300_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: ignore,
          // Builds web/dist once (unless E2E_SKIP_BUILD=1) before any file starts its server.
          // Then makes the demo book once, for every file's server to start on a copy of it.
          globalSetup: ['tests/e2e/support/build-web.ts', 'tests/e2e/support/demo-template.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // One server and one Chromium per file; two cores: one file at a time.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          exclude: ignore,
          // Each file starts eight processes and its own servers; scenarios build on each other.
          testTimeout: 600_000,
          hookTimeout: 420_000,
          fileParallelism: false,
          sequence: { concurrent: false },
        },
      },
    ],
  },
});
