import { executeLoanCommand, loadLoan } from '../lending/loan-commands.js';
import { loanBook } from '../loan-queries/loan-book.queries.js';
import type { JobDefinition } from '../platform/scheduler/scheduler.js';
import { readPolicyVersions } from '../policy/policy-versions.js';
import { appended, forEachSubject, lendingFor, metadataFor } from './job-support.js';

const SCHEDULER = { type: 'scheduler', id: null, name: 'Scheduler' } as const;

/**
 * Rate upgrades due by the day. A loan several upgrades behind (the scheduler was
 * down) is brought up to date in one run, each upgrade dated on its own due date.
 * Each level has its own idempotency key, so a twin run never appends one twice.
 */
export const interestRateUpgradesJob: JobDefinition = {
  name: 'interest_rate_upgrades',
  displayName: 'Interest rate upgrades',
  description:
    'Moves open loans past maturity up the rate ladder (12 → 18 → 24 → 30 → 36 %), at maturity and every 3 months after.',
  schedule: '30 0 * * *',
  async run(ctx) {
    // Each loan climbs its own version's ladder: loans below the highest final rate of any
    // version are candidates, and the decider stops each at its own.
    const versions = await readPolicyVersions(ctx.store);
    const highestFinalRateBps = Math.max(...versions.map((v) => v.policy.upgradeLadderBps.at(-1)!));
    const candidates = await loanBook(ctx.db)
      .selectFrom('loans')
      .select('loan_uuid')
      .where('status', '=', 'active')
      .where('current_rate_bps', '<', highestFinalRateBps)
      // The read model leaves next_upgrade_date empty until the first upgrade, which is due at maturity.
      .where((eb) =>
        eb.or([
          eb('next_upgrade_date', '<=', ctx.businessDate),
          eb.and([eb('upgrade_level', '=', 0), eb('maturity_date', '<=', ctx.businessDate)]),
        ]),
      )
      .orderBy('loan_uuid')
      .execute();
    const deps = lendingFor(ctx);
    return forEachSubject(
      ctx,
      candidates.map((c) => c.loan_uuid),
      async (loanUuid) => {
        const { state } = await loadLoan(ctx.store, loanUuid);
        let { level } = state;
        let upgrades = 0;
        // The loan's ladder bounds the loop even if a decider change stopped returning [].
        while (upgrades < state.policy.upgradeLadderBps.length) {
          const result = await executeLoanCommand(
            deps,
            loanUuid,
            { type: 'UpgradeRate', today: ctx.businessDate, upgradedBy: SCHEDULER },
            metadataFor(ctx, `${loanUuid}:level-${level + 1}`),
          );
          if (!appended(result)) break;
          level = result.state.level;
          upgrades += 1;
        }
        return upgrades > 0;
      },
    );
  },
};
