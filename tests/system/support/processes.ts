import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MAIN = 'services/src/main.ts';
/** Output kept per process: enough to see why it failed, bounded for long runs. */
const KEEP_CHARS = 200_000;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface StartOptions {
  /** The largest file the process may write (RLIMIT_FSIZE, via util-linux prlimit): a fault test's full disk. */
  fileSizeLimitBytes?: number;
}

/**
 * One `services/src/main.ts` process. It is started as `node --import tsx …`, which is
 * what `npx tsx …` ends up running, without the npm and tsx wrapper processes: a
 * signal sent to `pid` reaches the product itself (npm exec does not forward SIGTERM,
 * and a SIGKILL cannot be forwarded at all).
 */
export class ProductProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<Exit>;
  private exit: Exit | undefined;
  private out = '';
  private partial = '';
  /** Log lines at level error or fatal (pino ≥ 50), the first 20, kept apart from the bounded output. */
  readonly errorLines: string[] = [];
  /** Every log message seen (pino `msg`) and how often: milestones survive the bounded output. */
  private readonly messages = new Map<string, number>();
  private listeners: Array<() => void> = [];

  constructor(
    readonly label: string,
    readonly args: readonly string[],
    env: NodeJS.ProcessEnv,
    options: StartOptions = {},
  ) {
    const command = [process.execPath, '--import', 'tsx', MAIN, ...args];
    // prlimit execs the command itself: `pid` is still the product's.
    if (options.fileSizeLimitBytes !== undefined) {
      command.unshift('prlimit', `--fsize=${options.fileSizeLimitBytes}`, '--');
    }
    this.child = spawn(command[0]!, command.slice(1), {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // SYSTEM_TEST_LOG_DIR keeps every child's whole output (e.g. as CI artifacts).
    let file: WriteStream | undefined;
    const logDir = process.env.SYSTEM_TEST_LOG_DIR;
    if (logDir) {
      mkdirSync(logDir, { recursive: true });
      const name = `${label.replace(/[^A-Za-z0-9_-]+/g, '_')}-${this.child.pid ?? 'x'}.log`;
      file = createWriteStream(path.join(logDir, name));
      this.child.once('close', () => file?.end());
    }
    const collect = (stream: 'out' | 'err') => (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      file?.write(text);
      if (stream === 'out') this.scanForErrors(text);
      this.out += stream === 'err' ? text.replace(/^/gm, '[stderr] ') : text;
      if (this.out.length > KEEP_CHARS) this.out = this.out.slice(-KEEP_CHARS);
      for (const l of this.listeners) l();
    };
    this.child.stdout!.on('data', collect('out'));
    this.child.stderr!.on('data', collect('err'));
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        for (const l of this.listeners) l();
        resolve(this.exit);
      });
      this.child.once('error', (error) => {
        this.out += `\n[spawn error] ${error.message}\n`;
        this.exit ??= { code: null, signal: null };
        resolve(this.exit);
      });
    });
  }

  private scanForErrors(text: string): void {
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string };
        if (typeof entry.msg === 'string')
          this.messages.set(entry.msg, (this.messages.get(entry.msg) ?? 0) + 1);
        if (entry.level! >= 50 && this.errorLines.length < 20) this.errorLines.push(line.slice(0, 2_000));
      } catch {
        // not a log line
      }
    }
  }

  /** How many log lines carried exactly this message (whole run; the kept output is bounded). */
  logged(message: string): number {
    return this.messages.get(message) ?? 0;
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  get running(): boolean {
    return this.exit === undefined;
  }

  output(): string {
    return this.out;
  }

  /** The last lines of output, labelled, for failure messages. */
  tail(lines = 60): string {
    const shown = this.out.trimEnd().split('\n').slice(-lines).join('\n');
    const state = this.exit ? `exited code=${this.exit.code} signal=${this.exit.signal}` : 'running';
    return `--- ${this.label} (pid ${this.pid}, ${state}) ---\n${shown}\n--- end ${this.label} ---`;
  }

  /** Throws (with its output) if the process has ended; use inside polling loops. */
  assertRunning(): void {
    if (!this.running) throw new Error(`${this.label} ended unexpectedly\n${this.tail()}`);
  }

  /** Resolves with the base URL once the process prints "… is running at http://…". */
  async url(timeoutMs: number): Promise<string> {
    const pattern = /GoldLedger \(\w+\) is running at (http:\/\/\S+)/;
    return new Promise<string>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(this.out);
        if (match) return finish(() => resolve(match[1]!));
        if (this.exit) {
          finish(() => reject(new Error(`${this.label} exited before listening\n${this.tail()}`)));
        }
      };
      const timer = setTimeout(
        () =>
          finish(() =>
            reject(new Error(`${this.label} did not print its URL within ${timeoutMs} ms\n${this.tail()}`)),
          ),
        timeoutMs,
      );
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        this.listeners = this.listeners.filter((l) => l !== check);
        settle();
      };
      this.listeners.push(check);
      check();
    });
  }

  /** Sends a signal and waits for the exit, bounded. */
  async stop(signal: NodeJS.Signals, timeoutMs: number): Promise<Exit> {
    if (this.running) this.child.kill(signal);
    const timeout = sleep(timeoutMs).then(() => 'timeout' as const);
    const result = await Promise.race([this.exited, timeout]);
    if (result === 'timeout') {
      throw new Error(`${this.label} did not exit within ${timeoutMs} ms of ${signal}\n${this.tail()}`);
    }
    return result;
  }
}

/** Every process a test file started, so afterAll can end them even after a failure. */
export class ProcessGroup {
  readonly all: ProductProcess[] = [];

  constructor(private readonly baseEnv: NodeJS.ProcessEnv) {}

  start(
    label: string,
    args: readonly string[],
    env: NodeJS.ProcessEnv = {},
    options: StartOptions = {},
  ): ProductProcess {
    const p = new ProductProcess(label, args, { ...this.baseEnv, ...env }, options);
    this.all.push(p);
    return p;
  }

  /** Runs a command to its end (migrate, rebuild); throws with its output unless it exits 0. */
  async run(label: string, args: readonly string[], timeoutMs: number): Promise<ProductProcess> {
    const p = this.start(label, args);
    const timeout = sleep(timeoutMs).then(() => 'timeout' as const);
    const result = await Promise.race([p.exited, timeout]);
    if (result === 'timeout') {
      p.child.kill('SIGKILL');
      throw new Error(`${label} did not finish within ${timeoutMs} ms\n${p.tail()}`);
    }
    if (result.code !== 0)
      throw new Error(`${label} exited with ${result.code ?? result.signal}\n${p.tail()}`);
    return p;
  }

  tails(): string {
    return this.all.map((p) => p.tail(120)).join('\n');
  }

  /** SIGTERM, then SIGKILL whatever is still there after `graceMs`. */
  async killAll(graceMs = 10_000): Promise<void> {
    const live = this.all.filter((p) => p.running);
    for (const p of live) p.child.kill('SIGTERM');
    await Promise.race([Promise.all(live.map((p) => p.exited)), sleep(graceMs)]);
    for (const p of live) if (p.running) p.child.kill('SIGKILL');
    await Promise.race([Promise.all(live.map((p) => p.exited)), sleep(5_000)]);
  }
}

export interface WaitOptions {
  timeoutMs: number;
  intervalMs?: number;
  /** Appended to the timeout error: what we were waiting for and what was seen. */
  describe: () => string | Promise<string>;
}

/** Polls `probe` until it returns true; a throwing probe fails at once. Bounded. */
export async function waitUntil(
  probe: () => Promise<boolean> | boolean,
  options: WaitOptions,
): Promise<number> {
  const started = performance.now();
  const interval = options.intervalMs ?? 100;
  while (performance.now() - started < options.timeoutMs) {
    if (await probe()) return performance.now() - started;
    await sleep(interval);
  }
  throw new Error(`timed out after ${options.timeoutMs} ms: ${await options.describe()}`);
}

/** GET a path; undefined when nothing answers (the process may be restarting). */
export async function getJson(url: string): Promise<{ status: number; body: unknown } | undefined> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body };
  } catch {
    return undefined;
  }
}

/** Waits until GET <base>/ready answers 200; returns how long it took. */
export async function waitReady(proc: ProductProcess, base: string, timeoutMs: number): Promise<number> {
  let last: unknown;
  return waitUntil(
    async () => {
      proc.assertRunning();
      const res = await getJson(`${base}/ready`);
      last = res;
      return res?.status === 200;
    },
    {
      timeoutMs,
      intervalMs: 200,
      describe: () =>
        `${proc.label} /ready never answered 200; last answer ${JSON.stringify(last)}\n${proc.tail()}`,
    },
  );
}

/** A TCP port nobody listens on right now, from the high range (not the default 54329). */
export async function freePort(from = 40_000, to = 60_000): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = from + Math.floor(Math.random() * (to - from));
    if (port === 54329) continue;
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port found');
}

/**
 * The environment without anything that would point a process at the test servers, and
 * with fixed test secrets (a process with DATABASE_URL refuses to start without them).
 */
export function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    JWT_SECRET: 'system-test-jwt-secret-'.repeat(2),
    OTP_SECRET: 'system-test-otp-secret-'.repeat(2),
    // Tests written before maker-checker act alone; an approvals test saves a policy.
    APPROVALS_OFF_UNTIL_SET: '1',
  };
  for (const [k, v] of Object.entries(process.env)) {
    if (k.startsWith('TEST_') || k.startsWith('VITEST') || k.startsWith('NATS_')) continue;
    if (k === 'DATABASE_URL' || k === 'DATA_DIR' || k === 'EMBEDDED_PG_PORT' || k === 'PORT') continue;
    if (k === 'NODE_ENV' || k === 'NODE_OPTIONS') continue;
    env[k] = v;
  }
  return env;
}
