import { CronExecuteResponse, CronHistoryResponse, CronJobListResponse } from '@goldledger/contracts';
import type { z } from 'zod';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export type CronJob = z.infer<typeof CronJobListResponse>['data'][number];
export type CronRun = z.infer<typeof CronHistoryResponse>['data'][number];

/** 001 §9: the history shows the last 10 runs overall, the last 5 of one job. */
export const HISTORY_LIMIT = { overall: 10, perJob: 5 } as const;

/** While a run is going, the screen asks again this often until it ends. */
export const RUNNING_REFRESH_MS = 1_000;

const LIST_PATH = '/api/cron-jobs/list';

const historyPath = (jobName: string | null) =>
  jobName
    ? `/api/cron-jobs/history?jobName=${encodeURIComponent(jobName)}&limit=${HISTORY_LIMIT.perJob}`
    : `/api/cron-jobs/history?limit=${HISTORY_LIMIT.overall}`;

/** `GET /api/cron-jobs/list`: every job with its schedule and last run. */
export function getCronJobs(options?: RequestOptions) {
  return api.get(LIST_PATH, CronJobListResponse, options);
}

/** `GET /api/cron-jobs/history`: the newest runs, of one job or of all. */
export function getCronHistory(jobName: string | null, options?: RequestOptions) {
  return api.get(historyPath(jobName), CronHistoryResponse, options);
}

/** `POST /api/cron-jobs/execute/{name}`: starts a run and answers at once (409 while one is going). */
export function executeCronJob(name: string) {
  return api.post(`/api/cron-jobs/execute/${encodeURIComponent(name)}`, undefined, CronExecuteResponse);
}

/**
 * While a run is going the screen asks every second. The interval handed to SWR is a
 * number that changes only when running starts or stops (state set from the data): a
 * function, or a value new on every render, would restart SWR's timer at each render
 * (the running card re-renders every second) and it would never fire.
 */
const pollingMs = (running: boolean) => (running ? RUNNING_REFRESH_MS : 0);

const hasRunningRun = (runs: readonly CronRun[] | undefined) =>
  runs?.some((r) => r.status === 'running') ?? false;

/** Keyed by the token: another admin signing in on this browser never sees a cached answer. */
export function useCronJobs(refreshWhileStarting: boolean) {
  const { token } = useAuth();
  const [running, setRunning] = useState(false);
  const refreshInterval = pollingMs(refreshWhileStarting || running);
  const swr = useSWR(
    token ? [LIST_PATH, token] : null,
    ([, t]: [string, string]) => getCronJobs({ token: t }),
    { refreshInterval },
  );
  const listRunning = swr.data?.data.some((job) => job.status === 'running') ?? false;
  useEffect(() => setRunning(listRunning), [listRunning]);
  return swr;
}

/** One job's runs (`jobName`), or everyone's (null); asked again every second while a run is going. */
export function useCronHistory(jobName: string | null, enabled = true) {
  const { token } = useAuth();
  const [running, setRunning] = useState(false);
  const refreshInterval = pollingMs(running);
  const swr = useSWR(
    enabled && token ? [historyPath(jobName), jobName, token] : null,
    ([, name, t]: [string, string | null, string]) => getCronHistory(name, { token: t }),
    { refreshInterval },
  );
  const runsRunning = hasRunningRun(swr.data?.data);
  useEffect(() => setRunning(runsRunning), [runsRunning]);
  return swr;
}
