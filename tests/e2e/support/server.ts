import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@goldledger/services/testing';
import {
  ProcessGroup,
  cleanEnv,
  waitReady,
  waitUntil,
  type ProductProcess,
} from '../../system/support/processes.js';

export interface E2eServer {
  /** http://127.0.0.1:<port>: the API and the built web app on one origin. */
  url: string;
  /** The server's database, for tests that write what no route of theirs writes yet (packets, issue 16). */
  databaseUrl: string;
  proc: ProductProcess;
  group: ProcessGroup;
  /** The newest one-time code sent to `to` (email or mobile), from the dev outbox; waits for one not in `notIn`. */
  codeFor(to: string, options?: { purpose?: string; notIn?: readonly string[] }): Promise<string>;
  /** Moves the server's clock forward (TEST_CLOCK=1). */
  advanceClock(ms: number): Promise<void>;
  /** POST JSON to the API, as a script would. */
  post(pathname: string, body: unknown, token?: string): Promise<{ status: number; body: any }>;
  stop(): Promise<void>;
}

/** The server's environment: what `npm start` sets, with the dev outbox and the movable test clock. */
export function serverEnv(databaseUrl: string, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...cleanEnv(),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    DEMO_SEED: '1',
    OUTBOX_API: '1',
    TEST_CLOCK: '1',
    MESSAGING_POLL_MS: '50',
  };
}

/** Today's date at the branches (Asia/Kolkata), as the demo book counts its days. */
export const todayAtBranch = (): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/**
 * The whole product as `npm start` runs it (`services/src/main.ts all`): a fresh
 * database (a copy of the run's demo template when there is one), events delivered in-process, the demo accounts, the dev outbox and the
 * movable test clock. It serves web/dist, built by the project's globalSetup.
 */
export async function startServer(label: string): Promise<E2eServer> {
  let database: TestDatabase | undefined;
  let dataDir: string | undefined;
  let group: ProcessGroup | undefined;
  const cleanUp = async () => {
    await group?.killAll(15_000);
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // The demo book the run's global setup made today, copied (see demo-template.ts);
    // without one (or on another day at the branch), the server makes its own.
    const template = inject('e2eDemoTemplate');
    const fromTemplate = template !== undefined && template.day === todayAtBranch();
    database = await createTestDatabase('e2e', fromTemplate ? { template: template.database } : {});
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'goldledger-e2e-'));
    if (fromTemplate) await cp(template.dataDir, dataDir, { recursive: true });
    group = new ProcessGroup(serverEnv(database.url, dataDir));
    const proc = group.start(label, ['all']);
    // The server prints "localhost"; the browser and Node should agree on one address.
    const url = (await proc.url(120_000)).replace('//localhost:', '//127.0.0.1:');
    await waitReady(proc, url, 60_000);

    const post = async (pathname: string, body: unknown, token?: string) => {
      const res = await fetch(`${url}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    };

    const codeFor: E2eServer['codeFor'] = async (to, options = {}) => {
      let code: string | undefined;
      let seen: unknown;
      await waitUntil(
        async () => {
          const res = await fetch(`${url}/api/dev/outbox?to=${encodeURIComponent(to)}&limit=10`);
          const { data } = (await res.json()) as { data: Array<{ text: string; purpose: string }> };
          seen = data.map((m) => `${m.purpose}: ${m.text.slice(0, 40)}`);
          const message = data.find((m) => !options.purpose || m.purpose === options.purpose);
          code = message?.text.match(/\b(\d{6})\b/)?.[1];
          return code !== undefined && !(options.notIn ?? []).includes(code);
        },
        { timeoutMs: 15_000, describe: () => `a new code for ${to}; outbox: ${JSON.stringify(seen)}` },
      );
      return code!;
    };

    return {
      url,
      databaseUrl: database.url,
      proc,
      group,
      codeFor,
      post,
      async advanceClock(ms) {
        const res = await post('/api/dev/clock', { advanceMs: ms });
        if (res.status !== 200)
          throw new Error(`moving the test clock: ${res.status} ${JSON.stringify(res.body)}`);
      },
      stop: cleanUp,
    };
  } catch (error) {
    if (group) console.error(group.tails());
    await cleanUp();
    throw error;
  }
}
