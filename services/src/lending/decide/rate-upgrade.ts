import { graceEndOf, nextLadderRateBps, formatBusinessDate } from '@goldledger/contracts';
import { DomainError } from '../../platform/decider.js';
import type { LoanHandler } from '../loan.decider.js';
import { deriveBooks, resplit } from '../loan-books.js';
import { rateUpgrade, requireActive } from '../loan.rules.js';
import { bookPayments, evolveLoan } from '../loan.state.js';

/**
 * One step up the rate ladder. The scheduler acts once the due date (and any holiday grace)
 * has passed and dates the upgrade on the due date itself, so a late run back-fills the same
 * date; an admin upgrades today, and before the due date only with a confirmed reason
 * (kept in the event), so a stray click never raises a customer's rate early. At the final
 * rate the scheduler does nothing and an admin is told.
 */
export const upgradeRate: LoanHandler<'UpgradeRate'> = (c, s) => {
  requireActive(s);
  if (nextLadderRateBps(s.annualRateBps, s.policy) === null) {
    if (c.upgradedBy.type === 'scheduler') return [];
    throw new DomainError(
      `This loan has reached the final upgrade level (${s.annualRateBps / 100}%).`,
      'final_level',
      409,
    );
  }
  let date = c.today;
  let earlyReason: string | undefined;
  if (c.upgradedBy.type === 'scheduler') {
    // The customer has the whole due date (and the grace to the next working day when it is
    // a Sunday or holiday) to pay before the rate rises.
    if (!s.nextUpgradeDate || c.today <= graceEndOf(s.nextUpgradeDate, s.policy)) return [];
    date = s.nextUpgradeDate;
  } else if (s.nextUpgradeDate !== null && c.today < s.nextUpgradeDate) {
    earlyReason = c.earlyReason?.trim();
    if (!earlyReason) {
      throw new DomainError(
        `This loan's next upgrade is due on ${formatBusinessDate(s.nextUpgradeDate)}. To upgrade it now, confirm the early upgrade and give a reason.`,
        'early_upgrade_unconfirmed',
      );
    }
  }
  const event = rateUpgrade(s, date, c.upgradedBy)!;
  const upgraded = earlyReason ? { ...event, data: { ...event.data, earlyReason } } : event;
  // The new rate applies from disbursement: the payments' splits are re-priced with it.
  const after = evolveLoan(s, upgraded);
  return [upgraded, ...resplit(after, deriveBooks(after, bookPayments(after), date))];
};
