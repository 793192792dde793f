import { addDays } from '@goldledger/contracts';
import { loadLoan } from '../lending/loan-commands.js';
import type { LoanState } from '../lending/loan.state.js';
import { loanBook } from '../loan-queries/loan-book.queries.js';
import type { JobDefinition } from '../platform/scheduler/scheduler.js';
import {
  isOverdueOn,
  remindersSentFor,
  sendPaymentReminder,
  unpaidInstallments,
  type DueInstallment,
  type ReminderChannel,
  type ReminderKind,
} from '../reminders/payment-reminders.js';
import { forEachSubject, lendingFor, metadataFor, type JobDeps } from './job-support.js';

/** How often the job reminds (the lending rules leave it to us; see docs/decisions.md). */
export const REMINDER_CADENCE = {
  /** An installment due within this many days gets one "upcoming" reminder per channel. */
  upcomingWithinDays: 3,
  /** An overdue installment is reminded of again after this many days. */
  overdueEveryDays: 7,
} as const;

const CHANNELS: readonly ReminderChannel[] = ['sms', 'email'];

/** Whether this reminder is due today by the cadence, from the reminders on the loan's stream. */
function reminderDue(
  s: LoanState,
  i: DueInstallment,
  kind: ReminderKind,
  channel: ReminderChannel,
  today: string,
): boolean {
  const sent = remindersSentFor(s, i.number, kind, channel);
  // Upgrades renumber the schedule: only reminders sent for this due date count.
  if (kind === 'upcoming') {
    const windowOpens = addDays(i.dueDate, -REMINDER_CADENCE.upcomingWithinDays);
    return !sent.some((day) => day >= windowOpens);
  }
  const lastWeek = addDays(today, 1 - REMINDER_CADENCE.overdueEveryDays);
  return !sent.some((day) => day > i.dueDate && day >= lastWeek);
}

/**
 * Payment reminders by SMS and email: per loan, the oldest overdue installment (again
 * every week while it stays unpaid) and the next installment due within three days
 * (once). Each is recorded on the loan first and sent only if the loan recorded it, so a
 * reminder never goes twice for an installment, channel and day.
 */
export function paymentRemindersJob(deps: JobDeps): JobDefinition {
  return {
    name: 'payment_reminders',
    displayName: 'Payment reminders',
    description:
      'Sends SMS and email reminders for installments due within 3 days, and weekly for overdue ones.',
    schedule: '0 9 * * *',
    async run(ctx) {
      const today = ctx.businessDate;
      const horizon = addDays(today, REMINDER_CADENCE.upcomingWithinDays);
      const candidates = await loanBook(ctx.db)
        .selectFrom('loan_installments')
        .select('loan_uuid')
        .distinct()
        .where('status', '=', 'unpaid')
        .where('loan_active', '=', true)
        .where('due_date', '<=', horizon)
        .orderBy('loan_uuid')
        .execute();
      const reminderDeps = { ...lendingFor(ctx), ...deps };
      return forEachSubject(
        ctx,
        candidates.map((c) => c.loan_uuid),
        async (loanUuid) => {
          const { state } = await loadLoan(ctx.store, loanUuid);
          if (state.status !== 'active') return false;
          const unpaid = unpaidInstallments(state, today);
          const overdue = unpaid.find((i) => isOverdueOn(i.dueDate, today, state.policy));
          const upcoming = unpaid.find(
            (i) => !isOverdueOn(i.dueDate, today, state.policy) && i.dueDate <= horizon,
          );
          const plan: Array<[DueInstallment, ReminderKind]> = [];
          if (overdue) plan.push([overdue, 'overdue']);
          if (upcoming) plan.push([upcoming, 'upcoming']);
          let sent = 0;
          for (const [installment, kind] of plan) {
            for (const channel of CHANNELS) {
              if (!reminderDue(state, installment, kind, channel, today)) continue;
              const subject = `${loanUuid}:${installment.number}:${kind}`;
              const outcome = await sendPaymentReminder(reminderDeps, {
                loanUuid,
                state,
                installment,
                kind,
                channel,
                today,
                metadata: metadataFor(ctx, `${subject}:${channel}`),
                messageKey: ctx.idempotencyKey(subject),
              });
              if (outcome === 'sent') sent += 1;
            }
          }
          return sent > 0;
        },
      );
    },
  };
}
