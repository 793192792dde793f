import { CronExecuteResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';

/** `POST /api/cron-jobs/execute/{name}`: starts a run and answers at once (409 while one is going). */
export function executeCronJob(name: string) {
  return api.post(`/api/cron-jobs/execute/${encodeURIComponent(name)}`, undefined, CronExecuteResponse);
}
