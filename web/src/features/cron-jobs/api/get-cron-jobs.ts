import { CronJobListResponse } from '@goldledger/contracts';
import type { z } from 'zod';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { pollingMs } from './polling';

export type CronJob = z.infer<typeof CronJobListResponse>['data'][number];

const LIST_PATH = '/api/cron-jobs/list';

/** `GET /api/cron-jobs/list`: every job with its schedule and last run. */
export function getCronJobs(options?: RequestOptions) {
  return api.get(LIST_PATH, CronJobListResponse, options);
}

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
