import { processGoldReturnReminders } from '../gold-returns/gold-return-reminders.js';
import type { JobDefinition } from '../platform/scheduler/scheduler.js';
import { lendingFor, type JobDeps } from './job-support.js';

/**
 * Gold-return reminders at 3, 7, 15 and 30 days after closure. The gold-returns slice
 * picks, records and sends them, each once per closure (its own idempotency keys), so a re-run or a twin run sends nothing twice.
 */
export function goldReturnRemindersJob(deps: JobDeps): JobDefinition {
  return {
    name: 'gold_return_reminders',
    displayName: 'Gold return reminders',
    description:
      'Reminds customers of repaid loans to collect their gold, 3, 7, 15 and 30 days after closure.',
    schedule: '0 10 * * *',
    async run(ctx) {
      const result = await processGoldReturnReminders(
        {
          ...lendingFor(ctx),
          db: ctx.db,
          messages: deps.messages,
          smsTemplates: deps.smsTemplates,
          log: ctx.log,
        },
        ctx.businessDate,
        {
          actor: ctx.actor,
          correlationId: `job-run:${ctx.runId}`,
          ...(ctx.clientIp ? { clientIp: ctx.clientIp } : {}),
        },
      );
      return { ok: result.sent, failed: result.failed, processed: result.checked };
    },
  };
}
