import type { EventMetadata } from '@goldledger/contracts';
import type { LendingDeps } from '../lending/loan-commands.js';
import type { MessageSender } from '../messaging/message-port.js';
import type { JobContext, JobResult } from '../platform/scheduler/scheduler.js';
import type { SmsTemplates } from '../reminders/sms-templates.js';

/** What the jobs need besides their run's context. */
export interface JobDeps {
  messages: MessageSender;
  smsTemplates: SmsTemplates;
}

/**
 * The loan commands' dependencies for a run: the clock stands at the run's instant, so
 * the events of a back-filled day carry that day as their business time.
 */
export const lendingFor = (ctx: JobContext): LendingDeps => ({
  store: ctx.store,
  clock: { now: () => ctx.asOf },
});

/** Metadata of one act: the run's actor, and job + subject + day as the idempotency key. */
export const metadataFor = (ctx: JobContext, subject: string): EventMetadata => ({
  actor: ctx.actor,
  idempotencyKey: ctx.idempotencyKey(subject),
  correlationId: `job-run:${ctx.runId}`,
  ...(ctx.clientIp ? { clientIp: ctx.clientIp } : {}),
});

/** A command's result appended events now (not empty, not a twin's repeated key). */
export const appended = (r: { eventIds: readonly string[]; duplicate: boolean }): boolean =>
  r.eventIds.length > 0 && !r.duplicate;

/**
 * Runs `act` for each subject in turn. One subject failing is logged and counted and
 * the run goes on: a loan with a problem must not hold up every other loan's day.
 */
export async function forEachSubject(
  ctx: JobContext,
  subjects: readonly string[],
  act: (subject: string) => Promise<boolean>,
): Promise<JobResult> {
  let ok = 0;
  let failed = 0;
  for (const subject of subjects) {
    try {
      if (await act(subject)) ok += 1;
    } catch (error) {
      failed += 1;
      ctx.log.warn({ subject, err: error }, 'job step failed');
    }
  }
  return { ok, failed, processed: subjects.length };
}
