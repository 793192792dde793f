import { defineConfig } from 'vitest/config';

const ignore = ['**/node_modules/**', '**/.data/**', 'web/**'];

// Tiers: unit (no IO), integration (real Postgres + NATS; each file its own database
// and stream names, so files run in parallel), system (whole processes).
export default defineConfig({
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/*.test.ts'],
          exclude: [...ignore, '**/*.int.test.ts', 'tests/system/**'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['**/*.int.test.ts'],
          exclude: [...ignore, 'tests/system/**'],
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
    ],
  },
});
