import { executeLoanCommand } from '../lending/loan-commands.js';
import { loanBook } from '../loan-queries/loan-book.queries.js';
import type { JobDefinition } from '../platform/scheduler/scheduler.js';
import { appended, forEachSubject, lendingFor, metadataFor } from './job-support.js';

/**
 * Installments falling due, and overdue after the grace day. The read model only
 * names the candidates (active loans with an unpaid installment due by the day); each
 * loan's own stream decides what to record, and records each installment once.
 */
export const dueDateEventsJob: JobDefinition = {
  name: 'due_date_events',
  displayName: 'Due dates and overdue marks',
  description:
    'Records installments that fall due and, after the grace day, those overdue (InstallmentFellDue, InstallmentOverdue).',
  schedule: '15 0 * * *',
  async run(ctx) {
    const candidates = await loanBook(ctx.db)
      .selectFrom('loan_installments')
      .select('loan_uuid')
      .distinct()
      .where('status', '=', 'unpaid')
      .where('loan_active', '=', true)
      .where('due_date', '<=', ctx.businessDate)
      .orderBy('loan_uuid')
      .execute();
    return forEachSubject(
      ctx,
      candidates.map((c) => c.loan_uuid),
      async (loanUuid) =>
        appended(
          await executeLoanCommand(
            lendingFor(ctx),
            loanUuid,
            { type: 'RecordDueDates', today: ctx.businessDate },
            metadataFor(ctx, loanUuid),
          ),
        ),
    );
  },
};
