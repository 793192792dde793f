import { Cron } from 'croner';
import {
  CronExecuteResponse,
  CronHistoryQuery,
  CronHistoryResponse,
  CronJobListResponse,
  CronJobParams,
  ErrorResponse,
  BUSINESS_TIME_ZONE,
} from '@goldledger/contracts';
import { ADMIN_READERS, sessionOf } from '../identity/access.plugin.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import type { Scheduler } from '../platform/scheduler/scheduler.js';
import { JobAlreadyRunningError, UnknownJobError, type JobRun } from '../platform/scheduler/scheduler.js';
import type { SliceDeps } from '../slice-deps.js';
import { schedulerFor } from './registry.js';

export type CronRouteDeps = Pick<SliceDeps, 'platform' | 'clock' | 'messages'>;

const ADMIN = ['admin'] as const;

const unknownJob = (name: string) => new DomainError(`Job '${name}' not found`, 'job_not_found', 404);

function executionView(run: JobRun) {
  return {
    _id: run.id,
    jobName: run.jobName,
    executionType: run.executionType,
    status: run.status,
    businessDate: run.businessDate,
    startTime: run.startedAt.toISOString(),
    endTime: run.finishedAt ? new Date(run.finishedAt).toISOString() : null,
    duration: run.durationMs,
    recordsProcessed: run.recordsProcessed,
    recordsSuccessful: run.recordsOk,
    recordsFailed: run.recordsFailed,
    executedBy: { name: run.executedBy, email: run.executedByEmail },
    error: run.error,
    summary: run.summary,
  };
}

/**
 * The cron console, admins only. Run Now records the run
 * and answers at once; the run goes on in this process and its history row says how it
 * ended. The scheduler's running-row index makes a second Run Now, here or in any other
 * process, a 409 while the first is still going.
 */
export function registerCronRoutes(app: App, deps: CronRouteDeps): void {
  const { platform, clock } = deps;
  const scheduler = schedulerFor(platform, { clock, messages: deps.messages });
  const known = new Set(scheduler.jobs.map((j) => j.name));
  // Runs started here finish before the server closes its database.
  const inFlight = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inFlight]);
  });

  app.get(
    '/api/cron-jobs/list',
    { config: { access: ADMIN_READERS }, schema: { response: { 200: CronJobListResponse } } },
    async () => {
      const now = clock.now();
      const data = await Promise.all(
        scheduler.jobs.map(async (job) => {
          const [last] = await scheduler.history({ jobName: job.name, limit: 1 });
          const next = new Cron(job.schedule, { timezone: BUSINESS_TIME_ZONE, paused: true }).nextRun(now);
          return {
            name: job.name,
            displayName: job.displayName ?? job.name,
            description: job.description,
            schedule: job.schedule,
            timezone: BUSINESS_TIME_ZONE,
            status: last?.status ?? ('never_run' as const),
            lastExecution: last ? last.startedAt.toISOString() : null,
            nextExecution: next ? next.toISOString() : null,
          };
        }),
      );
      return { success: true, data, message: `${data.length} scheduled jobs` };
    },
  );

  app.get(
    '/api/cron-jobs/history',
    {
      config: { access: ADMIN_READERS },
      schema: { querystring: CronHistoryQuery, response: { 200: CronHistoryResponse, 404: ErrorResponse } },
    },
    async (request) => {
      const { jobName, limit } = request.query;
      if (jobName && !known.has(jobName)) throw unknownJob(jobName);
      const runs = await scheduler.history({ ...(jobName ? { jobName } : {}), limit });
      return {
        success: true,
        data: runs.map(executionView),
        message: runs.length === 0 ? 'No execution history found' : `${runs.length} runs`,
      };
    },
  );

  app.post(
    '/api/cron-jobs/execute/:name',
    {
      config: { access: ADMIN },
      schema: {
        params: CronJobParams,
        response: { 200: CronExecuteResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const { name } = request.params;
      const session = sessionOf(request);
      let started: Awaited<ReturnType<Scheduler['start']>>;
      try {
        started = await scheduler.start(name, {
          executionType: 'manual',
          executedBy: { id: session.userId, role: session.role, name: session.name },
          executedByEmail: session.email,
          clientIp: request.ip,
        });
      } catch (error) {
        if (error instanceof UnknownJobError) throw unknownJob(name);
        if (error instanceof JobAlreadyRunningError) {
          throw new DomainError(
            `Job '${name}' is already running. Wait for it to finish, then run it again.`,
            'job_running',
            409,
          );
        }
        throw error;
      }
      const finished = started.finished.catch((error: unknown) =>
        request.log.error({ err: error, job: name }, 'job run could not be recorded'),
      );
      inFlight.add(finished);
      void finished.finally(() => inFlight.delete(finished));
      return {
        success: true,
        message: `Job '${name}' started successfully!`,
        data: { runId: started.run.id, jobName: name, businessDate: started.run.businessDate },
      };
    },
  );
}
