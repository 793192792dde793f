import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

/** Who held one leader lock from when on: the OS pid of the product process, when known. */
export interface Tenure {
  lock: string;
  /** performance.now() of the first sample that saw this holder. */
  from: number;
  /** performance.now() of the last sample that saw it (open while it holds). */
  to: number;
  /** The Postgres backend holding the lock. */
  backendPid: number;
  /** The product process on this machine whose socket that backend serves (undefined: not found). */
  pid: number | undefined;
}

export interface LockViolation {
  at: number;
  lock: string;
  holders: number[];
}

interface Holder {
  lock: string;
  backendPid: number;
  clientPort: number;
}

/**
 * Samples the advisory locks of one database every ~100 ms for the whole run: which
 * connection holds `relay`, `scheduler` and each `projection:<name>` (the product names
 * its lock connections `goldledger-lock:<name>`), and which of our processes owns that
 * connection. Records each holder's tenure and any sample with two holders of one lock.
 */
export class LockMonitor {
  readonly tenures: Tenure[] = [];
  readonly violations: LockViolation[] = [];
  samples = 0;
  failedSamples = 0;
  private readonly current = new Map<string, Tenure>();
  private readonly pidOfBackend = new Map<number, number | undefined>();
  private stopped = false;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    /** The processes a lock connection may belong to (their OS pids). */
    private readonly candidates: () => number[],
    private readonly intervalMs = 100,
  ) {}

  start(): void {
    this.loop = (async () => {
      while (!this.stopped) {
        const started = performance.now();
        await this.sample().catch(() => this.failedSamples++);
        await sleep(Math.max(0, this.intervalMs - (performance.now() - started)));
      }
    })();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
  }

  private async sample(): Promise<void> {
    const { rows } = await this.pool.query<{ lock: string; backend_pid: number; client_port: number }>(`
      select substr(a.application_name, length('goldledger-lock:') + 1) as lock,
             a.pid as backend_pid, a.client_port
      from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted
        and l.database = (select oid from pg_database where datname = current_database())
        and a.application_name like 'goldledger-lock:%'`);
    const at = performance.now();
    this.samples++;
    const byLock = new Map<string, Holder[]>();
    for (const r of rows) {
      const list = byLock.get(r.lock) ?? [];
      list.push({ lock: r.lock, backendPid: r.backend_pid, clientPort: r.client_port });
      byLock.set(r.lock, list);
    }
    for (const [lock, holders] of byLock) {
      if (holders.length > 1) this.violations.push({ at, lock, holders: holders.map((h) => h.backendPid) });
      const holder = holders[0]!;
      const open = this.current.get(lock);
      if (open && open.backendPid === holder.backendPid) {
        open.to = at;
        continue;
      }
      const tenure: Tenure = {
        lock,
        from: at,
        to: at,
        backendPid: holder.backendPid,
        pid: this.ownerOf(holder),
      };
      this.tenures.push(tenure);
      this.current.set(lock, tenure);
    }
    for (const lock of [...this.current.keys()]) if (!byLock.has(lock)) this.current.delete(lock);
  }

  /** The OS process whose TCP socket is the client end of this backend's connection. */
  private ownerOf(holder: Holder): number | undefined {
    if (this.pidOfBackend.has(holder.backendPid)) return this.pidOfBackend.get(holder.backendPid);
    const pid = socketOwner(holder.clientPort, this.candidates());
    this.pidOfBackend.set(holder.backendPid, pid);
    return pid;
  }

  /** Who holds `lock` now (undefined: nobody, as of the last sample). */
  holder(lock: string): Tenure | undefined {
    return this.current.get(lock);
  }

  locks(): string[] {
    return [...new Set(this.tenures.map((t) => t.lock))].sort();
  }

  /** Tenures of one lock in order: a change of pid is a failover (or a restart). */
  history(lock: string): Tenure[] {
    return this.tenures.filter((t) => t.lock === lock);
  }
}

/** What `read` returns, or null when the file is not there (any more). */
function readOrNull<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/** Socket inodes of local TCP connections whose local port is `port` (IPv4 and IPv6 tables). */
function inodesForLocalPort(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = readOrNull(() => readFileSync(table, 'utf8'));
    if (text === null) continue;
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      const local = cols[1];
      if (!local) continue;
      if (parseInt(local.split(':').pop()!, 16) === port) inodes.add(cols[9]!);
    }
  }
  return inodes;
}

function socketOwner(clientPort: number, pids: number[]): number | undefined {
  const inodes = inodesForLocalPort(clientPort);
  if (inodes.size === 0) return undefined;
  for (const pid of pids) {
    const fds = readOrNull(() => readdirSync(`/proc/${pid}/fd`));
    if (fds === null) continue; // the process is gone
    for (const fd of fds) {
      try {
        const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
        const m = /^socket:\[(\d+)\]$/.exec(link);
        if (m && inodes.has(m[1]!)) return pid;
      } catch {
        // fd closed meanwhile
      }
    }
  }
  return undefined;
}
