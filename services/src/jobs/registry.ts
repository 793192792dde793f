import type { MessageSender } from '../messaging/message-port.js';
import type { Clock } from '../platform/clock.js';
import type { Platform } from '../platform/platform.js';
import { Scheduler, type JobDefinition } from '../platform/scheduler/scheduler.js';
import { adminNotificationsJob } from './admin-notifications.job.js';
import { auctionReadinessJob } from './auction-readiness.job.js';
import { delinquencyJob } from './delinquency.job.js';
import { dueDateEventsJob } from './due-date-events.job.js';
import { goldReturnRemindersJob } from './gold-return-reminders.job.js';
import { interestRateUpgradesJob } from './interest-rate-upgrades.job.js';
import type { JobDeps } from './job-support.js';
import { ltvValuationJob } from './ltv-valuation.job.js';
import { paymentRemindersJob } from './payment-reminders.job.js';
import { portfolioReportJob } from './portfolio-report.job.js';
import { releaseDelaysJob } from './release-delays.job.js';

export type { JobDeps } from './job-support.js';

/**
 * The scheduled jobs, in the order of a day (Asia/Kolkata): due dates, delinquency classes, upgrades,
 * auction readiness and gold release delays after midnight, then the admins' summary and the customers'
 * reminders in the morning, and the LTV valuation once the day's gold prices are in. Each issues ordinary commands with
 * `ctx.idempotencyKey(subject)`, so re-running a day never acts twice. Just after midnight, before
 * the new day's jobs, the portfolio of the day that ended is recorded.
 */
export function createJobs(deps: JobDeps): readonly JobDefinition[] {
  return [
    dueDateEventsJob,
    delinquencyJob,
    interestRateUpgradesJob,
    auctionReadinessJob(deps),
    releaseDelaysJob(deps),
    adminNotificationsJob(deps),
    paymentRemindersJob(deps),
    goldReturnRemindersJob(deps),
    ltvValuationJob(deps),
    portfolioReportJob,
  ];
}

/** The scheduler of this process's platform, running every job; its messages go to `messages`. */
export function schedulerFor(
  platform: Platform,
  options: { clock: Clock; messages: MessageSender; cronOverride?: string | undefined },
): Scheduler {
  return new Scheduler({
    db: platform.db,
    store: platform.store,
    jobs: createJobs({ messages: options.messages, smsTemplates: platform.config.FAST2SMS_TEMPLATES }),
    clock: options.clock,
    log: platform.log.child({ component: 'scheduler' }),
    connectionString: platform.connectionString,
    lockRetryMs: platform.config.LOCK_RETRY_MS,
    cronOverride: options.cronOverride,
  });
}
