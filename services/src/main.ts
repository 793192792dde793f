import { userInfo } from 'node:os';
import { SingleBar, Presets } from 'cli-progress';
import {
  projections as allProjections,
  readModelChecksums,
  rebuildAll,
  type ReadModelChecksums,
} from '@goldledger/projections';
import { ConfigError, loadConfig, type Config } from './platform/config.js';
import { LeaderLock } from './platform/leader-lock.js';
import { createLogger, type Logger } from './platform/logger.js';
import { collectDefaultMetrics } from './platform/metrics.js';
import { createPlatform, type Platform } from './platform/platform.js';
import { ProjectorHost } from './platform/projector-host.js';
import { Relay } from './platform/relay.js';
import { systemClock } from './platform/clock.js';
import type { Scheduler } from './platform/scheduler/scheduler.js';
import { schedulerFor } from './jobs/registry.js';
import { OutboxSender } from './messaging/outbox-sender.js';
import { createApi } from './app.js';
import { serviceMigrations } from './migrations.js';
import { parseArgs } from 'node:util';
import { Email, Mobile } from '@goldledger/contracts';
import { DEMO_ACCOUNTS, DEMO_SECOND_BRANCH, seedDemoData } from './identity/demo-seed.js';
import { generateLoanBook } from './demo/loan-book-generator.js';
import { registerStaff } from './identity/staff-registration.js';
import { createMessaging } from './messaging/messaging.js';
import { loadSecrets } from './platform/secrets.js';
import { backup, restore } from './platform/backup.js';
import { readinessGatesFor } from './platform/readiness.js';
import { blobDirOf } from './photos/blob-store.js';

const ROLES = [
  'all',
  'api',
  'relay',
  'projector',
  'scheduler',
  'job',
  'create-admin',
  'migrate',
  'rebuild',
  'checksums',
  'backup',
  'restore',
] as const;
type Role = (typeof ROLES)[number];

const usage = `usage: main.ts <${ROLES.join('|')}> [projection|all] | job <name> [--as-of YYYY-MM-DD]`;

function checkRole(role: Role, config: Config): string | undefined {
  const separate = role === 'api' || role === 'relay' || role === 'projector' || role === 'scheduler';
  if (separate && !config.DATABASE_URL) {
    return `"${role}" as its own process shares a database with the others: set DATABASE_URL (or run "npm start" for everything in one process).`;
  }
  if ((role === 'relay' || role === 'projector') && !config.NATS_URL) {
    return `"${role}" as its own process talks to the others through NATS: set NATS_URL (without it, "npm start" delivers events in-process).`;
  }
  return undefined;
}

async function runRelay(platform: Platform, signal: AbortSignal, log: Logger): Promise<void> {
  const { config } = platform;
  while (!signal.aborted) {
    const lock = new LeaderLock(platform.connectionString, 'relay');
    if (!(await lock.acquire(signal, config.LOCK_RETRY_MS))) return;
    log.info('relay lock acquired; this instance is active');
    // Stop on shutdown, or when the lock's connection drops (another relay may take over).
    const lost = new AbortController();
    lock.onLost(() => {
      log.warn('relay lock lost; standing by');
      lost.abort();
    });
    try {
      await new Relay({
        store: platform.store,
        transport: platform.transport,
        connectionString: platform.connectionString,
        log: log.child({ component: 'relay' }),
        pollMs: config.RELAY_POLL_MS,
        batchSize: config.RELAY_BATCH_SIZE,
      }).run(AbortSignal.any([signal, lost.signal]));
    } finally {
      await lock.release();
    }
  }
}

async function rebuild(platform: Platform, which: string): Promise<void> {
  const chosen = which === 'all' ? allProjections : allProjections.filter((p) => p.name === which);
  if (chosen.length === 0) {
    throw new Error(
      `Unknown projection "${which}". Known: ${allProjections.map((p) => p.name).join(', ')}, or all.`,
    );
  }
  // One pass over the store for all of them: each batch read once, applied to every read model.
  const label = chosen.length === 1 ? chosen[0]!.name : `${chosen.length} read models`;
  const bar = new SingleBar(
    {
      format: `${label.padEnd(16)} [{bar}] {percentage}% | {value}/{total} events | {eta_formatted} left`,
    },
    Presets.shades_classic,
  );
  bar.start(1, 0);
  const started = performance.now();
  const applied: string[] = [];
  const result = await rebuildAll({
    db: platform.db,
    reader: platform.store,
    projections: chosen,
    onProgress: (done, total) => {
      bar.setTotal(total);
      bar.update(done);
    },
    onDone: (name, events, seconds) =>
      applied.push(
        `  ${name.padEnd(20)} applied in ${seconds.toFixed(1)} s (${Math.round(events / Math.max(seconds, 0.001))} events/s)`,
      ),
  });
  bar.setTotal(Math.max(result.events, 1));
  bar.update(Math.max(result.events, 1));
  bar.stop();
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `${label}: ${result.events} events in ${seconds.toFixed(1)} s (${Math.round(result.events / Math.max(seconds, 0.001))} events/s)\n${applied.join('\n')}\n`,
  );
}

/** `npm run backup -- --out <new directory>` */
async function runBackup(platform: Platform, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { out: { type: 'string' } } });
  if (!values.out) throw new Error('usage: npm run backup -- --out <new directory>');
  const started = performance.now();
  const manifest = await backup({
    connectionString: platform.connectionString,
    out: values.out,
    blobDir: blobDirOf(platform.config),
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(
    `Backup written to ${values.out}: ${manifest.rows.events} events, head ${manifest.head?.globalPosition ?? '-'}, ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s.\n`,
  );
}

/** `npm run restore -- --from <backup directory>`: into the empty database of DATABASE_URL, then rebuild. */
async function runRestore(platform: Platform, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { from: { type: 'string' } } });
  if (!values.from) throw new Error('usage: npm run restore -- --from <backup directory>');
  const bar = new SingleBar(
    { format: 'transaction ids   [{bar}] {percentage}% | {value}/{total}' },
    Presets.shades_classic,
  );
  let barStarted = false;
  const manifest = await restore({
    db: platform.db,
    connectionString: platform.connectionString,
    from: values.from,
    blobDir: blobDirOf(platform.config),
    log: (line) => process.stdout.write(`${line}\n`),
    onBurnProgress: (done, total) => {
      if (!barStarted) bar.start(total, 0);
      barStarted = true;
      bar.update(done);
      if (done >= total) bar.stop();
    },
  });
  process.stdout.write(`Restored ${manifest.rows.events} events; rebuilding every read model:\n`);
  await rebuild(platform, 'all');
  printChecksums(await readModelChecksums(platform.db, allProjections), false);
}

/** `npm run checksums [-- --json]`: every read-model table's row count and digest. */
function printChecksums(sums: ReadModelChecksums, json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(sums)}\n`);
    return;
  }
  for (const [projection, tables] of Object.entries(sums.projections)) {
    for (const [table, { rows, digest }] of Object.entries(tables)) {
      process.stdout.write(
        `${`${projection}/${table}`.padEnd(44)} ${String(rows).padStart(10)} rows  ${digest}\n`,
      );
    }
  }
  process.stdout.write(`overall ${sums.overall}\n`);
}

async function runJob(scheduler: Scheduler, args: string[]): Promise<boolean> {
  const [name, flag, day] = args;
  if (!name || (flag !== undefined && (flag !== '--as-of' || !/^\d{4}-\d{2}-\d{2}$/.test(day ?? '')))) {
    throw new Error('usage: npm run job -- <name> [--as-of YYYY-MM-DD]');
  }
  const run = await scheduler.execute(name, {
    executionType: day ? 'backfill' : 'manual',
    executedBy: { id: 'cli', role: 'system', name: `command line (${userInfo().username})` },
    ...(day ? { asOf: day } : {}),
  });
  process.stdout.write(
    `${run.jobName} for ${run.businessDate}: ${run.status}, ${run.recordsOk} ok, ${run.recordsFailed} failed, ${run.durationMs} ms${run.error ? ` (${run.error})` : ''}\n`,
  );
  return run.status === 'success';
}

/** `npm run admin:create -- --email a@b.in --mobile 9876543210 --name "Asha Rao"` */
async function createAdmin(platform: Platform, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, mobile: { type: 'string' }, name: { type: 'string' } },
  });
  const usage = 'usage: npm run admin:create -- --email <email> --mobile <10 digits> --name <full name>';
  const email = Email.safeParse(values.email ?? '');
  const mobile = Mobile.safeParse(values.mobile ?? '');
  const name = (values.name ?? '').trim();
  const problems = [
    !email.success && `--email: ${values.email ? 'not a valid email address' : 'missing'}`,
    !mobile.success && `--mobile: ${values.mobile ? 'must be 10 digits' : 'missing'}`,
    !name && '--name: missing',
  ].filter(Boolean);
  if (!email.success || !mobile.success || !name) throw new Error(`${problems.join('\n')}\n${usage}`);
  const userId = await registerStaff(
    { store: platform.store, clock: systemClock },
    {
      role: 'admin',
      name,
      email: email.data,
      primaryMobile: mobile.data,
      secondaryMobile: null,
      aadharNumber: null,
      mustResetPassword: false,
    },
    { actor: { id: 'cli', role: 'system', name: `command line (${userInfo().username})` } },
  );
  process.stdout.write(
    `Admin ${name} <${email.data}> created (${userId}). Sign in with an OTP to the email or mobile.\n`,
  );
}

async function main(): Promise<void> {
  const role = (process.argv[2] ?? 'all') as Role;
  if (!ROLES.includes(role)) throw new Error(usage);
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL, { role });
  const problem = checkRole(role, config);
  if (problem) throw new Error(problem);

  collectDefaultMetrics();
  const platform = await createPlatform(config, log, {
    migrations: serviceMigrations,
    readiness: readinessGatesFor(role),
  });
  if (role === 'migrate') {
    process.stdout.write('Database is at the latest schema.\n');
    return platform.close();
  }
  if (role === 'checksums') {
    try {
      return printChecksums(
        await readModelChecksums(platform.db, allProjections),
        process.argv.includes('--json'),
      );
    } finally {
      await platform.close();
    }
  }
  if (role === 'backup' || role === 'restore') {
    try {
      return await (role === 'backup' ? runBackup : runRestore)(platform, process.argv.slice(3));
    } finally {
      await platform.close();
    }
  }
  if (role === 'rebuild') {
    try {
      return await rebuild(platform, process.argv[3] ?? 'all');
    } finally {
      await platform.close();
    }
  }

  const scheduler = schedulerFor(platform, {
    clock: systemClock,
    // Jobs queue their messages in the outbox; the dispatchers of the api processes deliver them.
    messages: new OutboxSender(platform.db, systemClock),
    cronOverride: config.SCHEDULER_CRON_OVERRIDE,
  });
  if (role === 'create-admin') {
    try {
      return await createAdmin(platform, process.argv.slice(3));
    } finally {
      await platform.close();
    }
  }
  if (role === 'job') {
    try {
      process.exitCode = (await runJob(scheduler, process.argv.slice(3))) ? 0 : 1;
      return;
    } finally {
      await platform.close();
    }
  }

  const shutdown = new AbortController();
  const work: Array<Promise<void>> = [];
  const messaging = createMessaging(config, platform.db, systemClock, log);
  const app = await createApi({
    platform,
    clock: systemClock,
    secrets: await loadSecrets(config),
    messages: messaging.sender,
  });
  // Any number of processes may deliver: claims are row locks.
  if (role === 'all' || role === 'api') work.push(messaging.dispatcher.run(shutdown.signal));
  if (role === 'all' && (config.DEMO_SEED ?? config.NODE_ENV !== 'production')) {
    if (await seedDemoData({ store: platform.store, clock: systemClock })) {
      log.info({ accounts: Object.values(DEMO_ACCOUNTS).map((a) => a.email) }, 'demo accounts created');
      // A small book with two years of history, so every screen has something to show.
      const book = await generateLoanBook(
        { store: platform.store, clock: systemClock },
        {
          loans: 60,
          seed: 1,
          includeDemoCustomer: true,
          sealOpenLoans: true,
          // The admin has kept up with the bell: a handful of the newest are unread.
          leaveUnreadNotifications: 6,
          // Every eighth customer (a few loans) at the second branch, served by its employee.
          branches: [
            {
              branchId: DEMO_SECOND_BRANCH.branchId,
              customerShare: 1 / 8,
              staffEmails: [DEMO_ACCOUNTS.employee2.email],
            },
          ],
        },
      );
      const { loans, customers, events, failed, errors } = book;
      log[failed > 0 ? 'warn' : 'info'](
        { loans, customers, events, seconds: Number(book.seconds.toFixed(1)), failed, errors },
        'demo loan book generated',
      );
    }
  }
  if (role === 'all' || role === 'relay') work.push(runRelay(platform, shutdown.signal, log));
  if (role === 'all' || role === 'projector') {
    const host = new ProjectorHost({
      db: platform.db,
      reader: platform.store,
      transport: platform.transport,
      connectionString: platform.connectionString,
      projections: allProjections,
      log: log.child({ component: 'projector' }),
      lockRetryMs: config.LOCK_RETRY_MS,
    });
    work.push(host.run(shutdown.signal));
  }
  if (role === 'all' || role === 'scheduler') work.push(scheduler.run(shutdown.signal));
  // Every process answers /health, /ready and /metrics; only api and all take traffic.
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST;
  process.stdout.write(`GoldLedger (${role}) is running at http://${shownHost}:${port}\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing work in hand');
    shutdown.abort();
    await app.close();
    await Promise.allSettled(work);
    await messaging.close();
    await platform.close();
    log.info('stopped cleanly');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
