import { appendFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  auditCommands,
  commandChecks,
  partialCustomerCheck,
  partialCustomers,
  resendRegistrations,
  verifiedAccountCheck,
  verifiedWithoutOneAccount,
  type Check,
} from '../../cluster/checks.js';
import {
  eventCount,
  natsChecks,
  readModelChecks,
  rebuildCheck,
  visibleChecks,
  waitCaughtUp,
} from '../../cluster/read-model-checks.js';
import { Cluster, type Role } from '../../cluster/cluster.js';
import { activeLogCheck, exclusivityChecks } from '../../cluster/failover.js';
import { LoadDriver } from '../../cluster/load.js';
import { LockMonitor } from '../../cluster/locks.js';
import { Report } from '../../cluster/report.js';
import { PrivateNats, PrivatePostgres } from '../../cluster/servers.js';
import type { StartOptions } from '../../system/support/processes.js';
import { systemClock } from '../../../services/src/platform/clock.js';
import { createEventStore } from '../../../services/src/platform/event-store/event-store.js';
import { seedRecentGoldPrices } from '../../../services/src/testing/gold-prices-kit.js';

/** Where each scenario's figures go (one JSON line each), for docs/faults.md. */
export const RESULTS_FILE = path.join(
  process.env.FAULTS_RESULTS_DIR ?? path.join(os.tmpdir(), 'goldledger-faults'),
  'results.jsonl',
);

export interface FaultCluster {
  postgres: PrivatePostgres;
  nats: PrivateNats;
  cluster: Cluster;
  monitor: LockMonitor;
  driver: LoadDriver;
  report: Report;
  /** The staff number signed in; a fresh sign-in is refused within a minute. */
  staffMobile: string;
  /** That admin's session token. */
  staffToken: string;
}

export interface FaultClusterOptions {
  label: string;
  counts?: Partial<Record<Role, number>>;
  startOptions?: Partial<Record<Role, StartOptions>>;
  env?: NodeJS.ProcessEnv;
  ratePerSecond?: number;
}

/**
 * A PostgreSQL cluster and a nats-server of the test's own, the product on them as
 * separate processes (two of each role unless told), an admin signed in through the
 * API, the lock monitor sampling, and a load driver ready to start.
 */
export async function startFaultCluster(options: FaultClusterOptions): Promise<FaultCluster> {
  const report = new Report(process.stdout, `[${options.label}] `);
  const postgres = await PrivatePostgres.start(`gl-${options.label}-pg`);
  const nats = await PrivateNats.start(`gl-${options.label}-nats`).catch(async (error: unknown) => {
    await postgres.stop();
    throw error;
  });
  let cluster: Cluster | undefined;
  try {
    cluster = await Cluster.create({ label: options.label, servers: { postgres, nats }, env: options.env });
    report.step(`PostgreSQL :${postgres.port} (${postgres.dir}), nats-server :${nats.port} (${nats.dir})`);
    const staffMobile = `6${String(randomInt(100_000_000, 1_000_000_000))}`;
    await cluster.run('create-admin', [
      'create-admin',
      '--email',
      `clerk-${staffMobile}@faults.example`,
      '--mobile',
      staffMobile,
      '--name',
      'Fault Clerk',
    ]);
    // The load's loans are valued at the register's prices: two months of them, to yesterday.
    await seedRecentGoldPrices(createEventStore(cluster.db), systemClock);
    const started = performance.now();
    await cluster.startAll(options.counts, options.startOptions);
    report.step(
      `${cluster.members.length} processes ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${cluster.members.map((m) => `${m.label} ${m.proc.pid}`).join(', ')}`,
    );
    const c = cluster;
    const monitor = new LockMonitor(c.pool, () => c.members.map((m) => m.proc.pid));
    monitor.start();
    const staff = [await LoadDriver.signIn(apiEndpoints(c)[0]!, staffMobile)];
    const driver = new LoadDriver({
      apis: () => apiEndpoints(c),
      staff,
      ratePerSecond: options.ratePerSecond ?? 10,
      concurrency: 6,
    });
    return { postgres, nats, cluster, monitor, driver, report, staffMobile, staffToken: staff[0]!.token };
  } catch (error) {
    if (cluster) process.stdout.write(cluster.group.tails());
    await cluster?.close().catch(() => undefined);
    await nats.stop();
    await postgres.stop();
    throw error;
  }
}

/** The API processes to spread load over: the latest of each label (a restarted one replaces its predecessor). */
export function apiEndpoints(cluster: Cluster): Array<{ label: string; url: string }> {
  const latest = new Map<string, { label: string; url: string }>();
  for (const m of cluster.members) {
    if (m.role !== 'api') continue;
    const slot = m.label.replace(/′+$/, '');
    latest.set(slot, { label: m.label, url: m.url });
  }
  return [...latest.values()];
}

export async function stopFaultCluster(f: FaultCluster | undefined): Promise<void> {
  if (!f) return;
  await f.driver.stop();
  await f.monitor.stop();
  await f.cluster.close();
  await f.nats.stop();
  await f.postgres.stop();
}

export interface ScenarioResult {
  scenario: string;
  /** The command that reproduces it. */
  reproduce: string;
  commands: { acknowledged: number; refused: number; failed: number; failedApplied: number };
  reads: { ok: number; failed: number };
  events: { total: number; during: number };
  /** What "recovered" means in this scenario, and how long it took. */
  recovery: Record<string, number | string>;
  catchUpSeconds: number;
  rebuildSeconds: number;
  checks: Check[];
  at: string;
}

export interface ScenarioOptions {
  name: string;
  reproduce: string;
  /** Seconds of load before the fault and after recovery (default 5 and 5). */
  warmupSeconds?: number;
  afterSeconds?: number;
}

/**
 * Load on; the fault (and whatever it measures); load on a little longer; load off;
 * everything caught up; then every check: each acknowledged command in the store once
 * and in the read models, nothing doubled, NATS holding each event once, one holder
 * per lock throughout, dead letters none, read models equal to a fresh rebuild.
 */
export async function runScenario(
  f: FaultCluster,
  options: ScenarioOptions,
  fault: (f: FaultCluster) => Promise<{ recovery: Record<string, number | string>; checks?: Check[] }>,
): Promise<ScenarioResult> {
  const { cluster, driver, report } = f;
  const firstCommand = driver.commands.length;
  const readsBefore = driver.counts();
  const eventsBefore = await eventCount(cluster.db);
  report.step(`— ${options.name}`);
  driver.start();
  const ticker = setInterval(() => {
    const c = driver.counts();
    report.progress(`commands ${c.acked} ok / ${c.rejected} refused / ${c.failed} failed, reads ${c.reads}`);
  }, 1_000);
  let outcome: Awaited<ReturnType<typeof fault>>;
  try {
    await sleep((options.warmupSeconds ?? 5) * 1000);
    outcome = await fault(f);
    await sleep((options.afterSeconds ?? 5) * 1000);
  } finally {
    clearInterval(ticker);
    await driver.stop();
  }
  const mine = driver.commands.slice(firstCommand);
  const counts = driver.counts();
  for (const line of driver.failureSummary(mine).slice(0, 8)) report.step(`  ${line}`);
  const resendCheck = await resendRegistrations(driver, cluster.db);
  const catchUpMs = await waitCaughtUp(cluster, 180_000);

  const audit = await auditCommands(cluster.db, driver.commands);
  const checks: Check[] = [
    ...(outcome.checks ?? []),
    resendCheck,
    ...commandChecks(audit),
    partialCustomerCheck(await partialCustomers(cluster.db), driver.commands),
    verifiedAccountCheck(await verifiedWithoutOneAccount(cluster.db)),
    await visibleChecks(cluster.db, driver.commands),
    ...(await readModelChecks(cluster.db)),
    await natsChecks(cluster),
    ...exclusivityChecks(f.monitor, new Set(cluster.members.map((m) => m.role))),
    activeLogCheck(cluster, f.monitor),
  ];
  const rebuilt = await rebuildCheck(cluster);
  checks.push(rebuilt.check);
  report.add(...checks);
  const total = await eventCount(cluster.db);
  const applied = (await auditCommands(cluster.db, mine)).failedApplied;
  const result: ScenarioResult = {
    scenario: options.name,
    reproduce: options.reproduce,
    commands: {
      acknowledged: mine.filter((c) => c.outcome === 'acked').length,
      refused: mine.filter((c) => c.outcome === 'rejected').length,
      failed: mine.filter((c) => c.outcome === 'failed').length,
      failedApplied: applied,
    },
    reads: { ok: counts.reads - readsBefore.reads, failed: counts.readFailures - readsBefore.readFailures },
    events: { total, during: total - eventsBefore },
    recovery: outcome.recovery,
    catchUpSeconds: seconds(catchUpMs),
    rebuildSeconds: seconds(rebuilt.rebuildMs),
    checks,
    at: new Date().toISOString(),
  };
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  appendFileSync(RESULTS_FILE, `${JSON.stringify(result)}\n`);
  report.step(
    `${options.name}: ${result.commands.acknowledged} acknowledged, ${result.commands.failed} failed (${applied} of them applied), ${result.events.during} events; recovery ${JSON.stringify(result.recovery)}; catch-up ${result.catchUpSeconds} s; ${checks.filter((c) => c.ok).length}/${checks.length} checks passed`,
  );
  return result;
}

export const seconds = (ms: number) => Number((ms / 1000).toFixed(1));
