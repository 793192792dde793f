import { BUSINESS_TIME_ZONE, businessDate } from '@goldledger/contracts';
import { Cron } from 'croner';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Actor } from '@goldledger/contracts';
import { type Clock } from '../clock.js';
import type { EventStore } from '../event-store/event-store.js';
import { whenAborted } from '../abort.js';
import { LeaderLock } from '../leader-lock.js';
import type { Logger } from '../logger.js';
import type { SchedulerJobRunsTable } from './scheduler-tables.js';
import type { Database } from '../platform.js';

export type ExecutionType = 'scheduled' | 'manual' | 'backfill';

export interface JobContext {
  /** The run's id in the history: the correlation id of what it does. */
  runId: string;
  /** The business day the run acts for (Asia/Kolkata), `YYYY-MM-DD`. */
  businessDate: string;
  /** The instant the run acts as of: now, or noon of an `--as-of` day. */
  asOf: Date;
  store: EventStore;
  db: Kysely<Database>;
  log: Logger;
  /** Who the resulting events name as their actor. */
  actor: Actor;
  /** The address a manual run was asked from (the audit log's IP); none for scheduled runs. */
  clientIp?: string;
  /**
   * The deterministic idempotency key for one act of this run: job + subject +
   * business day. Re-running the day, or a second scheduler, appends nothing new.
   */
  idempotencyKey(subject: string): string;
}

export interface JobResult {
  /** Subjects acted on (an event appended, a message sent). */
  ok: number;
  /** Subjects that failed; the run goes on with the rest. */
  failed: number;
  /** Subjects looked at, acted on or not; default ok + failed. */
  processed?: number;
  /** Figures of the job's own for the run's record (say, loans per class), whole numbers by name. */
  summary?: Record<string, number>;
}

export interface JobDefinition {
  name: string;
  /** What the cron console shows; default the name. */
  displayName?: string;
  description: string;
  /** Cron pattern, read in Asia/Kolkata. */
  schedule: string;
  run(ctx: JobContext): Promise<JobResult>;
}

export class JobAlreadyRunningError extends Error {
  constructor(readonly jobName: string) {
    super(`Job "${jobName}" is already running`);
    this.name = 'JobAlreadyRunningError';
  }
}

export class UnknownJobError extends Error {
  constructor(
    readonly jobName: string,
    known: string[],
  ) {
    super(`Unknown job "${jobName}". Known jobs: ${known.join(', ') || 'none'}`);
    this.name = 'UnknownJobError';
  }
}

export interface JobRun {
  id: string;
  jobName: string;
  executionType: ExecutionType;
  status: 'running' | 'success' | 'failed';
  businessDate: string;
  startedAt: Date;
  finishedAt: Date | null;
  durationMs: number | null;
  recordsOk: number;
  recordsFailed: number;
  recordsProcessed: number;
  executedBy: string;
  executedByEmail: string | null;
  error: string | null;
  /** What the job reported beside its counts; null when nothing. */
  summary: Record<string, number> | null;
}

export interface SchedulerOptions {
  db: Kysely<Database>;
  store: EventStore;
  jobs: readonly JobDefinition[];
  clock: Clock;
  log: Logger;
  connectionString: string;
  lockRetryMs: number;
  /** Every job on this cron pattern instead of its own (fault tests: SCHEDULER_CRON_OVERRIDE). */
  cronOverride?: string | undefined;
}

export interface ExecuteOptions {
  executionType: ExecutionType;
  executedBy: Actor;
  /** Shown beside the name in the history (a signed-in admin's address). */
  executedByEmail?: string | null;
  /** Business day to act for; default today in Asia/Kolkata. */
  asOf?: string;
  /** Where a manual run was asked from, for the events' metadata. */
  clientIp?: string;
}

const SCHEDULER_ACTOR: Actor = { id: 'scheduler', role: 'system', name: 'Scheduler' };

const INTERRUPTED = 'interrupted: the process running it stopped';

/** The lock a process holds for as long as it runs a job: a running row without it is an orphan. */
const jobLockName = (name: string) => `job:${name}`;

/**
 * Runs jobs on their cron schedules in the one process holding the scheduler lock,
 * and on demand (Run Now, `npm run job`) anywhere. Every run is recorded; a unique
 * index allows one running row per job, so two processes never run a job at once.
 * The process running a job also holds the job's advisory lock: when it dies, the
 * lock goes with it, and the active scheduler marks the run interrupted and runs the
 * job again (its idempotency keys make the repeat act only where the first did not).
 */
export class Scheduler {
  private readonly byName: Map<string, JobDefinition>;

  constructor(private readonly options: SchedulerOptions) {
    this.byName = new Map(options.jobs.map((j) => [j.name, j]));
  }

  get jobs(): readonly JobDefinition[] {
    return this.options.jobs;
  }

  /** Holds the scheduler lock and fires jobs on schedule until the signal aborts. */
  async run(signal: AbortSignal): Promise<void> {
    const { log, connectionString, lockRetryMs } = this.options;
    while (!signal.aborted) {
      const lock = new LeaderLock(connectionString, 'scheduler');
      if (!(await lock.acquire(signal, lockRetryMs))) return;
      log.info(
        { jobs: this.options.jobs.map((j) => j.name) },
        'scheduler lock acquired; this instance is active',
      );
      // Runs a dead process left behind (a scheduler killed mid-run, say) are re-run now.
      for (const run of await this.recoverInterruptedRuns().catch(() => [])) {
        log.warn(
          { job: run.jobName, run: run.id, businessDate: run.businessDate },
          'interrupted run: running it again',
        );
        void this.runScheduled(run.jobName, run.businessDate);
      }
      const crons = this.options.jobs.map(
        (job) =>
          new Cron(
            this.options.cronOverride ?? job.schedule,
            { name: job.name, timezone: BUSINESS_TIME_ZONE, protect: true },
            () => this.runScheduled(job.name),
          ),
      );
      const lost = new AbortController();
      lock.onLost(() => {
        log.warn('scheduler lock lost; standing by');
        lost.abort();
      });
      await whenAborted(AbortSignal.any([signal, lost.signal]));
      for (const c of crons) c.stop();
      await lock.release();
    }
  }

  /** A run on the scheduler's behalf (cron, or the re-run of an interrupted one); never throws. */
  private async runScheduled(name: string, businessDay?: string): Promise<void> {
    const { log, clock } = this.options;
    const today = businessDate(clock.now());
    try {
      // A run left "running" by a process that died would refuse this one.
      await this.recoverInterruptedRuns(name);
      await this.execute(name, {
        executionType: businessDay && businessDay !== today ? 'backfill' : 'scheduled',
        executedBy: SCHEDULER_ACTOR,
        ...(businessDay && businessDay !== today ? { asOf: businessDay } : {}),
      });
    } catch (error) {
      log.warn({ job: name, err: error }, 'scheduled run did not complete');
    }
  }

  async execute(name: string, options: ExecuteOptions): Promise<JobRun> {
    return (await this.start(name, options)).finished;
  }

  /**
   * Records the run as running and starts it: resolves once the run is claimed (or
   * refused with JobAlreadyRunningError), with the run's row and its completion.
   * `finished` never rejects for the job's own failure: that is recorded as `failed`.
   */
  async start(name: string, options: ExecuteOptions): Promise<{ run: JobRun; finished: Promise<JobRun> }> {
    const job = this.byName.get(name);
    if (!job) throw new UnknownJobError(name, [...this.byName.keys()]);
    const { db, clock } = this.options;
    const day = options.asOf ?? businessDate(clock.now());
    // A back-filled day acts as of its noon in Kolkata, clear of any midnight edge.
    const asOf = options.asOf ? new Date(`${options.asOf}T12:00:00+05:30`) : clock.now();
    const startedAt = clock.now();
    // Held for the whole run; another process's run of this job holds it already.
    const lock = new LeaderLock(this.options.connectionString, jobLockName(name));
    if (!(await lock.tryAcquire())) throw new JobAlreadyRunningError(name);
    let started: Selectable<SchedulerJobRunsTable>;
    try {
      started = await db
        .insertInto('scheduler_job_runs')
        .values({
          job_name: name,
          execution_type: options.executionType,
          status: 'running',
          business_date: day,
          started_at: startedAt,
          executed_by: options.executedBy.name,
          executed_by_email: options.executedByEmail ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      await lock.release();
      if ((error as { code?: string }).code === '23505') throw new JobAlreadyRunningError(name);
      throw error;
    }
    const runId = String(started.id);
    const finished = this.finish(job, runId, options, day, asOf, startedAt).finally(() => lock.release());
    return { run: toJobRun(started), finished };
  }

  private async finish(
    job: JobDefinition,
    runId: string,
    options: ExecuteOptions,
    day: string,
    asOf: Date,
    startedAt: Date,
  ): Promise<JobRun> {
    const { db, clock, store, log } = this.options;
    const name = job.name;
    const jobLog = log.child({ job: name, run: runId, businessDate: day });
    let result: JobResult = { ok: 0, failed: 0 };
    let failure: unknown;
    try {
      result = await job.run({
        runId,
        businessDate: day,
        asOf,
        store,
        db,
        log: jobLog,
        actor: options.executionType === 'scheduled' ? SCHEDULER_ACTOR : options.executedBy,
        ...(options.clientIp ? { clientIp: options.clientIp } : {}),
        idempotencyKey: (subject) => `${name}:${subject}:${day}`,
      });
    } catch (error) {
      failure = error;
      jobLog.error({ err: error }, 'job failed');
    }
    const finishedAt = clock.now();
    const finished = await db
      .updateTable('scheduler_job_runs')
      .set({
        status: failure ? 'failed' : 'success',
        finished_at: finishedAt,
        duration_ms: finishedAt.getTime() - startedAt.getTime(),
        records_ok: result.ok,
        records_failed: result.failed,
        records_processed: result.processed ?? result.ok + result.failed,
        error: failure ? (failure instanceof Error ? failure.message : String(failure)).slice(0, 2000) : null,
        summary: result.summary ? JSON.stringify(result.summary) : null,
      })
      .where('id', '=', runId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toJobRun(finished);
  }

  async history(options: { jobName?: string; limit: number }): Promise<JobRun[]> {
    let q = this.options.db.selectFrom('scheduler_job_runs').selectAll();
    if (options.jobName) q = q.where('job_name', '=', options.jobName);
    const rows = await q.orderBy('started_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
    return rows.map(toJobRun);
  }

  /**
   * Rows left "running" by a process that died: nobody holds the job's lock. Marked
   * failed (interrupted) and returned; a run whose process is alive is left alone.
   * The active scheduler calls this when it takes over and before each scheduled run.
   */
  async recoverInterruptedRuns(jobName?: string): Promise<JobRun[]> {
    let q = this.options.db.selectFrom('scheduler_job_runs').selectAll().where('status', '=', 'running');
    if (jobName) q = q.where('job_name', '=', jobName);
    const interrupted: JobRun[] = [];
    for (const row of await q.execute()) {
      const lock = new LeaderLock(this.options.connectionString, jobLockName(row.job_name));
      if (!(await lock.tryAcquire())) continue; // its process is alive and running it
      try {
        const failed = await this.options.db
          .updateTable('scheduler_job_runs')
          .set({ status: 'failed', error: INTERRUPTED, finished_at: sql`now()` })
          .where('id', '=', row.id)
          .where('status', '=', 'running')
          .returningAll()
          .executeTakeFirst();
        if (failed) interrupted.push(toJobRun(failed));
      } finally {
        await lock.release();
      }
    }
    return interrupted;
  }
}

function toJobRun(r: Selectable<SchedulerJobRunsTable>): JobRun {
  return {
    id: String(r.id),
    jobName: r.job_name,
    executionType: r.execution_type,
    status: r.status,
    businessDate: String(r.business_date),
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    durationMs: r.duration_ms,
    recordsOk: r.records_ok,
    recordsFailed: r.records_failed,
    recordsProcessed: r.records_processed,
    executedBy: r.executed_by,
    executedByEmail: r.executed_by_email ?? null,
    error: r.error,
    summary: r.summary ?? null,
  };
}
