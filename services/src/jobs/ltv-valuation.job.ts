import { executeLoanCommand, loadLoan } from '../lending/loan-commands.js';
import { measureLtv } from '../lending/ltv.js';
import { pricesByPolicy } from '../lending/ltv-prices.js';
import { loanBook } from '../loan-queries/loan-book.queries.js';
import { sendMarginCallNotice } from '../margin-calls/margin-call-notice.js';
import type { JobDefinition } from '../platform/scheduler/scheduler.js';
import { policyOn } from '../policy/policy-versions.js';
import { forEachSubject, lendingFor, metadataFor, type JobDeps } from './job-support.js';

/**
 * LTV kept through the loan's life: every open loan valued at the day's valuation price
 * (the lower of the 30-day average and the previous working day's close). A loan over its
 * cap gets a margin call and its customer an SMS and an email; a call left uncured for
 * the policy's days is escalated (the admins' bell); a loan back within its cap is cured.
 *
 * With no price for the previous working day the run fails with the register's message
 * ("Gold prices for … have not been entered") before touching any loan: no call is made
 * or cured on stale prices. Runs in the morning, after the day's prices are entered.
 */
export function ltvValuationJob(deps: JobDeps): JobDefinition {
  return {
    name: 'ltv_valuation',
    displayName: 'LTV valuation and margin calls',
    description:
      "Values every open loan at the day's gold valuation price: margin calls for loans over their LTV cap (SMS and email), escalation after the policy's days, cures when back within.",
    schedule: '0 10 * * *',
    async run(ctx) {
      const today = ctx.businessDate;
      const priced = pricesByPolicy(ctx.store, today);
      const { version, policy } = await policyOn(ctx.store, today);
      // Fails the run (with the register's message) when the previous working day has no price.
      await priced({ policyVersion: version, policy, goldItems: [] });
      const open = await loanBook(ctx.db)
        .selectFrom('loans')
        .select('loan_uuid')
        .where('status', '=', 'active')
        .orderBy('loan_uuid')
        .execute();
      return forEachSubject(
        ctx,
        open.map((l) => l.loan_uuid),
        async (loanUuid) => {
          const { state: before } = await loadLoan(ctx.store, loanUuid);
          if (before.status !== 'active') return false;
          const prices = await priced(before);
          const result = await executeLoanCommand(
            lendingFor(ctx),
            loanUuid,
            { type: 'AssessLtv', today, prices },
            metadataFor(ctx, loanUuid),
          );
          const call = result.state.marginCall;
          // Raised today (by this run or a run that stopped before its message): tell the customer, once.
          if (call?.raisedOn === today && call.escalatedOn === null) {
            await sendMarginCallNotice(
              { store: ctx.store, ...deps },
              loanUuid,
              result.state,
              measureLtv(result.state, prices),
              call.raisedOn,
              `job-run:${ctx.runId}`,
            );
          }
          return result.eventIds.length > 0 && !result.duplicate;
        },
      );
    },
  };
}
