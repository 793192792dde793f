import { businessDate } from '@goldledger/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-infra.js';
import { FixedClock } from '../clock.js';
import { createEventStore, type EventStore } from '../event-store/event-store.js';
import { createLogger } from '../logger.js';
import { JobAlreadyRunningError, Scheduler, UnknownJobError, type JobDefinition } from './scheduler.js';

let t: TestDatabase;
let store: EventStore;
const log = createLogger('silent');
const admin = { id: 'u-admin', role: 'admin' as const, name: 'Meera (admin)' };

beforeAll(async () => {
  t = await createTestDatabase('sched');
  store = createEventStore(t.db, { contracts: 'unchecked' });
});
afterAll(async () => t?.drop());

/** A job that marks each of three subjects once per business day. */
const marking: JobDefinition = {
  name: 'mark_subjects',
  description: 'test job',
  schedule: '0 6 * * *',
  async run(ctx) {
    let ok = 0;
    for (const subject of ['a', 'b', 'c']) {
      const result = await ctx.store.append(
        `mark-${subject}-${ctx.businessDate}`,
        [{ type: 'Marked', data: { subject }, occurredAt: ctx.asOf }],
        {
          streamType: 'mark',
          expectedVersion: 'no_stream',
          metadata: { actor: ctx.actor, idempotencyKey: ctx.idempotencyKey(subject) },
        },
      );
      if (!result.duplicate) ok++;
    }
    return { ok, failed: 0 };
  },
};

const slow: JobDefinition = {
  name: 'slow',
  description: 'takes a while',
  schedule: '0 7 * * *',
  async run() {
    await sleep(300);
    return { ok: 1, failed: 0 };
  },
};

const broken: JobDefinition = {
  name: 'broken',
  description: 'always fails',
  schedule: '0 8 * * *',
  async run() {
    throw new Error('gold rate feed unavailable');
  },
};

/** Runs until the test opens its gate: a job caught in the middle of its run. */
let openGate: () => void = () => undefined;
const gated: JobDefinition = {
  name: 'gated',
  description: 'waits for the test',
  schedule: '0 9 * * *',
  async run() {
    await new Promise<void>((resolve) => (openGate = resolve));
    return { ok: 1, failed: 0 };
  },
};

const make = (clock = new FixedClock('2026-11-21T00:30:00Z'), cronOverride?: string) =>
  new Scheduler({
    db: t.db,
    store,
    jobs: [marking, slow, broken, gated],
    clock,
    log,
    connectionString: t.url,
    lockRetryMs: 100,
    cronOverride,
  });

/** What a process killed mid-run leaves behind: its row "running", and nobody holding the job's lock. */
const orphanRun = (jobName: string) =>
  t.db
    .insertInto('scheduler_job_runs' as any)
    .values({
      job_name: jobName,
      execution_type: 'scheduled',
      status: 'running',
      business_date: '2026-11-21',
      started_at: new Date('2026-11-21T00:29:00Z'),
      executed_by: 'Scheduler',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => String((r as { id: string }).id));

async function runsOf(jobName: string) {
  return (await make().history({ jobName, limit: 50 })).reverse();
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const found = await probe();
    if (found !== undefined) return found;
    await sleep(50);
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe('business dates', () => {
  it('are days in Asia/Kolkata', () => {
    expect(businessDate(new Date('2026-11-21T18:29:00Z'))).toBe('2026-11-21');
    expect(businessDate(new Date('2026-11-21T18:31:00Z'))).toBe('2026-11-22');
  });
});

describe('a job run', () => {
  it('is recorded with its counts, and re-running the same day acts nowhere twice', async () => {
    const scheduler = make();
    const first = await scheduler.execute('mark_subjects', { executionType: 'manual', executedBy: admin });
    expect(first).toMatchObject({
      status: 'success',
      recordsOk: 3,
      businessDate: '2026-11-21',
      executionType: 'manual',
      executedBy: 'Meera (admin)',
    });
    const again = await scheduler.execute('mark_subjects', { executionType: 'manual', executedBy: admin });
    expect(again.recordsOk).toBe(0);
    const events = await store.readStream('mark-a-2026-11-21');
    expect(events.events).toHaveLength(1);
    expect(events.events[0]!.metadata).toMatchObject({
      idempotencyKey: 'mark_subjects:a:2026-11-21',
      actor: admin,
    });
  });

  it('acts for the day given with --as-of', async () => {
    const run = await make().execute('mark_subjects', {
      executionType: 'backfill',
      executedBy: admin,
      asOf: '2026-10-02',
    });
    expect(run).toMatchObject({ businessDate: '2026-10-02', recordsOk: 3, executionType: 'backfill' });
    const [event] = (await store.readStream('mark-b-2026-10-02')).events;
    expect(event!.occurredAt).toBe('2026-10-02T06:30:00.000Z');
  });

  it('refuses a second run of a job that is running, even from another scheduler', async () => {
    const a = make();
    const b = make();
    const running = a.execute('slow', { executionType: 'manual', executedBy: admin });
    await sleep(50);
    await expect(b.execute('slow', { executionType: 'manual', executedBy: admin })).rejects.toBeInstanceOf(
      JobAlreadyRunningError,
    );
    expect((await running).status).toBe('success');
  });

  it('can be started without waiting: the running row first, then how it ended', async () => {
    const { run, finished } = await make().start('slow', {
      executionType: 'manual',
      executedBy: admin,
      executedByEmail: 'meera@demo.local',
    });
    expect(run).toMatchObject({ status: 'running', finishedAt: null, executedByEmail: 'meera@demo.local' });
    const [listed] = await make().history({ jobName: 'slow', limit: 1 });
    expect(listed).toMatchObject({ id: run.id, status: 'running' });
    expect(await finished).toMatchObject({
      id: run.id,
      status: 'success',
      recordsOk: 1,
      recordsProcessed: 1,
    });
  });

  it('records a failure with its error', async () => {
    const run = await make().execute('broken', { executionType: 'manual', executedBy: admin });
    expect(run).toMatchObject({ status: 'failed', error: 'gold rate feed unavailable' });
    const [latest] = await make().history({ jobName: 'broken', limit: 5 });
    expect(latest!.id).toBe(run.id);
  });

  it('names the known jobs when asked for an unknown one', async () => {
    await expect(make().execute('nope', { executionType: 'manual', executedBy: admin })).rejects.toThrow(
      new UnknownJobError('nope', ['mark_subjects', 'slow', 'broken', 'gated']).message,
    );
  });
});

describe('a run whose process died', () => {
  it('is marked interrupted, and only when no live process is running it', async () => {
    const alive = await make().start('gated', { executionType: 'manual', executedBy: admin });
    const orphan = await orphanRun('slow');
    const recovered = await make().recoverInterruptedRuns();
    expect(recovered.map((r) => [r.id, r.status, r.error])).toEqual([
      [orphan, 'failed', 'interrupted: the process running it stopped'],
    ]);
    // The gated run's process holds the job's lock: it is still running, and still refuses a twin.
    expect((await runsOf('gated')).at(-1)).toMatchObject({ id: alive.run.id, status: 'running' });
    await expect(
      make().execute('gated', { executionType: 'manual', executedBy: admin }),
    ).rejects.toBeInstanceOf(JobAlreadyRunningError);
    openGate();
    expect(await alive.finished).toMatchObject({ status: 'success', error: null });
  });

  it('is run again by the scheduler that takes over', async () => {
    const orphan = await orphanRun('mark_subjects');
    const stop = new AbortController();
    const running = make().run(stop.signal);
    const rerun = await waitFor('the re-run', async () =>
      (await runsOf('mark_subjects')).find((r) => Number(r.id) > Number(orphan) && r.status === 'success'),
    );
    stop.abort();
    await running;
    expect(rerun).toMatchObject({
      executionType: 'scheduled',
      businessDate: '2026-11-21',
      executedBy: 'Scheduler',
    });
    expect((await runsOf('mark_subjects')).find((r) => r.id === orphan)).toMatchObject({
      status: 'failed',
      error: 'interrupted: the process running it stopped',
    });
  });
});

describe('a cron override (SCHEDULER_CRON_OVERRIDE, for fault tests)', () => {
  it('fires every job on the given pattern instead of its own', async () => {
    const before = (await runsOf('slow')).length;
    const stop = new AbortController();
    const running = make(new FixedClock('2026-11-21T00:30:00Z'), '* * * * * *').run(stop.signal);
    const fired = await waitFor('a scheduled run of "slow"', async () =>
      (await runsOf('slow'))
        .slice(before)
        .find((r) => r.executionType === 'scheduled' && r.status === 'success'),
    );
    stop.abort();
    await running;
    expect(fired).toMatchObject({ executedBy: 'Scheduler', recordsOk: 1 });
  });
});

describe('two schedulers', () => {
  // Counted in this test's database only: the server is shared with other tests' schedulers.
  it('keep one active; the standby takes over when it stops', async () => {
    const first = new AbortController();
    const second = new AbortController();
    const a = make();
    const b = make();
    const runA = a.run(first.signal);
    await sleep(300);
    const runB = b.run(second.signal);
    await sleep(300);
    const holders = async () =>
      Number(
        (
          await t.pool.query(
            "select count(*) as n from pg_stat_activity where application_name = 'goldledger-lock:scheduler' and datname = current_database()",
          )
        ).rows[0].n,
      );
    const locks = async () =>
      Number(
        (
          await t.pool.query(
            "select count(*) as n from pg_locks l join pg_stat_activity a using (pid) where l.locktype = 'advisory' and l.granted and a.application_name = 'goldledger-lock:scheduler' and a.datname = current_database()",
          )
        ).rows[0].n,
      );
    expect(await locks()).toBe(1);
    first.abort();
    await runA;
    await sleep(500);
    expect(await locks()).toBe(1);
    second.abort();
    await runB;
    await sleep(100);
    expect(await holders()).toBe(0);
  });
});
