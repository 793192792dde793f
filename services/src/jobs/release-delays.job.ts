import { processReleaseDelays } from '../gold-returns/release-delays.js';
import type { JobDefinition } from '../platform/scheduler/scheduler.js';
import { lendingFor, metadataFor, type JobDeps } from './job-support.js';

/**
 * Release on time (issue 18): compensation for each working day the lender kept a repaid
 * loan's gold past the promise, unclaimed gold after the policy's months, and its notices.
 * Runs after midnight for the days before it; a late run back-fills every day it missed
 * (the loan's stream knows the last day accrued), and a re-run adds nothing.
 */
export function releaseDelaysJob(deps: JobDeps): JobDefinition {
  return {
    name: 'release_delays',
    displayName: 'Gold release delays',
    description:
      'Accrues compensation for each working day a repaid loan’s gold is kept past the 7 working days (ReleaseCompensationAccrued), marks gold uncollected 24 months after closure unclaimed and sends its notices.',
    schedule: '30 0 * * *',
    async run(ctx) {
      const result = await processReleaseDelays(
        {
          ...lendingFor(ctx),
          db: ctx.db,
          messages: deps.messages,
          smsTemplates: deps.smsTemplates,
          log: ctx.log,
        },
        ctx.businessDate,
        (loanUuid) => metadataFor(ctx, loanUuid),
      );
      return { ok: result.recorded + result.notices, failed: result.failed, processed: result.checked };
    },
  };
}
