import { sql } from 'kysely';
import type { Cluster, Member, Role } from './cluster.js';
import { check, oldestTransaction, type Check } from './checks.js';
import type { LockMonitor } from './locks.js';
import { waitUntil } from '../system/support/processes.js';

export interface Failover {
  role: Role;
  killed: Member;
  /** Who is active afterwards (undefined if the lock's owner could not be told). */
  successor: Member | undefined;
  /** SIGKILL → another process holds the lock(s) and makes progress. */
  ms: number;
  locks: string[];
}

/** The live member of `role` whose process holds `lock` now. */
export function activeMember(cluster: Cluster, monitor: LockMonitor, lock: string): Member | undefined {
  const holder = monitor.holder(lock);
  return holder?.pid === undefined ? undefined : cluster.byPid(holder.pid);
}

/** Waits until some live process of the role holds `lock` (e.g. after a start). */
export async function waitActive(cluster: Cluster, monitor: LockMonitor, lock: string): Promise<Member> {
  let found: Member | undefined;
  await waitUntil(
    () => {
      found = activeMember(cluster, monitor, lock);
      return found !== undefined && found.proc.running;
    },
    {
      timeoutMs: 60_000,
      describe: () =>
        `an active holder of ${lock}: ${JSON.stringify(monitor.holder(lock))}\n${cluster.group.tails()}`,
    },
  );
  return found!;
}

const checkpointOf = async (cluster: Cluster, projection: string) =>
  (
    await sql<{ gp: string; behind: string }>`
      select c.global_position::text as gp,
        (select count(*) from events e
          where (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)) as behind
      from projection_checkpoints c where c.projection = ${projection}`.execute(cluster.db)
  ).rows[0];

/**
 * SIGKILLs the active process of a role (the holder of its lock; for projectors, of
 * `projection:audit-log`) and measures the failover: until another process holds every
 * lock the victim held and shows progress — the relay publishes again (NATS sequence
 * grows), each projection's checkpoint advances (or it has nothing left to apply), the
 * scheduler holds its lock.
 */
export async function killActive(
  cluster: Cluster,
  monitor: LockMonitor,
  role: 'relay' | 'scheduler' | 'projector',
  timeoutMs = 30_000,
): Promise<Failover> {
  const mainLock = role === 'projector' ? 'projection:audit-log' : role;
  const victim = await waitActive(cluster, monitor, mainLock);
  const locks =
    role === 'projector'
      ? monitor
          .locks()
          .filter((l) => l.startsWith('projection:') && monitor.holder(l)?.pid === victim.proc.pid)
      : [role];
  const before = {
    nats: (await cluster.natsState())?.lastSeq ?? 0,
    checkpoints: Object.fromEntries(
      await Promise.all(locks.map(async (l) => [l, (await checkpointOf(cluster, l.slice(11)))?.gp] as const)),
    ),
  };
  const killedAt = performance.now();
  await victim.proc.stop('SIGKILL', 10_000);
  let state = '';
  let oldest = '';
  const progressed = async (lock: string): Promise<boolean> => {
    if (role === 'relay') return ((await cluster.natsState())?.lastSeq ?? 0) > before.nats;
    if (role === 'scheduler') return true;
    const now = await checkpointOf(cluster, lock.slice(11));
    return now !== undefined && (now.gp !== before.checkpoints[lock] || Number(now.behind) === 0);
  };
  await waitUntil(
    async () => {
      const holders = locks.map((l) => monitor.holder(l));
      state = JSON.stringify(holders.map((h) => h && { lock: h.lock, pid: h.pid }));
      oldest = await oldestTransaction(cluster.db).catch(() => '?');
      if (holders.some((h) => !h || h.pid === victim.proc.pid || h.from < killedAt)) return false;
      for (const l of locks) if (!(await progressed(l))) return false;
      return true;
    },
    {
      timeoutMs,
      intervalMs: 50,
      describe: () =>
        `${role} failover after killing ${victim.label}: holders ${state}, nats ${before.nats} at the kill; oldest open transaction on the server: ${oldest}\n${cluster.group.tails()}`,
    },
  );
  const ms = performance.now() - killedAt;
  return { role, killed: victim, successor: activeMember(cluster, monitor, mainLock), ms, locks };
}

export function failoverCheck(f: Failover, limitMs = 10_000): Check {
  const from = `${f.killed.label} pid ${f.killed.proc.pid}`;
  const to = f.successor ? `${f.successor.label} pid ${f.successor.proc.pid}` : 'unknown process';
  const what = f.role === 'projector' ? ` (${f.locks.length} projections)` : '';
  return check(
    `${f.role} failover within ${limitMs / 1000} s`,
    f.ms < limitMs,
    `${(f.ms / 1000).toFixed(1)} s (${from} → ${to})${what}`,
  );
}

/**
 * Never two holders of one lock in any sample; how often each lock changed hands. A
 * role the cluster runs must have shown its lock; job-run locks appear when jobs run.
 */
export function exclusivityChecks(monitor: LockMonitor, roles: ReadonlySet<string>): Check[] {
  const groups: Array<[string, (l: string) => boolean, boolean]> = [
    ['relay', (l) => l === 'relay', roles.has('relay')],
    ['scheduler', (l) => l === 'scheduler', roles.has('scheduler')],
    ['each projection', (l) => l.startsWith('projection:'), roles.has('projector')],
    ['run of each job', (l) => l.startsWith('job:'), false],
  ];
  return groups
    .filter(([, pick, required]) => required || monitor.locks().some(pick))
    .map(([name, pick]) => {
      const bad = monitor.violations.filter((v) => pick(v.lock));
      const locks = monitor.locks().filter(pick);
      const tenures = monitor.tenures.filter((t) => pick(t.lock));
      const holders = new Set(tenures.map((t) => t.pid ?? `backend ${t.backendPid}`));
      const changes = locks.reduce((n, l) => n + Math.max(0, monitor.history(l).length - 1), 0);
      const jobs = name === 'run of each job';
      return check(
        `one ${jobs ? '' : 'active '}${name} at a time`,
        bad.length === 0 && locks.length > 0,
        `${monitor.samples} samples every 100 ms, ${bad.length} with two holders; ${locks.length} lock(s), ${jobs ? `${tenures.length} runs seen holding them` : `${holders.size} processes held them, ${changes} hand-overs`}`,
      );
    });
}

/** Every process that held a lock said so in its log ("… lock acquired; this instance is active"). */
export function activeLogCheck(cluster: Cluster, monitor: LockMonitor): Check {
  const quiet: string[] = [];
  for (const t of monitor.tenures) {
    if (t.lock.startsWith('job:')) continue; // a job run's lock, held for the run, logs the run instead
    const m = t.pid === undefined ? undefined : cluster.byPid(t.pid);
    if (!m) {
      quiet.push(`${t.lock}: owner of backend ${t.backendPid} unknown`);
      continue;
    }
    const phrase =
      t.lock === 'relay'
        ? 'relay lock acquired; this instance is active'
        : t.lock === 'scheduler'
          ? 'scheduler lock acquired; this instance is active'
          : 'projection lock acquired; this instance is active';
    if (m.proc.logged(phrase) === 0) quiet.push(`${m.label} held ${t.lock} without "${phrase}"`);
  }
  return check(
    'every lock holder logged "lock acquired; this instance is active"',
    quiet.length === 0,
    `${monitor.tenures.filter((t) => !t.lock.startsWith('job:')).length} tenures${quiet.length ? `; ${quiet.slice(0, 3).join('; ')}` : ''}`,
  );
}
