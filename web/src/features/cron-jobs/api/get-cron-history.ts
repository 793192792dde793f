import { CronHistoryResponse } from '@goldledger/contracts';
import type { z } from 'zod';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { pollingMs } from './polling';

export type CronRun = z.infer<typeof CronHistoryResponse>['data'][number];

/** The history shows the last 10 runs overall, the last 5 of one job. */
export const HISTORY_LIMIT = { overall: 10, perJob: 5 } as const;

const historyPath = (jobName: string | null) =>
  jobName
    ? `/api/cron-jobs/history?jobName=${encodeURIComponent(jobName)}&limit=${HISTORY_LIMIT.perJob}`
    : `/api/cron-jobs/history?limit=${HISTORY_LIMIT.overall}`;

/** `GET /api/cron-jobs/history`: the newest runs, of one job or of all. */
export function getCronHistory(jobName: string | null, options?: RequestOptions) {
  return api.get(historyPath(jobName), CronHistoryResponse, options);
}

const hasRunningRun = (runs: readonly CronRun[] | undefined) =>
  runs?.some((r) => r.status === 'running') ?? false;

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
