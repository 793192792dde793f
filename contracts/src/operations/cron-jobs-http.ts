import { z } from 'zod';
import { PageLimit } from '../paging.js';

/**
 * The cron console: the scheduled jobs, their run history, and running one by hand.
 * Times are ISO instants; durations milliseconds.
 */

export const CronJobStatus = z.enum(['success', 'failed', 'running', 'never_run']);
export const CronExecutionType = z.enum(['scheduled', 'manual', 'backfill']);

export const CronJobItem = z.object({
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  /** Cron pattern, read in `timezone`. */
  schedule: z.string(),
  timezone: z.string(),
  /** The last run's status; `never_run` before the first. */
  status: CronJobStatus,
  /** When the last run started. */
  lastExecution: z.string().nullable(),
  nextExecution: z.string().nullable(),
});

export const CronJobListResponse = z.object({
  success: z.boolean(),
  data: z.array(CronJobItem),
  message: z.string(),
});

export const CronHistoryQuery = z.object({
  jobName: z.string().trim().min(1).max(100).optional(),
  limit: PageLimit(100, 10),
});

export const CronExecution = z.object({
  _id: z.string(),
  jobName: z.string(),
  executionType: CronExecutionType,
  status: z.enum(['running', 'success', 'failed']),
  /** The business day the run acted for (Asia/Kolkata). */
  businessDate: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  duration: z.number().int().nullable(),
  recordsProcessed: z.number().int(),
  recordsSuccessful: z.number().int(),
  recordsFailed: z.number().int(),
  executedBy: z.object({ name: z.string(), email: z.string().nullable() }),
  error: z.string().nullable(),
  /** Figures the job reported beside its counts (the delinquency job: loans per class); null when none. */
  summary: z.record(z.string(), z.number().int()).nullable(),
});

export const CronHistoryResponse = z.object({
  success: z.boolean(),
  data: z.array(CronExecution),
  message: z.string(),
});

export const CronJobParams = z.object({ name: z.string().min(1).max(100) });

export const CronExecuteResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({ runId: z.string(), jobName: z.string(), businessDate: z.string() }),
});
