import { randomInt } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  auditCommands,
  check,
  commandChecks,
  partialCustomerCheck,
  partialCustomers,
  resendRegistrations,
  personalDataInLogsCheck,
  scheduledRunsCheck,
} from './checks.js';
import {
  backlog,
  eventCount,
  natsChecks,
  readModelChecks,
  rebuildCheck,
  visibleChecks,
  waitCaughtUp,
} from './read-model-checks.js';
import { Cluster, type ClusterOptions, type Member } from './cluster.js';
import {
  activeLogCheck,
  exclusivityChecks,
  failoverCheck,
  killActive,
  waitActive,
  type Failover,
} from './failover.js';
import { LoadDriver } from './load.js';
import { LockMonitor } from './locks.js';
import { Report } from './report.js';
import { waitReady } from '../system/support/processes.js';
import { systemClock } from '../../services/src/platform/clock.js';
import { createEventStore } from '../../services/src/platform/event-store/event-store.js';
import { seedRecentGoldPrices } from '../../services/src/testing/gold-prices-kit.js';

/** The product's scheduled jobs (services/src/jobs/registry.ts). */
const SCHEDULED_JOBS = 10; // issue 17 added ltv_valuation; issue 18 release_delays, delinquency and portfolio_report

export interface MultiProcessOptions {
  /** Commands and reads started per second over both APIs (default 12). */
  ratePerSecond?: number;
  concurrency?: number;
  /** Seconds of load before the first kill and between the phases (default 8). */
  phaseSeconds?: number;
  out?: NodeJS.WritableStream & { isTTY?: boolean };
  /** Own PostgreSQL and nats-server instead of the shared local ones (a busy shared server's long transactions hold the relay back). */
  servers?: ClusterOptions['servers'];
}

export interface MultiProcessResult {
  report: Report;
  failovers: Failover[];
  figures: Record<string, unknown>;
}

/**
 * Issue 8, point 2: on the local PostgreSQL and NATS, two APIs, two relays, two
 * projectors and two schedulers as separate processes; load through both APIs; the
 * active relay, scheduler and projector SIGKILLed in turn (and restarted as standbys),
 * then one API; afterwards every check of docs/faults.md.
 */
export async function runMultiProcess(options: MultiProcessOptions = {}): Promise<MultiProcessResult> {
  const report = new Report(options.out);
  const phase = (options.phaseSeconds ?? 8) * 1000;
  const failovers: Failover[] = [];
  const figures: Record<string, unknown> = {};
  // Every process's whole output goes to a file there, for the personal-data check.
  const ownLogDir = process.env.SYSTEM_TEST_LOG_DIR
    ? undefined
    : mkdtempSync(path.join(os.tmpdir(), 'gl-mp-logs-'));
  if (ownLogDir) process.env.SYSTEM_TEST_LOG_DIR = ownLogDir;
  const logDir = process.env.SYSTEM_TEST_LOG_DIR!;
  const signInCodes = new Set<string>();
  const cluster = await Cluster.create({
    label: 'mp',
    // Every job every 5 s, so the scheduler's failover shows in its runs, not only its lock.
    env: { SCHEDULER_CRON_OVERRIDE: '*/5 * * * * *' },
    ...(options.servers ? { servers: options.servers } : {}),
  });
  const monitor = new LockMonitor(cluster.pool, () => cluster.members.map((m) => m.proc.pid));
  let driver: LoadDriver | undefined;
  let ticker: NodeJS.Timeout | undefined;
  try {
    const where = new URL(cluster.databaseUrl);
    report.step(
      `PostgreSQL ${where.host}${where.pathname}, NATS ${new URL(cluster.natsUrl).host} stream ${cluster.nats.stream}${options.servers ? ' (servers of its own)' : ''}`,
    );
    const mobile = `6${String(randomInt(100_000_000, 1_000_000_000))}`;
    await cluster.run('create-admin', [
      'create-admin',
      '--email',
      `clerk-${mobile}@loadtest.example`,
      '--mobile',
      mobile,
      '--name',
      'Load Clerk',
    ]);
    // The load's loans are valued at the register's prices: two months of them, to yesterday.
    await seedRecentGoldPrices(createEventStore(cluster.db), systemClock);
    report.step(
      'starting api ×2, relay ×2, projector ×2, scheduler ×2 (LOCK_RETRY_MS and RELAY_POLL_MS at their defaults)',
    );
    const startedAt = performance.now();
    await cluster.startAll();
    figures.startSeconds = Number(((performance.now() - startedAt) / 1000).toFixed(1));
    monitor.start();
    report.step(
      `all 8 ready in ${figures.startSeconds} s: ${cluster.members.map((m) => `${m.label} pid ${m.proc.pid}`).join(', ')}`,
    );
    for (const lock of ['relay', 'scheduler', 'projection:audit-log']) {
      const m = await waitActive(cluster, monitor, lock);
      report.step(`active ${lock}: ${m.label} (pid ${m.proc.pid})`);
    }

    const apis = cluster.live('api');
    const apiList = () => apis.map((m) => ({ label: m.label, url: m.url }));
    // One sign-in (a second code for the same number within a minute is refused); its token works on both APIs.
    const staff = [await LoadDriver.signIn(apiList()[1]!, mobile, signInCodes)];
    driver = new LoadDriver({
      apis: apiList,
      staff,
      ratePerSecond: options.ratePerSecond ?? 12,
      concurrency: options.concurrency ?? 6,
    });
    const d = driver;
    ticker = setInterval(() => {
      void (async () => {
        const c = d.counts();
        const [events, nats, behind] = await Promise.all([
          eventCount(cluster.db).catch(() => NaN),
          cluster.natsState(),
          backlog(cluster.db).catch(() => ({})),
        ]);
        const maxBehind = Math.max(0, ...Object.values(behind));
        const who = (lock: string) => {
          const pid = monitor.holder(lock)?.pid;
          return cluster.members.find((m) => m.proc.pid === pid)?.label ?? '—';
        };
        report.progress(
          `commands ${c.acked} ok / ${c.rejected} refused / ${c.failed} failed, reads ${c.reads} | events ${events}, nats seq ${nats?.lastSeq ?? '—'}, most behind ${maxBehind} | relay ${who('relay')}, scheduler ${who('scheduler')}, projector ${who('projection:audit-log')}`,
        );
      })();
    }, 500);
    driver.start();
    report.step(
      `load started: ${options.ratePerSecond ?? 12}/s over ${apis.map((a) => a.label).join(' + ')}`,
    );
    await sleep(phase);

    const failuresBefore = () => ({ ...d.failuresByApi() });
    const commandFailuresAt: Record<string, number> = {};
    // The killed ones come back as standbys, started in the background (a start takes a while on a busy machine).
    const restarts: Array<Promise<unknown>> = [];
    let schedulerFailedOverAt = new Date();
    for (const role of ['relay', 'scheduler', 'projector'] as const) {
      const f0 = d.counts().failed;
      const f = await killActive(cluster, monitor, role);
      if (role === 'scheduler') schedulerFailedOverAt = new Date();
      failovers.push(f);
      report.add(failoverCheck(f));
      restarts.push(
        cluster.start(role, `${f.killed.label}′`).then((back) => waitReady(back.proc, back.url, 180_000)),
      );
      await sleep(phase / 2);
      commandFailuresAt[role] = d.counts().failed - f0;
    }
    report.add(
      check(
        'no command failed while a relay, scheduler or projector was killed',
        Object.values(commandFailuresAt).every((n) => n === 0),
        JSON.stringify(commandFailuresAt),
      ),
    );

    // One API dies: the other keeps serving; only requests caught on the dead one fail.
    const victim: Member = apis[0]!;
    const before = failuresBefore();
    const ackedBefore = d.counts().acked;
    await victim.proc.stop('SIGKILL', 10_000);
    report.step(`SIGKILLed ${victim.label} (pid ${victim.proc.pid}); load goes on`);
    await sleep(phase);
    const after = d.failuresByApi();
    const newFailures = Object.fromEntries(
      Object.entries(after)
        .map(([api, n]) => [api, n - (before[api] ?? 0)] as const)
        .filter(([, n]) => n > 0),
    );
    const ackedDuring = d.counts().acked - ackedBefore;
    report.add(
      check(
        `the other API kept serving while ${victim.label} was down`,
        ackedDuring > 0 && Object.keys(newFailures).every((api) => api === victim.label),
        `${ackedDuring} commands acknowledged meanwhile; failures by API ${JSON.stringify(newFailures)}, ${d.redirected} requests re-sent to the live API after a refused connection`,
      ),
    );
    const restarted = await cluster.start('api', `${victim.label}′`);
    await waitReady(restarted.proc, restarted.url, 180_000);
    apis[0] = restarted;
    await Promise.all(restarts);
    report.step(
      `restarted as standbys and ready: ${cluster.members
        .filter((m) => m.label.endsWith('′'))
        .map((m) => `${m.label} pid ${m.proc.pid}`)
        .join(', ')}`,
    );
    await sleep(phase / 2);

    await driver.stop();
    clearInterval(ticker);
    ticker = undefined;
    const counts = driver.counts();
    report.step(
      `load stopped: ${counts.acked} acknowledged, ${counts.rejected} refused, ${counts.failed} failed commands; ${counts.reads} reads (${counts.readFailures} failed)`,
    );
    for (const line of driver.failureSummary().slice(0, 8)) report.step(`  ${line}`);
    const resendCheck = await resendRegistrations(driver, cluster.db);
    const catchUpMs = await waitCaughtUp(cluster);
    report.step(`caught up ${(catchUpMs / 1000).toFixed(1)} s after the last command`);
    await monitor.stop();

    // Schedulers could fire a job during the rebuild; relays and projectors stay.
    const audit = await auditCommands(cluster.db, driver.commands);
    report.add(resendCheck, ...commandChecks(audit));
    report.add(partialCustomerCheck(await partialCustomers(cluster.db), driver.commands));
    report.add(await visibleChecks(cluster.db, driver.commands));
    report.add(...(await readModelChecks(cluster.db)));
    report.add(await natsChecks(cluster));
    report.add(await scheduledRunsCheck(cluster.db, schedulerFailedOverAt, SCHEDULED_JOBS));
    report.add(...exclusivityChecks(monitor, new Set(cluster.members.map((m) => m.role))));
    report.add(activeLogCheck(cluster, monitor));
    const { check: rebuilt, rebuildMs } = await rebuildCheck(cluster);
    report.add(rebuilt);

    // Everyone still alive stops cleanly on SIGTERM.
    const live = cluster.live();
    const exits = await Promise.all(live.map((m) => m.proc.stop('SIGTERM', 30_000).catch(() => undefined)));
    const unclean = live.filter(
      (m, i) => exits[i]?.code !== 0 || !m.proc.output().includes('stopped cleanly'),
    );
    report.add(
      check(
        'every live process stops cleanly on SIGTERM',
        unclean.length === 0,
        `${live.length} processes${unclean.length ? `; not clean: ${unclean.map((m) => m.label).join(', ')}` : ''}`,
      ),
    );
    await sleep(500); // the log files end on each child's 'close'
    const pids = new Set(cluster.members.map((m) => String(m.proc.pid)));
    const logs = readdirSync(logDir)
      .filter((f) => pids.has(/-(\d+)\.log$/.exec(f)?.[1] ?? ''))
      .map((f) => ({ label: f, text: readFileSync(path.join(logDir, f), 'utf8') }));
    const used = driver.personalData();
    report.add(
      personalDataInLogsCheck(logs, {
        ...used,
        mobiles: [...used.mobiles, mobile],
        codes: [...used.codes, ...signInCodes],
      }),
    );
    Object.assign(figures, {
      ...counts,
      events: await eventCount(cluster.db),
      failovers: Object.fromEntries(failovers.map((f) => [f.role, Number((f.ms / 1000).toFixed(1))])),
      catchUpSeconds: Number((catchUpMs / 1000).toFixed(1)),
      rebuildSeconds: Number((rebuildMs / 1000).toFixed(1)),
      lockSamples: monitor.samples,
      unansweredApplied: audit.failedApplied,
      unansweredNotApplied: audit.failedAbsent,
    });
    report.step(`figures ${JSON.stringify(figures)}`);
    return { report, failovers, figures };
  } catch (error) {
    report.add(
      check(
        'the run completed',
        false,
        error instanceof Error ? error.message.split('\n')[0]! : String(error),
      ),
    );
    (options.out ?? process.stdout).write(`${error instanceof Error ? error.stack : String(error)}\n`);
    return { report, failovers, figures };
  } finally {
    if (ticker) clearInterval(ticker);
    await driver?.stop();
    await monitor.stop();
    await cluster.close();
    if (ownLogDir) {
      delete process.env.SYSTEM_TEST_LOG_DIR;
      rmSync(ownLogDir, { recursive: true, force: true });
    }
  }
}
