import type { LoanEvent } from '@goldledger/contracts';
import { DomainError, fold } from '../../platform/decider.js';
import type { LoanHandler } from '../loan.decider.js';
import { requireActive, requireLoan, validateGoldItems } from '../loan.rules.js';
import { evolveLoan, type LoanState } from '../loan.state.js';
import { daysInBreach, measureLtv, type DayPrices, type LtvFigures } from '../ltv.js';

/**
 * LTV kept through the loan's life: the day's valuation raises a margin call on a loan
 * over its cap, escalates one left uncured for the policy's days, and cures one when the
 * price recovers; a part payment or added gold cures it too, in the same decision.
 */

/** What every margin-call event states: the figures of the day. */
const figuresOf = (f: LtvFigures) => ({
  asOf: f.asOf,
  owedPaise: f.owed.owedPaise,
  goldValuePaise: f.goldValuePaise,
  ltvBps: f.ltvBps,
  capBps: f.capBps,
});

const cured = (f: LtvFigures, by: 'payment' | 'gold_added' | 'revaluation'): LoanEvent => ({
  type: 'MarginCallCured',
  data: { ...figuresOf(f), by },
});

function requireTodaysPrices(prices: DayPrices, today: string): void {
  if (prices.asOf !== today) {
    throw new DomainError(
      `The LTV is measured at the valuation prices of ${today}, not of ${prices.asOf}`,
      'ltv_prices_stale',
      409,
    );
  }
}

/**
 * The daily valuation of an open loan (the scheduler's command). Over the cap with no
 * call: MarginCallRaised. Within it with a call open: MarginCallCured by revaluation. A
 * call open `marginCall.escalateAfterDays` days or more: MarginCallEscalated, once.
 * Otherwise nothing, so a second run of the day changes nothing. A loan that is not open
 * is not valued.
 */
export const assessLtv: LoanHandler<'AssessLtv'> = (c, s) => {
  requireLoan(s);
  if (s.status !== 'active') return [];
  requireTodaysPrices(c.prices, c.today);
  const f = measureLtv(s, c.prices);
  const call = s.marginCall;
  if (f.within) return call ? [cured(f, 'revaluation')] : [];
  if (!call) {
    return [
      {
        type: 'MarginCallRaised',
        data: {
          ...figuresOf(f),
          shortfallPaise: f.shortfallPaise,
          goldToAddMg: f.goldToAddMg,
          pricePerGramPaise: f.referencePricePaise,
        },
      },
    ];
  }
  const days = daysInBreach(call.raisedOn, c.today);
  if (call.escalatedOn === null && days >= s.policy.marginCall.escalateAfterDays) {
    return [{ type: 'MarginCallEscalated', data: { ...figuresOf(f), daysInBreach: days } }];
  }
  return [];
};

/**
 * After a payment is taken (recorded in cash, or an online one approved): a loan with a
 * margin call open is measured again at the day's prices with the payment counted, and
 * the call is cured when it is back within its cap. No prices (none entered for the
 * previous working day): the call stays, and the next day's valuation cures it.
 */
export function cureByPayment(
  s: LoanState,
  events: readonly LoanEvent[],
  prices: DayPrices | null | undefined,
): LoanEvent[] {
  if (!prices || !s.marginCall) return [];
  const f = measureLtv(fold(evolveLoan, s, events), prices);
  return f.within ? [cured(f, 'payment')] : [];
}

/**
 * Appraised items added to an open loan's pledge (at the day's valuation price, evidence
 * per item as at sanction). With a margin call open, the call is cured when the gold
 * added brings the loan within its cap.
 */
export const addGoldItems: LoanHandler<'AddGoldItems'> = (c, s) => {
  requireActive(s);
  validateGoldItems(c.items, 'Please add at least one gold item with a description and weights');
  requireTodaysPrices(c.prices, c.today);
  const first = s.goldItems.length;
  const evidence = c.appraisal.items;
  if (
    c.appraisal.valuedOn !== c.today ||
    evidence.length !== c.items.length ||
    evidence.some((v, k) => v.index !== first + k || v.netWeightMg !== c.items[k]!.netWeightMg)
  ) {
    throw new DomainError(
      'The appraisal does not match the items added: appraise them again at today’s price',
      'appraisal_mismatch',
      409,
    );
  }
  const added: LoanEvent = {
    type: 'GoldItemsAdded',
    data: {
      goldItems: [...s.goldItems, ...c.items],
      addedCount: c.items.length,
      appraisal: c.appraisal,
      addedBy: c.addedBy,
    },
  };
  if (!s.marginCall) return [added];
  const f = measureLtv(evolveLoan(s, added), c.prices);
  return f.within ? [added, cured(f, 'gold_added')] : [added];
};
