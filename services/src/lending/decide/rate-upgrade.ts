import { graceEndOf, nextLadderRateBps } from '@goldledger/contracts';
import { DomainError } from '../../platform/decider.js';
import type { LoanHandler } from '../loan.decider.js';
import { deriveBooks, resplit } from '../loan-books.js';
import { rateUpgrade, requireActive } from '../loan.rules.js';
import { bookPayments, evolveLoan } from '../loan.state.js';

/**
 * One step up the rate ladder. The scheduler acts once the due date (and any holiday grace)
 * has passed and dates the upgrade on the due date itself, so a late run back-fills the same
 * date; an admin upgrades today. At the final rate the scheduler does nothing and an admin
 * is told.
 */
export const upgradeRate: LoanHandler<'UpgradeRate'> = (c, s) => {
  requireActive(s);
  if (nextLadderRateBps(s.annualRateBps) === null) {
    if (c.upgradedBy.type === 'scheduler') return [];
    throw new DomainError('This loan has reached the final upgrade level (36%).', 'final_level', 409);
  }
  let date = c.today;
  if (c.upgradedBy.type === 'scheduler') {
    // The customer has the whole due date (and the grace to the next working day when it is
    // a Sunday or holiday) to pay before the rate rises.
    if (!s.nextUpgradeDate || c.today <= graceEndOf(s.nextUpgradeDate)) return [];
    date = s.nextUpgradeDate;
  }
  const upgraded = rateUpgrade(s, date, c.upgradedBy)!;
  // The new rate applies from disbursement: the payments' splits are re-priced with it.
  const after = evolveLoan(s, upgraded);
  return [upgraded, ...resplit(after, deriveBooks(after, bookPayments(after), date))];
};
