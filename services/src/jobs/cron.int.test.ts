import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';

let t: TestDatabase;
let api: TestApi;

beforeAll(async () => {
  t = await createTestDatabase('cron');
  api = await createTestApi(t);
  // The jobs read the loan book and the staff list: let the projections create them.
  await api.project();
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

const call = async (method: 'GET' | 'POST', url: string, role: 'admin' | 'employee' = 'admin') =>
  api.app.inject({ method, url, headers: { 'x-auth-token': await api.tokenFor(role) } });

interface Execution {
  _id: string;
  jobName: string;
  status: string;
  executionType: string;
  recordsSuccessful: number;
}

/** Run Now answers before the run ends: wait for its history row to say how it ended. */
async function waitForRun(runId: string, jobName: string): Promise<Execution> {
  for (let i = 0; i < 200; i++) {
    const res = await call('GET', `/api/cron-jobs/history?jobName=${jobName}&limit=5`);
    const run = (res.json().data as Execution[]).find((r) => r._id === runId);
    if (run && run.status !== 'running') return run;
    await sleep(25);
  }
  throw new Error(`run ${runId} of ${jobName} did not finish`);
}

async function runNow(name: string) {
  const res = await call('POST', `/api/cron-jobs/execute/${name}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ success: true, message: `Job '${name}' started successfully!` });
  return waitForRun(body.data.runId, name);
}

describe('the cron jobs list', () => {
  it('shows every job with its schedule, and each one never run yet', async () => {
    const res = await call('GET', '/api/cron-jobs/list');
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(data.map((j: { name: string }) => j.name)).toEqual(
      expect.arrayContaining([
        'due_date_events',
        'interest_rate_upgrades',
        'auction_readiness',
        'payment_reminders',
        'admin_notifications',
        'gold_return_reminders',
        'delinquency',
      ]),
    );
    const due = data.find((j: { name: string }) => j.name === 'due_date_events');
    expect(due).toMatchObject({
      displayName: 'Due dates and overdue marks',
      schedule: '15 0 * * *',
      timezone: 'Asia/Kolkata',
      status: 'never_run',
      lastExecution: null,
    });
    // The clock stands at 10:00 on 21 Nov in Kolkata: next run 00:15 on the 22nd.
    expect(due.nextExecution).toBe('2026-11-21T18:45:00.000Z');
  });

  it('is for admins only', async () => {
    for (const [method, url] of [
      ['GET', '/api/cron-jobs/list'],
      ['GET', '/api/cron-jobs/history?limit=10'],
      ['POST', '/api/cron-jobs/execute/due_date_events'],
    ] as const) {
      const res = await call(method, url, 'employee');
      expect(res.statusCode, url).toBe(403);
    }
  });
});

describe('Run Now', () => {
  it('runs the job as a manual run by the signed-in admin, recorded in the history', async () => {
    const run = await runNow('admin_notifications');
    expect(run).toMatchObject({ status: 'success', executionType: 'manual', recordsSuccessful: 1 });
    const [latest] = (await call('GET', '/api/cron-jobs/history?jobName=admin_notifications&limit=5')).json()
      .data;
    expect(latest).toMatchObject({
      jobName: 'admin_notifications',
      businessDate: '2026-11-21',
      recordsProcessed: 1,
      recordsFailed: 0,
      executedBy: { name: 'Asha Admin', email: 'admin@demo.local' },
      error: null,
    });
    expect(typeof latest.duration).toBe('number');
    expect(latest.endTime).not.toBeNull();
    const listed = (await call('GET', '/api/cron-jobs/list')).json().data;
    expect(listed.find((j: { name: string }) => j.name === 'admin_notifications')).toMatchObject({
      status: 'success',
      lastExecution: latest.startTime,
    });
    // Every job runs on an empty book.
    for (const name of ['due_date_events', 'auction_readiness', 'gold_return_reminders']) {
      expect(await runNow(name)).toMatchObject({ status: 'success', recordsSuccessful: 0 });
    }
  });

  it("answers 409 while the job is running, even in another process, and 404 for a job that doesn't exist", async () => {
    // A run another process has under way holds the job's running row.
    const other = await t.db
      .insertInto('scheduler_job_runs' as any)
      .values({
        job_name: 'interest_rate_upgrades',
        execution_type: 'scheduled',
        status: 'running',
        business_date: '2026-11-21',
        started_at: api.clock.now(),
        executed_by: 'Scheduler',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await call('POST', '/api/cron-jobs/execute/interest_rate_upgrades');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "Job 'interest_rate_upgrades' is already running. Wait for it to finish, then run it again.",
    );
    const running = (await call('GET', '/api/cron-jobs/list')).json().data;
    expect(running.find((j: { name: string }) => j.name === 'interest_rate_upgrades').status).toBe('running');

    await t.db
      .updateTable('scheduler_job_runs' as any)
      .set({ status: 'success', finished_at: api.clock.now() })
      .where('id', '=', (other as { id: string }).id)
      .execute();
    expect((await runNow('interest_rate_upgrades')).status).toBe('success');

    const missing = await call('POST', '/api/cron-jobs/execute/no_such_job');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Job 'no_such_job' not found");
    expect((await call('GET', '/api/cron-jobs/history?jobName=no_such_job')).statusCode).toBe(404);
  });
});

describe('the execution history', () => {
  it('returns the latest runs, 10 by default and 5 per job as the console asks', async () => {
    for (let i = 0; i < 5; i++) await runNow('due_date_events');
    for (let i = 0; i < 5; i++) await runNow('payment_reminders');

    const all = (await call('GET', '/api/cron-jobs/history?limit=10')).json().data as Execution[];
    expect(all).toHaveLength(10);
    expect(all[0]!.jobName).toBe('payment_reminders');
    expect((await call('GET', '/api/cron-jobs/history')).json().data).toHaveLength(10);

    const perJob = (await call('GET', '/api/cron-jobs/history?jobName=due_date_events&limit=5')).json()
      .data as Execution[];
    expect(perJob).toHaveLength(5);
    expect(perJob.every((r) => r.jobName === 'due_date_events' && r.status === 'success')).toBe(true);

    const bad = await call('GET', '/api/cron-jobs/history?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Limit must be at least 1');
  });
});
