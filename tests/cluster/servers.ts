import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chownSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { freePort, waitUntil } from '../system/support/processes.js';

/**
 * Servers of one's own for the fault tests: a PostgreSQL cluster and a nats-server
 * that a test may restart, stop for a minute or kill without touching the servers
 * other tests (and other people on the machine) share.
 */

/** The newest PostgreSQL installed the Debian way (/usr/lib/postgresql/<version>/bin). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0])
    throw new Error(`no PostgreSQL server binaries under ${root} (apt-get install postgresql)`);
  return path.join(root, versions[0], 'bin');
}

/** initdb refuses root: as root, the cluster belongs to the `postgres` OS user. */
const asRoot = process.getuid?.() === 0;

function runAsOwner(command: string, args: string[], timeoutMs = 120_000): string {
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', timeout: timeoutMs });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

export class PrivatePostgres {
  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly bin: string,
  ) {}

  /** `postgres://postgres@127.0.0.1:<port>/<database>` */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  get dataDir(): string {
    return path.join(this.dir, 'data');
  }

  get logFile(): string {
    return path.join(this.dir, 'postgres.log');
  }

  static async start(label = 'gl-faults-pg'): Promise<PrivatePostgres> {
    const bin = postgresBin();
    const dir = mkdtempSync(path.join(os.tmpdir(), `${label}-`));
    if (asRoot) {
      const { uid, gid } = lookupPostgresUser();
      chownSync(dir, uid, gid);
    }
    const port = await freePort();
    const pgServer = new PrivatePostgres(dir, port, bin);
    runAsOwner(path.join(bin, 'initdb'), [
      '-D',
      pgServer.dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    await pgServer.startServer();
    return pgServer;
  }

  private options(): string {
    // Room for a cluster of eight processes (each a pool plus its leader-lock connections).
    return [
      `-p ${this.port}`,
      `-c listen_addresses=127.0.0.1`,
      `-c unix_socket_directories=${this.dir}`,
      `-c max_connections=300`,
      `-c shared_buffers=64MB`,
    ].join(' ');
  }

  async startServer(): Promise<void> {
    runAsOwner(path.join(this.bin, 'pg_ctl'), [
      'start',
      '-D',
      this.dataDir,
      '-w',
      '-t',
      '60',
      '-l',
      this.logFile,
      '-o',
      this.options(),
    ]);
    await this.waitAccepting();
  }

  /** `pg_ctl restart`: fast rolls back and disconnects everyone; immediate is a crash and recovery. */
  async restart(mode: 'fast' | 'immediate'): Promise<void> {
    runAsOwner(path.join(this.bin, 'pg_ctl'), ['stop', '-D', this.dataDir, '-w', '-t', '60', '-m', mode]);
    await this.startServer();
  }

  private async waitAccepting(): Promise<void> {
    await waitUntil(
      async () => {
        const c = new pg.Client({ connectionString: this.url() });
        try {
          await c.connect();
          await c.query('select 1');
          return true;
        } catch {
          return false;
        } finally {
          await c.end().catch(() => undefined);
        }
      },
      { timeoutMs: 60_000, intervalMs: 200, describe: () => `private PostgreSQL on ${this.port} accepting` },
    );
  }

  async stop(): Promise<void> {
    try {
      runAsOwner(path.join(this.bin, 'pg_ctl'), [
        'stop',
        '-D',
        this.dataDir,
        '-w',
        '-t',
        '30',
        '-m',
        'immediate',
      ]);
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function lookupPostgresUser(): { uid: number; gid: number } {
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || uid <= 0)
    throw new Error('running as root needs a `postgres` OS user for initdb');
  return { uid, gid };
}

const NATS_BIN = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

/** A nats-server with JetStream whose store survives restarts (same `-sd`). */
export class PrivateNats {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();

  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  static async start(label = 'gl-faults-nats'): Promise<PrivateNats> {
    if (!existsSync(NATS_BIN)) throw new Error(`no nats-server at ${NATS_BIN} (apt-get install nats-server)`);
    const dir = mkdtempSync(path.join(os.tmpdir(), `${label}-`));
    const nats = new PrivateNats(dir, await freePort());
    await nats.startServer();
    return nats;
  }

  async startServer(): Promise<void> {
    if (this.child) return;
    mkdirSync(path.join(this.dir, 'store'), { recursive: true });
    const log = createWriteStream(path.join(this.dir, 'nats.log'), { flags: 'a' });
    const child = spawn(
      NATS_BIN,
      ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', path.join(this.dir, 'store')],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout!.pipe(log, { end: false });
    child.stderr!.pipe(log, { end: false });
    this.child = child;
    this.exited = new Promise((resolve) =>
      child.once('exit', () => {
        if (this.child === child) this.child = undefined;
        log.end();
        resolve();
      }),
    );
    await waitUntil(
      async () => {
        if (!this.child) throw new Error(`nats-server exited at start; see ${this.dir}/nats.log`);
        try {
          const nc = await connect({ servers: this.url, timeout: 1_000, reconnect: false });
          await nc.close();
          return true;
        } catch {
          return false;
        }
      },
      { timeoutMs: 30_000, intervalMs: 100, describe: () => `private nats-server on ${this.port}` },
    );
  }

  /** SIGKILL (a crash) or SIGTERM (an orderly stop); resolves once it is gone. */
  async stopServer(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill(signal);
    await Promise.race([this.exited, sleep(15_000)]);
    if (this.child === child) {
      child.kill('SIGKILL');
      await this.exited;
    }
  }

  async stop(): Promise<void> {
    await this.stopServer('SIGKILL');
    rmSync(this.dir, { recursive: true, force: true });
  }
}
