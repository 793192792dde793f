import { sql } from 'kysely';
import { sendAuctionNotices } from '../auctions/auction-notices.js';
import { executeLoanCommand } from '../lending/loan-commands.js';
import { loanBook } from '../loan-queries/loan-book.queries.js';
import type { JobDefinition } from '../platform/scheduler/scheduler.js';
import { forEachSubject, lendingFor, metadataFor, type JobDeps } from './job-support.js';

/**
 * Open loans past their final auction date go on the auction list, and the customer is
 * told. Candidates: active loans a month past maturity; the loan's stream decides the exact date from its original rate.
 */
export function auctionReadinessJob(deps: JobDeps): JobDefinition {
  return {
    name: 'auction_readiness',
    displayName: 'Auction readiness',
    description:
      'Marks open loans past their final auction date ready for auction and sends the customer a notice.',
    schedule: '45 0 * * *',
    async run(ctx) {
      const candidates = await loanBook(ctx.db)
        .selectFrom('loans')
        .select('loan_uuid')
        .where('status', '=', 'active')
        .where(sql<string>`(maturity_date + interval '1 month')::date`, '<=', ctx.businessDate)
        .orderBy('loan_uuid')
        .execute();
      const notices = { store: ctx.store, messages: deps.messages, smsTemplates: deps.smsTemplates };
      return forEachSubject(
        ctx,
        candidates.map((c) => c.loan_uuid),
        async (loanUuid) => {
          const result = await executeLoanCommand(
            lendingFor(ctx),
            loanUuid,
            { type: 'MarkReadyForAuction', today: ctx.businessDate, by: 'scheduler', notes: null },
            metadataFor(ctx, loanUuid),
          );
          // A twin run that recorded it first hands back the same event ids: the notice's
          // message keys (by event id) keep it to one.
          await sendAuctionNotices(notices, loanUuid, result.eventIds, `job-run:${ctx.runId}`);
          return result.eventIds.length > 0 && !result.duplicate;
        },
      );
    },
  };
}
