/**
 * `npm run demo:generate -- --loans 1000 [--seed 7] [--concurrency 16] [--accounts 0.2] [--demo-customer]`
 *
 * Writes a demo loan book (see loan-book-generator.ts) into the database at
 * DATABASE_URL, migrating it first. The running projectors pick the events up; or
 * rebuild the read models afterwards with `npm run rebuild`.
 */
import { parseArgs } from 'node:util';
import { Presets, SingleBar } from 'cli-progress';
import { ConfigError, loadConfig } from '../platform/config.js';
import { systemClock } from '../platform/clock.js';
import { createLogger } from '../platform/logger.js';
import { createPlatform } from '../platform/platform.js';
import { generateLoanBook } from './loan-book-generator.js';
import { serviceMigrations } from '../migrations.js';

const usage =
  'usage: npm run demo:generate -- --loans <n> [--seed <n>] [--concurrency <n>] [--accounts <0..1>] [--demo-customer]';

/** A mistake on the command line: its message is enough. */
class UsageError extends Error {}

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw new UsageError(`--${name}: must be a whole number (got "${raw}")\n${usage}`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      loans: { type: 'string' },
      seed: { type: 'string' },
      concurrency: { type: 'string' },
      accounts: { type: 'string' },
      'demo-customer': { type: 'boolean', default: false },
    },
  });
  const loans = positiveInt('loans', values.loans, Number.NaN);
  if (Number.isNaN(loans)) throw new UsageError(`--loans: missing\n${usage}`);
  const seed = positiveInt('seed', values.seed, 1);
  const concurrency = Math.max(1, positiveInt('concurrency', values.concurrency, 16));
  const accountShare = values.accounts === undefined ? 0.2 : Number(values.accounts);
  if (!(accountShare >= 0 && accountShare <= 1))
    throw new UsageError(`--accounts: a share from 0 to 1\n${usage}`);

  const config = loadConfig();
  if (!config.DATABASE_URL) {
    throw new UsageError(
      'DATABASE_URL is required: the database to fill (e.g. postgres://postgres@127.0.0.1:5432/goldledger_demo).',
    );
  }
  const platform = await createPlatform(config, createLogger('warn'), { migrations: serviceMigrations });
  const bar = new SingleBar(
    { format: 'demo loan book   [{bar}] {percentage}% | {value}/{total} loans | {duration_formatted}' },
    Presets.shades_classic,
  );
  try {
    bar.start(loans, 0);
    const result = await generateLoanBook(
      { store: platform.store, clock: systemClock },
      {
        loans,
        seed,
        concurrency,
        accountShare,
        includeDemoCustomer: values['demo-customer'],
        onProgress: (done, total) => {
          bar.setTotal(total);
          bar.update(done);
        },
      },
    );
    bar.stop();
    const mix = Object.entries(result.byBehaviour)
      .map(([b, n]) => `${b} ${n}`)
      .join(', ');
    process.stdout.write(
      `${result.loans} loans for ${result.customers} customers, ${result.events} events in ${result.seconds.toFixed(1)} s ` +
        `(${Math.round(result.events / Math.max(result.seconds, 0.001))} events/s); ${mix}; ${result.failed} failed\n`,
    );
    for (const error of result.errors) process.stderr.write(`  ${error}\n`);
    if (result.failed > 0) process.exitCode = 1;
  } finally {
    bar.stop();
    await platform.close();
  }
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError || error instanceof UsageError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
