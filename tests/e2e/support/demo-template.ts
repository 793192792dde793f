import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTestDatabase } from '@goldledger/services/testing';
import { ProcessGroup, waitReady, waitUntil } from '../../system/support/processes.js';
import { serverEnv, todayAtBranch } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo book, made once per run: a database to copy and its data folder. */
    e2eDemoTemplate: { database: string; dataDir: string; day: string } | undefined;
  }
}

/**
 * Vitest globalSetup of the e2e project: every file's server starts from the same demo
 * book, so make it once. A server seeds a fresh database and stops once its read models
 * have caught up; each file's server then starts on a copy (`create database … template`)
 * and finds the demo already there. Only with E2E_DEMO_TEMPLATE=1 for now (see below);
 * otherwise each file's server seeds its own.
 */
export default async function demoTemplate(project: TestProject): Promise<() => Promise<void>> {
  // Opt-in until a copied book passes every file: the auctions and renewals files fail on a
  // copy (a staff bidder is not refused; a top-up), and pass on a book seeded by their server.
  if (process.env.E2E_DEMO_TEMPLATE !== '1') {
    project.provide('e2eDemoTemplate', undefined);
    return async () => {};
  }
  const day = todayAtBranch();
  const database = await createTestDatabase('e2e_template');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'goldledger-e2e-template-'));
  const group = new ProcessGroup(serverEnv(database.url, dataDir));
  try {
    const proc = group.start('e2e: demo template', ['all']);
    // The server listens once the demo book is written; then its projectors catch up.
    const url = (await proc.url(180_000)).replace('//localhost:', '//127.0.0.1:');
    await waitReady(proc, url, 60_000);
    let last = '';
    let steady = 0;
    await waitUntil(
      async () => {
        proc.assertRunning();
        const { rows } = await database.pool.query<{ state: string }>(
          `select count(*) || ':' || coalesce(sum(events_applied), 0) || ':' ||
                  coalesce(min(global_position), 0) as state
             from projection_checkpoints`,
        );
        const state = rows[0]!.state;
        steady = state === last ? steady + 1 : 0;
        last = state;
        return steady >= 4;
      },
      { timeoutMs: 120_000, intervalMs: 500, describe: () => `the read models to settle (${last})` },
    );
  } catch (error) {
    console.error(group.tails());
    throw error;
  } finally {
    await group.killAll(15_000);
  }
  // No one may be connected to a template while it is copied.
  await database.disconnect();
  project.provide('e2eDemoTemplate', { database: database.name, dataDir, day });
  return async () => {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
